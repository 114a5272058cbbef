/// The units a forecast is asked for and shown in.
public enum UnitSystem: String, Sendable, CaseIterable, Codable {
    /// °C, km/h, mm.
    case metric
    /// °F, mph, inch.
    case imperial
}

/// The unit labels of one forecast, as the service reported them.
public struct ForecastUnits: Sendable, Hashable, Codable {
    public var temperature: String
    public var windSpeed: String
    public var precipitation: String

    public init(temperature: String, windSpeed: String, precipitation: String) {
        self.temperature = temperature
        self.windSpeed = windSpeed
        self.precipitation = precipitation
    }

    public init(system: UnitSystem) {
        switch system {
        case .metric: self.init(temperature: "°C", windSpeed: "km/h", precipitation: "mm")
        case .imperial: self.init(temperature: "°F", windSpeed: "mph", precipitation: "in")
        }
    }
}
