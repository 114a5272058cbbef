import ForecastCore
import ForecastlyLocalization
public import ForecastProviders

/// The keys of `config.toml`, each a default that a flag or an environment
/// variable overrides. The file is flat: no tables. A provider that takes a
/// key adds its own (`openweather-api-key`).
public struct ConfigurationKey: Hashable, Sendable {
    /// The key as written in the file.
    public let rawValue: String
    /// What the key takes, as an error or `forecastly config` says it.
    public let expected: String
    /// Keys that are secrets: the file must be readable by its owner only.
    public let isSecret: Bool

    init(_ rawValue: String, expected: String, isSecret: Bool = false) {
        self.rawValue = rawValue
        self.expected = expected
        self.isSecret = isSecret
    }

    public static let units = ConfigurationKey("units", expected: "\"metric\", \"imperial\" or \"uk\"")
    public static let temperatureUnit = ConfigurationKey("temperature-unit", expected: choices(TemperatureUnit.self))
    public static let windUnit = ConfigurationKey("wind-unit", expected: choices(SpeedUnit.self))
    public static let pressureUnit = ConfigurationKey("pressure-unit", expected: choices(PressureUnit.self))
    public static let precipitationUnit = ConfigurationKey("precipitation-unit", expected: choices(PrecipitationUnit.self))
    public static let distanceUnit = ConfigurationKey("distance-unit", expected: choices(DistanceUnit.self))

    private static func choices<Unit: CaseIterable & RawRepresentable>(_ type: Unit.Type) -> String where Unit.RawValue == String {
        Unit.allCases.map { "\"\($0.rawValue)\"" }.joinedAsChoice()
    }
    public static let provider = ConfigurationKey(
        "provider", expected: WeatherProviders.all.map { "\"\($0.provider.id)\"" }.joinedAsChoice())
    public static let place = ConfigurationKey(
        "place", expected: "a city as --city takes it (\"Paris, FR\") or \"LAT,LON\" (\"50.45,30.52\")")
    public static let days = ConfigurationKey("days", expected: "a whole number from 1 to 16")
    public static let hours = ConfigurationKey("hours", expected: "a whole number from 0 to 48")
    public static let clock = ConfigurationKey("clock", expected: "\"24h\" or \"12h\"")
    public static let airQuality = ConfigurationKey("air-quality", expected: "true or false")
    public static let aqi = ConfigurationKey("aqi", expected: "\"european\" or \"us\"")
    public static let nowcast = ConfigurationKey("nowcast", expected: "true or false")
    public static let alerts = ConfigurationKey("alerts", expected: "true or false")
    public static let extrasWait = ConfigurationKey(
        "extras-wait", expected: "a number of seconds from 0 to \(Int(Settings.extrasWaitRange.upperBound))")
    public static let lang = ConfigurationKey("lang", expected: Language.available.map { "\"\($0.code)\"" }.joinedAsChoice())

    /// The key that holds `provider`'s API key, when it takes one.
    public static func apiKey(of provider: WeatherProviderRegistration) -> ConfigurationKey? {
        provider.provider.apiKeySetting.map { ConfigurationKey($0, expected: "the key as a string", isSecret: true) }
    }

    /// Every key, in the order `forecastly config` and errors list them.
    public static var allCases: [ConfigurationKey] {
        [.units, .temperatureUnit, .windUnit, .pressureUnit, .precipitationUnit, .distanceUnit, .provider, .place, .days, .hours, .clock,
         .airQuality, .aqi, .nowcast, .alerts, .extrasWait, .lang] + WeatherProviders.all.compactMap(apiKey(of:))
    }

    public init?(rawValue: String) {
        guard let key = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = key
    }
}

extension [String] {
    /// "a", "b" or "c".
    func joinedAsChoice() -> String {
        count <= 1 ? joined() : dropLast().joined(separator: ", ") + " or " + last!
    }
}
