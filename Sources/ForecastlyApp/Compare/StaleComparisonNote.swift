import ForecastlyBase
import ForecastCore
import ForecastPresentation
import Foundation

/// The one warning a table with stored rows is shown with: why the provider
/// failed, which places are shown as stored, and the age of the oldest. A
/// single forecast says the same ("Showing the forecast stored 2 h ago").
enum StaleComparisonNote {
    static func note(
        for entries: [PlaceComparison.Entry], origins: [Int: ForecastOrigin], now: Date
    ) -> AppNote? {
        var shown = 0
        var stale: [(name: String, fetchedAt: Date, error: ForecastError)] = []
        for case .forecast(let resolution, _) in entries {
            shown += 1
            guard case .stale(let fetchedAt, let error)? = origins[resolution.place.id] else { continue }
            stale.append((resolution.name, fetchedAt, error))
        }
        guard let first = stale.first, let oldest = stale.map(\.fetchedAt).min() else { return nil }
        let messages = ["error": [first.error.summaryMessage], "age": [ValueFormat.age(now.timeIntervalSince(oldest))]]
        if stale.count == 1 {
            return .warning(MessageText("{error} Showing the forecast for {place} stored {age} ago.", ["place": first.name], messages: messages))
        }
        if stale.count == shown {
            return .warning(MessageText("{error} Showing the forecasts stored up to {age} ago.", messages: messages))
        }
        return .warning(MessageText("{error} Showing the forecasts for {places} stored up to {age} ago.",
                                    messages: messages.merging(["places": [MessageText.allOf(stale.map(\.name))]]) { $1 }))
    }
}
