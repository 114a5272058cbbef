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
        var onlineFailure: String?
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

    /// The offline index's answer alone (no network), or nil when it does not know the name.
    public func resolveOffline(_ query: PlaceQuery) -> PlaceResolution? {
        let offline = gazetteer.matches(query, limit: PlaceResolution.alternativesShown + 1)
        guard let first = offline.first else { return nil }
        return PlaceResolution(query: query, place: first, alternatives: Array(offline.dropFirst()), origin: .offline)
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
        case offline
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

    /// "“Paris” is Paris, FR; it could also mean Paris, TX, US; Paris, TN, US. Add a country or state…"
    public var ambiguityNote: String? {
        guard !alternatives.isEmpty else { return nil }
        let others = alternatives.map(\.nameWithDivision).joined(separator: "; ")
        return "“\(query.description)” is \(place.nameWithDivision); it could also mean \(others). Add a country or state (\"\(query.name), XX\") to choose another."
    }
}

public enum PlaceResolutionError: Error, Sendable, Hashable {
    case notFound(query: String, suggestions: [String], onlineFailure: String?)
}

extension PlaceResolutionError: UserFacingError {
    public var summary: String {
        switch self {
        case .notFound(let query, _, let failure):
            let safe = query.strippingTerminalControls(limit: 60)
            guard let failure else { return "No place called “\(safe)” is known." }
            return "No place called “\(safe)” is in the offline index, and the online lookup failed (\(failure.strippingTerminalControls(limit: 200)))."
        }
    }

    public var advice: String? {
        switch self {
        case .notFound(_, let suggestions, _):
            guard !suggestions.isEmpty else { return "Check the spelling, add a country (\"Paris, FR\"), or give --lat/--lon." }
            return "Did you mean " + suggestions.joined(separator: "; ") + "?"
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .notFound(_, let suggestions, let failure): failure != nil && suggestions.isEmpty ? .unavailable : .usage
        }
    }
}
