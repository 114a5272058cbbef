public import ForecastlyBase
public import Foundation

extension Gazetteer {
    /// How far a place's time zone reaches for this purpose: beyond it the
    /// point is taken to be at sea. Places of 15,000 people are farther apart
    /// than that only in ocean and polar waste.
    static let timeZoneReachMeters = 500_000.0

    /// The IANA time zone a forecast at `coordinate` is shown in, for
    /// providers that send none (MET Norway) and for the sky: the nearest
    /// place's zone; with no place within 500 km, the zone whose own place
    /// (`zones`, the time-zone database's table) is within 500 km; else the
    /// nautical zone of the longitude. `zones` nil is the system's table,
    /// read only when no town answers (a default argument would read it at every call).
    public func timeZone(at coordinate: Coordinate, zones: ZoneTable? = nil) -> TimeZone {
        let nearest = nearest(to: coordinate)
        if nearest.distanceMeters <= Self.timeZoneReachMeters, let zone = TimeZone(identifier: nearest.place.timeZone) {
            return zone
        }
        return Self.timeZoneAway(from: coordinate, zones: zones)
    }

    /// Where no town answers (or there is no index): the time-zone
    /// database's zone within 500 km, else the nautical one.
    public static func timeZoneAway(from coordinate: Coordinate, zones: ZoneTable? = nil) -> TimeZone {
        if let nearest = (zones ?? .system).nearest(to: coordinate), nearest.distanceMeters <= timeZoneReachMeters,
           let zone = TimeZone(identifier: nearest.zone.identifier) {
            return zone
        }
        return nauticalTimeZone(longitude: coordinate.longitude)
    }

    /// The whole-hour zone of a longitude, as ships keep it: UTC+N for
    /// N = longitude / 15 rounded, named the POSIX way (`Etc/GMT-N` is UTC+N).
    public static func nauticalTimeZone(longitude: Double) -> TimeZone {
        let hours = max(-12, min(12, Int((longitude / 15).rounded())))
        let name = hours == 0 ? "Etc/GMT" : hours > 0 ? "Etc/GMT-\(hours)" : "Etc/GMT+\(-hours)"
        return TimeZone(identifier: name) ?? TimeZone(secondsFromGMT: hours * 3600) ?? .gmt
    }
}
