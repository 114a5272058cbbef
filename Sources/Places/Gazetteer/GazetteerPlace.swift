public import ForecastlyBase
/// A populated place from the gazetteer.
public struct GazetteerPlace: Sendable, Hashable {
    /// The GeoNames id.
    public var id: Int
    public var name: String
    /// ISO 3166-1 alpha-2, empty for the few places GeoNames gives none.
    public var countryCode: String
    public var countryName: String
    /// GeoNames' first-level division code ("CA" for California, "12" elsewhere).
    public var admin1: String
    public var coordinate: Coordinate
    public var population: Int
    /// IANA time zone name.
    public var timeZone: String

    public init(
        id: Int, name: String, countryCode: String, countryName: String, admin1: String,
        coordinate: Coordinate, population: Int, timeZone: String
    ) {
        self.id = id
        self.name = name
        self.countryCode = countryCode
        self.countryName = countryName
        self.admin1 = admin1
        self.coordinate = coordinate
        self.population = population
        self.timeZone = timeZone
    }

    /// "Kyiv, UA".
    public var displayName: String {
        countryCode.isEmpty ? name : "\(name), \(countryCode)"
    }

    /// "Springfield, US (MO)": the division is added where it is a readable
    /// code (US states, Canadian provinces…), which is what tells equal names apart.
    public var qualifiedName: String {
        let readable = !admin1.isEmpty && admin1.utf8.allSatisfy { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) }
        return readable ? "\(displayName) (\(admin1))" : displayName
    }
}

/// The place nearest to a coordinate, and how far it is.
public struct NearbyPlace: Sendable, Hashable {
    public var place: GazetteerPlace
    public var distanceMeters: Double

    public init(place: GazetteerPlace, distanceMeters: Double) {
        self.place = place
        self.distanceMeters = distanceMeters
    }

    /// "Berlin, DE" within 2 km (a point that close to a city's centre is
    /// in the city), else "near Bielefeld, DE (3 km)".
    public var description: String {
        guard distanceMeters >= 2_000 else { return place.displayName }
        return "near \(place.displayName) (\(Int((distanceMeters / 1000).rounded())) km)"
    }
}
