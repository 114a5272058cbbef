public import ForecastlyBase
public import Places

/// The place a forecast is for, once found: where it is and what to call
/// it. Typed coordinates have no name of their own; a city has the
/// gazetteer's name and entry (the JSON document's `place`).
public struct Place: Sendable, Hashable {
    public var coordinate: Coordinate
    public var name: String?
    public var gazetteerEntry: GazetteerPlace?

    public init(coordinate: Coordinate, name: String? = nil, gazetteerEntry: GazetteerPlace? = nil) {
        self.coordinate = coordinate
        self.name = name
        self.gazetteerEntry = gazetteerEntry
    }

    public init(_ resolution: PlaceResolution) {
        self.init(coordinate: resolution.place.coordinate, name: resolution.name, gazetteerEntry: resolution.place)
    }
}

extension PlaceBook {
    /// What a place is called wherever forecastly shows or stores one: the
    /// name the user gave (a city), else the location source's own (the IP
    /// service's city, the stored place's name), else the city the point is
    /// in ("Toronto, CA", "near Bielefeld, DE (3 km)"), else what the store
    /// kept with the forecast (the index could not be read). The one
    /// fallback for every run. In English, as JSON and the store keep it;
    /// `label` is said in the reader's language and units.
    public func name(given: String?, fix: LocationFix? = nil, stored: String? = nil, at coordinate: Coordinate) -> String? {
        label(given: given, fix: fix, stored: stored, at: coordinate)?.description
    }

    /// The name as people read it: "near Bielefeld, DE (3 km)" is worded
    /// in their language and units; a place's own name is said as it is.
    public func label(given: String?, fix: LocationFix? = nil, stored: String? = nil, at coordinate: Coordinate) -> PlaceLabel? {
        (given ?? fix?.placeName).map(PlaceLabel.name) ?? name(near: coordinate) ?? stored.map(PlaceLabel.name)
    }
}
