/// What a point is called: a place's own name ("Kyiv, UA", "Spandau,
/// Berlin, DE"), or the nearest city and how far it is ("near Bielefeld, DE
/// (3 km)"), whose word and distance a front end says in the reader's
/// language and units (ForecastPresentation's `said`).
public enum PlaceLabel: Sendable, Hashable, CustomStringConvertible {
    case name(String)
    case near(String, meters: Double)

    /// In English, in kilometres: as JSON and the store keep it.
    public var description: String {
        switch self {
        case .name(let name): name
        case .near(let place, let meters): "near \(place) (\(Int((meters / 1000).rounded())) km)"
        }
    }

    /// The label a stored `description` was ("near Kyiv, UA (12 km)"), so
    /// that a note saved in English is shown in the reader's language and
    /// units; any other text is a name, said as it is.
    public init(stored text: String) {
        if let match = text.wholeMatch(of: /near (.+) \(([0-9]{1,5}) km\)/), let kilometres = Double(match.output.2) {
            self = .near(String(match.output.1), meters: kilometres * 1000)
        } else {
            self = .name(text)
        }
    }
}
