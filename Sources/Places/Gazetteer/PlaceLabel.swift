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
    /// Read by hand: `notes list` reads every note, and a regular
    /// expression built for each made 100,000 notes take 4 s (benchmark).
    public init(stored text: String) {
        self = .name(text)
        let prefix = "near ", suffix = " km)"
        guard text.hasPrefix(prefix), text.hasSuffix(suffix), let open = text.range(of: " (", options: .backwards) else { return }
        let placeStart = text.index(text.startIndex, offsetBy: prefix.count)
        let numberEnd = text.index(text.endIndex, offsetBy: -suffix.count)
        guard placeStart < open.lowerBound, open.upperBound <= numberEnd else { return }
        let number = text[open.upperBound..<numberEnd]
        guard (1...5).contains(number.count), number.allSatisfy({ $0.isASCII && $0.isNumber }), let kilometres = Double(number) else { return }
        self = .near(String(text[placeStart..<open.lowerBound]), meters: kilometres * 1000)
    }
}
