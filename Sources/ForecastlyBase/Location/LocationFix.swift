public import Foundation

/// One answer to "where am I?": a coordinate, how good it is, and where it
/// came from. Every fix says its source and accuracy, so output can always
/// tell the user what it is based on.
///
/// It lives in the base because a forecast carries the fix it was made for
/// and the store and the renderers keep and show it: none of them should
/// need the location backends to do so.
public struct LocationFix: Sendable, Hashable, Codable {
    public var coordinate: Coordinate
    /// Radius in metres (95% for gpsd); `nil` when the source gives none.
    public var accuracyMeters: Double?
    public var source: LocationSourceKind
    /// When the source measured it.
    public var timestamp: Date
    /// City-level sources name the place.
    public var city: String?
    public var countryCode: String?
    /// gpsd only: fix mode (2 = 2D, 3 = 3D) and satellites.
    public var gps: GPSDetails?

    public init(
        coordinate: Coordinate, accuracyMeters: Double?, source: LocationSourceKind, timestamp: Date,
        city: String? = nil, countryCode: String? = nil, gps: GPSDetails? = nil
    ) {
        self.coordinate = coordinate
        self.accuracyMeters = accuracyMeters
        self.source = source
        self.timestamp = timestamp
        self.city = city
        self.countryCode = countryCode
        self.gps = gps
    }

    /// IP geolocation is city level at best; gpsd and typed coordinates are
    /// full; GeoClue is what its reported accuracy says (a desktop that caps
    /// accuracy makes it city level: reduced for that run).
    public var accuracy: LocationAccuracy {
        switch source {
        case .ip: .reduced
        case .geoclue: (accuracyMeters ?? 0) >= Self.approximateMeters ? .reduced : .full
        case .gpsd, .manual: .full
        }
    }

    /// GeoClue's city-level sources (GeoIP, or any source under a desktop's
    /// accuracy cap) report kilometres; so many metres are no more than
    /// approximate, as Core Location's reduced accuracy is.
    public static let approximateMeters = 1_000.0

    public func age(at now: Date) -> TimeInterval { max(0, now.timeIntervalSince(timestamp)) }

    /// The same fix made no more precise than `accuracy` allows: a reduced
    /// grant rounds to about a kilometre, like Core Location's approximate location.
    public func limited(to accuracy: LocationAccuracy) -> LocationFix {
        guard accuracy == .reduced, self.accuracy == .full else { return self }
        var copy = self
        copy.coordinate = (try? Coordinate(
            latitude: (coordinate.latitude * 100).rounded() / 100,
            longitude: (coordinate.longitude * 100).rounded() / 100
        )) ?? coordinate
        copy.accuracyMeters = max(accuracyMeters ?? 0, 1_000)
        return copy
    }
}

public struct GPSDetails: Sendable, Hashable, Codable {
    public var mode: Int
    public var satellitesUsed: Int
    public var satellitesVisible: Int
    public var altitudeMeters: Double?

    public init(mode: Int, satellitesUsed: Int, satellitesVisible: Int, altitudeMeters: Double? = nil) {
        self.mode = mode
        self.satellitesUsed = satellitesUsed
        self.satellitesVisible = satellitesVisible
        self.altitudeMeters = altitudeMeters
    }
}

/// Where a location can come from.
public enum LocationSourceKind: String, Sendable, Hashable, Codable, CodingKeyRepresentable, CaseIterable {
    case gpsd
    /// GeoClue, the desktop's location service (Wi-Fi, modems, NMEA sources).
    case geoclue
    case ip
    case manual
}

/// How precisely a location may be used: `full` is whatever the source
/// delivers, `reduced` is city level (as Core Location's approximate location).
public enum LocationAccuracy: String, Sendable, Hashable, Codable, CaseIterable {
    case full
    case reduced
}

extension LocationFix {
    /// "Mountain View, US", a stored place's name, or nil for coordinates.
    public var placeName: String? {
        guard let city else { return nil }
        return countryCode.map { "\(city), \($0)" } ?? city
    }
}
