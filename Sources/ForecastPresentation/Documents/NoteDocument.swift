public import ForecastCore
public import Foundation

/// `notes list --json` and `notes export`: the notes, newest first, each
/// with the weather saved with it (or `null`).
public struct NoteDocument: Encodable, Sendable {
    let notes: [WeatherNote]

    public init(notes: [WeatherNote]) { self.notes = notes }

    enum Keys: String, CodingKey {
        case id, createdAt, text, placeName, latitude, longitude, weather
        case temperature, temperatureUnit, weatherCode, description, symbol, glyph, provider
    }

    public func encode(to encoder: any Encoder) throws {
        let clock = PlaceClock(timeZone: .gmt)
        var array = encoder.unkeyedContainer()
        for note in notes {
            var node = array.nestedContainer(keyedBy: Keys.self)
            try node.encode(note.id, forKey: .id)
            try node.encode(clock.iso8601(note.createdAt), forKey: .createdAt)
            try node.encode(note.text, forKey: .text)
            try node.encode(note.placeName, forKey: .placeName)
            try node.encode(note.latitude, forKey: .latitude)
            try node.encode(note.longitude, forKey: .longitude)
            guard let weather = note.weather else {
                try node.encodeNil(forKey: .weather)
                continue
            }
            var saved = node.nestedContainer(keyedBy: Keys.self, forKey: .weather)
            try saved.encode(weather.temperature, forKey: .temperature)
            try saved.encode(weather.temperatureUnit, forKey: .temperatureUnit)
            try saved.encode(weather.weatherCode, forKey: .weatherCode)
            try saved.encode(weather.description, forKey: .description)
            try saved.encode(weather.symbol, forKey: .symbol)
            try saved.encode(weather.glyph, forKey: .glyph)
            // null for notes saved before forecastly had more than one provider.
            try saved.encode(weather.provider, forKey: .provider)
        }
    }

    public func encoded() -> Data { DocumentEncoding.encode(self, empty: "[]") }
}
