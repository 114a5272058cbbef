public import ForecastlyBase

/// Turns a typed place name into one place: the offline gazetteer first,
/// then (for names it does not know) the online geocoder, and when neither
/// knows it, an error with "did you mean" suggestions.
public struct PlaceResolver: Sendable {
    public let gazetteer: Gazetteer
    public let geocoder: OpenMeteoGeocoder?

    public init(gazetteer: Gazetteer, geocoder: OpenMeteoGeocoder?) {
        self.gazetteer = gazetteer
        self.geocoder = geocoder
    }

    public func resolve(_ query: PlaceQuery) async throws(PlaceResolutionError) -> PlaceResolution {
        if let offline = resolveOffline(query) { return offline }
        var onlineFailure: MessageText?
        if let geocoder {
            // "IL" is Israel and Illinois: a qualifier that may be a state narrows only here, by the answer's division.
            let country = query.qualifiers.lazy.filter { !USStates.isState(SearchKey.fold($0)) }.compactMap { self.countryCode($0) }.first
            do {
                let online = try await geocoder.search(query, countryCode: country, limit: PlaceResolution.alternativesShown + 1)
                if let first = online.first {
                    return PlaceResolution(query: query, place: first, alternatives: Array(online.dropFirst()), origin: .online(geocoder.serviceName))
                }
            } catch {
                onlineFailure = error.reason
            }
        }
        var suggestions = gazetteer.suggestions(for: query)
        if suggestions.isEmpty { suggestions = gazetteer.search(query, limit: 3) }
        throw .notFound(query: query.description, suggestions: suggestions.map(\.qualifiedName), onlineFailure: onlineFailure)
    }

    /// The offline index's answer alone (no network), or nil when it does
    /// not know the name: a place of that name, else (three letters or
    /// more) the first place search shows for it, as `cities search` and
    /// completion would ("san fr" is San Francisco), said in a note.
    public func resolveOffline(_ query: PlaceQuery) -> PlaceResolution? {
        let offline = gazetteer.matches(query, limit: PlaceResolution.alternativesShown + 1)
        if let first = offline.first {
            return PlaceResolution(query: query, place: first, alternatives: Array(offline.dropFirst()), origin: .offline)
        }
        guard query.key.count >= 3, let first = gazetteer.search(query, limit: 1).first else { return nil }
        return PlaceResolution(query: query, place: first, alternatives: [], origin: .offlineBeginning)
    }

    private func countryCode(_ qualifier: String) -> String? {
        let indices = gazetteer.countryIndices(matching: SearchKey.fold(qualifier))
        return indices.min().map(gazetteer.countryCode)
    }
}

/// The place a name was resolved to, and the others it could have meant.
public struct PlaceResolution: Sendable {
    public static let alternativesShown = 5

    public enum Origin: Sendable, Hashable {
        /// A place of that name in the offline index.
        case offline
        /// The first place the offline search shows for a name no place has:
        /// what was typed begins one of its names.
        case offlineBeginning
        /// Found by the online geocoder (its host).
        case online(String)
    }

    public let query: PlaceQuery
    public let place: GazetteerPlace
    /// Other places with the same name, most populous first.
    public let alternatives: [GazetteerPlace]
    public let origin: Origin

    /// The place as the report, `%l`, JSON and `compare` name it: with its
    /// division where the country's places are named so ("Springfield, IL,
    /// US") or where another place of the country has the same name.
    public var name: String {
        let ambiguous = alternatives.contains { $0.countryCode == place.countryCode }
        return ambiguous ? place.nameWithDivision : place.commonName
    }

    /// The other places a person could mean by the name: those whose own
    /// name it is (not an alternate or historic one: "Berlin" is not North
    /// Canton, OH) and of similar standing, at least a quarter of the chosen
    /// place's population (Odessa, TX is not what "Odesa" means).
    public var namesakes: [GazetteerPlace] {
        alternatives.filter { SearchKey.fold($0.name) == query.key && $0.population * 4 >= place.population }
    }

    /// "“Paris” is Paris, FR; it could also mean Paris, TX, US. Add a country
    /// or state…"; "“san fr” is taken as San Francisco, US, …"; nil when the
    /// name has one meaning worth a word.
    public var ambiguityNote: String? { ambiguityMessage?.text }

    /// The same note as a message a front end can say in the user's language.
    public var ambiguityMessage: MessageText? {
        if origin == .offlineBeginning {
            return MessageText("“{typed}” is taken as {place}, the largest place whose name begins so; 'forecastly cities search' lists the others.",
                               ["typed": query.description, "place": place.nameWithDivision])
        }
        let others = namesakes
        guard !others.isEmpty else { return nil }
        return MessageText("“{typed}” is {place}; it could also mean {others}. Add a country or state (\"{name}, XX\") to choose another.",
                           ["typed": query.description, "place": place.nameWithDivision,
                            "others": others.map(\.nameWithDivision).joined(separator: "; "), "name": query.name])
    }
}

public enum PlaceResolutionError: Error, Sendable, Hashable {
    case notFound(query: String, suggestions: [String], onlineFailure: MessageText?)
}

extension PlaceResolutionError: UserFacingError {
    public var summaryMessage: MessageText {
        switch self {
        case .notFound(let query, _, let failure):
            let safe = query.strippingTerminalControls(limit: 60)
            guard let failure else { return MessageText("No place called “{name}” is known.", ["name": safe]) }
            return MessageText("No place called “{name}” is in the offline index, and the online lookup failed ({reason}).",
                               ["name": safe], messages: ["reason": [failure.strippingTerminalControls(limit: 200)]])
        }
    }

    public var adviceMessage: MessageText? {
        switch self {
        case .notFound(_, let suggestions, _):
            guard !suggestions.isEmpty else { return MessageText("Check the spelling, add a country (\"Paris, FR\"), or give --lat/--lon.") }
            return MessageText("Did you mean {places}?", ["places": suggestions.joined(separator: "; ")])
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .notFound(_, let suggestions, let failure): failure != nil && suggestions.isEmpty ? .unavailable : .usage
        }
    }
}
