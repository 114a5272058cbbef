import ForecastlyBase
/// GeoClue's accuracy levels (`RequestedAccuracyLevel`). GeoClue starts no
/// source finer than the level asked for (and the desktop allows).
enum GeoClueAccuracyLevel: UInt32, Sendable {
    case country = 1
    case city = 4
    case neighborhood = 5
    case street = 6
    case exact = 8

    /// What a grant allows: everything for full accuracy, the city for reduced.
    init(_ accuracy: LocationAccuracy) {
        self = accuracy == .full ? .exact : .city
    }
}
