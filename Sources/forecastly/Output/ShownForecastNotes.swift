import ForecastPresentation
import Foundation

extension ForecastRun.Shown {
    /// That another provider answered, or that one flagged its API: one
    /// line each on stderr, before the forecast.
    func printNotices() {
        for notice in notices { Terminal.standardError.writeLine("forecastly: note: \(notice)") }
    }

    /// A stale forecast says so on stderr, with its age: "Showing the
    /// forecast stored 2 h ago", "Drawing …".
    func printStaleWarning(_ verb: String = "Showing") {
        guard case .stale(let fetchedAt, let error) = origin else { return }
        Terminal.standardError.writeLine(
            "forecastly: warning: \(error.summary) \(verb) the forecast stored \(ValueFormat.age(Date().timeIntervalSince(fetchedAt))) ago.")
    }
}
