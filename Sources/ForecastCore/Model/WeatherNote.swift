public import Foundation

/// A short note saved with the weather at that moment ("morning run"): its
/// number in the store, and what was written (`content`, readable directly
/// as `note.text`, `note.weather`…).
@dynamicMemberLookup
public struct WeatherNote: Sendable, Equatable {
    public var id: Int64
    public var content: NewWeatherNote

    public init(id: Int64, content: NewWeatherNote) {
        self.id = id
        self.content = content
    }

    public subscript<Value>(dynamicMember keyPath: KeyPath<NewWeatherNote, Value>) -> Value { content[keyPath: keyPath] }

    /// The conditions when the note was written; absent for `--without-weather`.
    public struct Weather: Sendable, Equatable {
        public var temperature: Double?
        public var temperatureUnit: String
        public var weatherCode: Int?
        public var description: String?
        public var symbol: String?
        public var glyph: String?
        /// The id of the service that gave the weather ("open-meteo");
        /// unknown for notes saved before forecastly had more than one.
        public var provider: String?

        public init(
            temperature: Double?, temperatureUnit: String, weatherCode: Int?, description: String?, symbol: String?, glyph: String?,
            provider: String? = nil
        ) {
            self.provider = provider
            self.temperature = temperature
            self.temperatureUnit = temperatureUnit
            self.weatherCode = weatherCode
            self.description = description
            self.symbol = symbol
            self.glyph = glyph
        }

        /// The current conditions of a forecast, as a note keeps them.
        public init?(_ forecast: Forecast) {
            guard let now = forecast.current else { return nil }
            let condition = now.condition
            self.init(
                temperature: now.temperature, temperatureUnit: forecast.units.temperature, weatherCode: now.weatherCode,
                description: condition?.description, symbol: condition?.symbolName(isDay: now.isDay ?? true),
                glyph: condition?.glyph(isDay: now.isDay ?? true), provider: forecast.provider.id)
        }
    }
}

/// What a note holds, before and after the store gives it a number.
public struct NewWeatherNote: Sendable, Equatable {
    public var createdAt: Date
    public var text: String
    public var placeName: String?
    public var latitude: Double?
    public var longitude: Double?
    public var weather: WeatherNote.Weather?

    public init(createdAt: Date, text: String, placeName: String?, latitude: Double?, longitude: Double?, weather: WeatherNote.Weather?) {
        self.createdAt = createdAt
        self.text = text
        self.placeName = placeName
        self.latitude = latitude
        self.longitude = longitude
        self.weather = weather
    }
}
