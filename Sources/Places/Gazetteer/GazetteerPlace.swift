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

    /// As a person names it: "Kyiv, UA"; in the United States with the
    /// state, "Springfield, IL, US", as Americans write a place. Elsewhere a
    /// division's code is a number nobody reads (``PlaceResolution/name``
    /// adds a readable one where a name is ambiguous).
    public var commonName: String {
        countryCode == "US" ? nameWithDivision : displayName
    }

    /// "Springfield, IL, US" where the division code is readable, else "Kyiv, UA".
    public var nameWithDivision: String {
        guard let division = readableDivision else { return displayName }
        return "\(name), \(division), \(countryCode)"
    }

    /// The division code when it is letters ("IL", "ENG"), nil for numbers.
    var readableDivision: String? {
        if countryCode == "US" { return USStates.code(for: admin1) }
        let readable = !admin1.isEmpty && admin1.count <= 3
            && admin1.utf8.allSatisfy { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) }
        return readable ? admin1 : nil
    }

    /// "Springfield, US (MO)": the division is added where it is a readable
    /// code (US states, Canadian provinces…), which is what tells equal names apart.
    public var qualifiedName: String {
        let readable = !admin1.isEmpty && admin1.utf8.allSatisfy { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) }
        return readable ? "\(displayName) (\(admin1))" : displayName
    }
}

/// A place near a coordinate, how far it is, and whether the point is in it.
public struct NearbyPlace: Sendable, Hashable {
    public var place: GazetteerPlace
    public var distanceMeters: Double
    /// Whether the point is in the place: within 2 km of its centre, or
    /// covered by a city (``Gazetteer/locality(of:within:)``).
    public var isInside: Bool
    /// The city `place` lies in, when `place` is a smaller place in it (a district).
    public var city: GazetteerPlace?

    /// A point this close to a place's centre is in the place.
    public static let insideMeters = 2_000.0

    public init(place: GazetteerPlace, distanceMeters: Double, isInside: Bool? = nil, city: GazetteerPlace? = nil) {
        self.place = place
        self.distanceMeters = distanceMeters
        self.isInside = isInside ?? (city != nil || distanceMeters < Self.insideMeters)
        self.city = city
    }

    /// "Berlin, DE" for a point in the city, "Chicago Loop, Chicago, IL, US"
    /// for a district of it, else "near Bielefeld, DE (3 km)".
    public var description: String { label.description }

    /// The same as a label, which a front end words in its reader's language and units.
    public var label: PlaceLabel {
        if let city { return .name("\(place.name), \(city.commonName)") }
        if isInside { return .name(place.commonName) }
        return .near(place.commonName, meters: distanceMeters)
    }
}
