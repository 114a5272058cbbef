import ForecastlyBase
import Foundation

/// A position as GeoClue's Location object sends it, before forecastly
/// trusts it.
struct GeoClueFix: Sendable, Equatable {
    var latitude: Double
    var longitude: Double
    /// Metres; GeoClue sends -1 when it does not know.
    var accuracy: Double
    var timestamp: Date?

    /// GeoClue passes on what receivers send even when they mark it invalid:
    /// NMEA's placeholders come out as exactly 0°, 0° or as a pole at
    /// longitude 0 (89°60'N, 0°E). No real fix lands exactly there, so such
    /// a position is not a fix: the client waits for the next update.
    var isPlaceholder: Bool {
        (latitude == 0 && longitude == 0) || (abs(latitude) == 90 && longitude == 0)
    }

    /// The fix forecastly uses; nil for a placeholder or an impossible coordinate.
    func locationFix(receivedAt: Date) -> LocationFix? {
        guard !isPlaceholder, let coordinate = try? Coordinate(latitude: latitude, longitude: longitude) else { return nil }
        return LocationFix(
            coordinate: coordinate, accuracyMeters: accuracy >= 0 ? accuracy : nil, source: .geoclue,
            timestamp: timestamp ?? receivedAt)
    }
}
