public import Foundation
public import Places

/// `cities search --json`: the places found, with the `place` fields of the
/// forecast document plus `displayName`, and `matchedName`: the alternate
/// name a place was found by (folded, as the index keeps it), or null when
/// it was its own name.
public struct PlaceDocument: Encodable, Sendable {
    let matches: [SearchMatch]

    public init(matches: [SearchMatch]) { self.matches = matches }

    enum Keys: String, CodingKey {
        case id, name, countryCode, countryName, admin1, latitude, longitude, population, timezone, displayName, matchedName
    }

    public func encode(to encoder: any Encoder) throws {
        var array = encoder.unkeyedContainer()
        for match in matches {
            let place = match.place
            var node = array.nestedContainer(keyedBy: Keys.self)
            try node.encode(place.id, forKey: .id)
            try node.encode(place.name, forKey: .name)
            try node.encode(place.countryCode, forKey: .countryCode)
            try node.encode(place.countryName, forKey: .countryName)
            try node.encode(place.admin1, forKey: .admin1)
            try node.encode(place.coordinate.latitude, forKey: .latitude)
            try node.encode(place.coordinate.longitude, forKey: .longitude)
            try node.encode(place.population, forKey: .population)
            try node.encode(place.timeZone, forKey: .timezone)
            try node.encode(place.displayName, forKey: .displayName)
            try node.encode(match.alternateName, forKey: .matchedName)
        }
    }

    public func encoded() -> Data { DocumentEncoding.encode(self, empty: "[]") }
}
