import ForecastlyBase
import ForecastPresentation
import Foundation
import LocationProvider
import Synchronization

/// Whether a watch's source still gives positions. When gpsd goes away,
/// the receiver is unplugged or loses its fix, the watch goes on with the
/// forecast for the last position; each screen then says so, until a new
/// position comes. Without it the screen read as if it were where the user
/// is (a Pi in a car, a boat).
final class LocationLiveness: Sendable {
    private let silent = Mutex(false)

    /// Follows what the source says, before the watch hears it.
    func hear(_ update: LocationUpdate) {
        switch update {
        case .fix: silent.withLock { $0 = false }
        case .diagnostic(.locationUnavailable), .diagnostic(.fixStale), .diagnostic(.failed): silent.withLock { $0 = true }
        case .diagnostic: break
        }
    }

    /// The warning for a screen whose forecast is for `fix`, while the
    /// source gives none newer. Only sources that keep reporting count:
    /// gpsd and GeoClue (an IP lookup or the stored place answers once).
    func note(for fix: LocationFix, now: Date) -> AppNote? {
        guard silent.withLock({ $0 }) else { return nil }
        let source = switch fix.source {
        case .gpsd: "gpsd"
        case .geoclue: "GeoClue"
        case .ip, .manual: nil as String?
        }
        guard let source else { return nil }
        return .warning(MessageText("{source} has given no new position for {age}: the forecast is for the last one.", ["source": source],
                                    messages: ["age": [ValueFormat.age(max(0, now.timeIntervalSince(fix.timestamp)))]]))
    }
}
