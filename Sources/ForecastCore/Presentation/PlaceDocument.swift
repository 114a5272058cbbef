public import Foundation
public import Places

/// `cities search --json`: the places found, with the `place` fields of the
/// forecast document plus `displayName`.
public struct PlaceDocument: Encodable, Sendable {
    let places: [GazetteerPlace]

    public init(places: [GazetteerPlace]) { self.places = places }

    enum Keys: String, CodingKey {
        case id, name, countryCode, countryName, admin1, latitude, longitude, population, timezone, displayName
    }

    public func encode(to encoder: any Encoder) throws {
        var array = encoder.unkeyedContainer()
        for place in places {
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
        }
    }

    public func encoded() -> Data { DocumentEncoding.encode(self, empty: "[]") }
}
