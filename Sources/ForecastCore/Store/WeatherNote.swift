public import Foundation

/// A short note saved with the weather at that moment ("morning run").
public struct WeatherNote: Sendable, Equatable, Codable {
    public var id: Int64
    public var createdAt: Date
    public var text: String
    public var placeName: String?
    public var latitude: Double?
    public var longitude: Double?
    public var weather: Weather?

    /// The conditions when the note was written; absent for `--without-weather`.
    public struct Weather: Sendable, Equatable, Codable {
        public var temperature: Double?
        public var temperatureUnit: String
        public var weatherCode: Int?
        public var description: String?
        public var symbol: String?
        public var glyph: String?

        public init(temperature: Double?, temperatureUnit: String, weatherCode: Int?, description: String?, symbol: String?, glyph: String?) {
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
                glyph: condition?.glyph(isDay: now.isDay ?? true))
        }
    }

    public init(id: Int64, createdAt: Date, text: String, placeName: String?, latitude: Double?, longitude: Double?, weather: Weather?) {
        self.id = id
        self.createdAt = createdAt
        self.text = text
        self.placeName = placeName
        self.latitude = latitude
        self.longitude = longitude
        self.weather = weather
    }
}

/// A note before the store gives it an id.
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

public protocol NoteStore: Sendable {
    func add(_ note: NewWeatherNote) throws(StoreError) -> WeatherNote
    /// Newest first; `limit` nil for all.
    func notes(limit: Int?) throws(StoreError) -> [WeatherNote]
    func note(id: Int64) throws(StoreError) -> WeatherNote?
    /// Whether a note with that id existed.
    func deleteNote(id: Int64) throws(StoreError) -> Bool
}
