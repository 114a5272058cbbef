import ForecastlyBase
import Places

/// The place a forecast is for, once found: where it is and what to call
/// it. Typed coordinates have no name of their own; a city has the
/// gazetteer's name and entry (the JSON document's `place`).
struct Place: Sendable {
    var coordinate: Coordinate
    var name: String?
    var gazetteerEntry: GazetteerPlace?

    init(coordinate: Coordinate, name: String? = nil, gazetteerEntry: GazetteerPlace? = nil) {
        self.coordinate = coordinate
        self.name = name
        self.gazetteerEntry = gazetteerEntry
    }

    init(_ resolution: PlaceResolution) {
        self.init(coordinate: resolution.place.coordinate, name: resolution.name, gazetteerEntry: resolution.place)
    }

    /// What a place is called wherever forecastly shows or stores one: the
    /// name the user gave (a city), else the location source's own (the IP
    /// service's city, the stored place's name), else what the store kept
    /// with the forecast, else the nearest place in the gazetteer ("near
    /// Bielefeld, DE (3 km)"). The one fallback for every command.
    static func name(given: String?, fix: LocationFix? = nil, stored: String? = nil, at coordinate: Coordinate) -> String? {
        given ?? fix?.placeName ?? stored ?? PlaceLookup.name(near: coordinate)
    }
}

extension LocationFix {
    /// "Mountain View, US", a stored place's name, or nil for coordinates.
    var placeName: String? {
        guard let city else { return nil }
        return countryCode.map { "\(city), \($0)" } ?? city
    }
}

extension PlaceResolution {
    /// Says on stderr which place an ambiguous name was taken to mean.
    func reportAmbiguity() {
        if let note = ambiguityNote { Terminal.standardError.writeLine("forecastly: note: \(note)") }
    }
}
