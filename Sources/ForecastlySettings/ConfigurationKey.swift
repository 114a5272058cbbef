/// The keys of `config.toml`, each a default that a flag or an environment
/// variable overrides. The file is flat: no tables.
public enum ConfigurationKey: String, CaseIterable, Sendable {
    case units
    case provider
    case place
    case days
    case hours
    case clock
    case airQuality = "air-quality"
    case aqi
    case nowcast
    case alerts
    case openWeatherAPIKey = "openweather-api-key"
    case openMeteoAPIKey = "open-meteo-api-key"

    /// What the key takes, as an error or `forecastly config` says it.
    public var expected: String {
        switch self {
        case .units: "\"metric\" or \"imperial\""
        case .provider: "\"open-meteo\", \"met-norway\" or \"openweather\""
        case .place: "a city as --city takes it (\"Paris, FR\") or \"LAT,LON\" (\"50.45,30.52\")"
        case .days: "a whole number from 1 to 16"
        case .hours: "a whole number from 0 to 48"
        case .clock: "\"24h\" or \"12h\""
        case .airQuality, .nowcast, .alerts: "true or false"
        case .aqi: "\"european\" or \"us\""
        case .openWeatherAPIKey, .openMeteoAPIKey: "the key as a string"
        }
    }

    /// Keys that are secrets: the file must be readable by its owner only.
    public var isSecret: Bool { self == .openWeatherAPIKey || self == .openMeteoAPIKey }
}
