import ForecastCore
public import ForecastlyBase
import ForecastlyLocalization
public import ForecastProviders

/// The keys of `config.toml`, each a default that a flag or an environment
/// variable overrides. The file is flat: no tables. A provider that takes a
/// key adds its own (`openweather-api-key`).
public struct ConfigurationKey: Hashable, Sendable {
    /// The key as written in the file.
    public let rawValue: String
    /// What the key takes, as an error says it, in the reader's language.
    public let expected: MessageText
    /// Keys that are secrets: the file must be readable by its owner only.
    public let isSecret: Bool

    init(_ rawValue: String, expected: MessageText, isSecret: Bool = false) {
        self.rawValue = rawValue
        self.expected = expected
        self.isSecret = isSecret
    }

    public static let units = ConfigurationKey("units", expected: .choice(UnitSystem.allCases.map(\.rawValue)))
    public static let temperatureUnit = ConfigurationKey("temperature-unit", expected: choices(TemperatureUnit.self))
    public static let windUnit = ConfigurationKey("wind-unit", expected: choices(SpeedUnit.self))
    public static let pressureUnit = ConfigurationKey("pressure-unit", expected: choices(PressureUnit.self))
    public static let precipitationUnit = ConfigurationKey("precipitation-unit", expected: choices(PrecipitationUnit.self))
    public static let distanceUnit = ConfigurationKey("distance-unit", expected: choices(DistanceUnit.self))

    private static func choices<Unit: CaseIterable & RawRepresentable>(_ type: Unit.Type) -> MessageText where Unit.RawValue == String {
        .choice(Unit.allCases.map(\.rawValue))
    }
    public static let provider = ConfigurationKey("provider", expected: .choice(WeatherProviders.all.map(\.provider.id)))
    public static let place = ConfigurationKey(
        "place", expected: MessageText("a city as --city takes it (\"Paris, FR\") or \"LAT,LON\" (\"50.45,30.52\")"))
    public static let days = ConfigurationKey("days", expected: .wholeNumber(in: ForecastRequest.dayRange))
    public static let hours = ConfigurationKey("hours", expected: .wholeNumber(in: 0...ForecastRequest.hourlyHorizon))
    public static let clock = ConfigurationKey("clock", expected: .choice(["24h", "12h"]))
    public static let airQuality = ConfigurationKey("air-quality", expected: MessageText("true or false"))
    public static let aqi = ConfigurationKey("aqi", expected: .choice(["european", "us"]))
    public static let nowcast = ConfigurationKey("nowcast", expected: MessageText("true or false"))
    public static let alerts = ConfigurationKey("alerts", expected: MessageText("true or false"))
    public static let extrasWait = ConfigurationKey(
        "extras-wait", expected: MessageText("a number of seconds from 0 to {high}", ["high": "\(Int(Settings.extrasWaitRange.upperBound))"]))
    public static let lang = ConfigurationKey("lang", expected: .choice(Language.available.map(\.code)))

    /// The key that holds `provider`'s API key, when it takes one.
    public static func apiKey(of provider: WeatherProviderRegistration) -> ConfigurationKey? {
        provider.provider.apiKeySetting.map { ConfigurationKey($0, expected: MessageText("the key as a string"), isSecret: true) }
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

extension MessageText {
    /// "\"a\", \"b\" or \"c\"": the values as written in the file, the
    /// "or" in the reader's language.
    static func choice(_ values: [String]) -> MessageText {
        .oneOf(values.map { "\"" + $0 + "\"" })
    }

    /// "a whole number from 1 to 16".
    static func wholeNumber(in range: ClosedRange<Int>) -> MessageText {
        MessageText("a whole number from {low} to {high}", ["low": "\(range.lowerBound)", "high": "\(range.upperBound)"])
    }
}
