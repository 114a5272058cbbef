public import ForecastCore
public import ForecastlyBase
public import ForecastlyLocalization
import ForecastProviders

/// The settings of one run, each with where it came from. For every
/// setting the first that gives it wins: the flag, the environment, the
/// configuration file, the locale, forecastly's own default.
public struct Settings: Sendable {
    /// The system `--units`, FORECASTLY_UNITS, `units` or the locale names.
    public var units: Setting<UnitSystem>
    /// Each quantity's unit: its own flag, variable or key, else the
    /// system's at the same level, else the locale's.
    public var temperatureUnit: Setting<TemperatureUnit>
    public var windUnit: Setting<SpeedUnit>
    public var pressureUnit: Setting<PressureUnit>
    public var precipitationUnit: Setting<PrecipitationUnit>
    public var distanceUnit: Setting<DistanceUnit>
    public var provider: Setting<WeatherProvider>
    /// The place to forecast when none is given on the command line; nil: locate.
    public var place: Setting<String>?
    public var days: Setting<Int>
    public var hours: Setting<Int>
    public var clock: Setting<HourCycle>
    /// The chosen provider's key, if any.
    public var apiKey: Setting<String>?
    /// Whether the report and JSON show the air.
    public var airQuality: Setting<Bool>
    /// The air-quality index to show; nil: by the place's region.
    public var aqi: Setting<AirQualityScale>?
    /// Whether the report and JSON show the next two hours.
    public var nowcast: Setting<Bool>
    /// Whether the report and JSON show official warnings.
    public var alerts: Setting<Bool>
    /// How long the extras (the air, the next two hours, the warnings) may
    /// take once the forecast is ready: FORECASTLY_EXTRAS_WAIT or
    /// `extras-wait`, else `defaultExtrasWait`. Longer on a slow link;
    /// 0 shows only what came with the forecast.
    public var extrasWait: Setting<Duration> = Setting(defaultExtrasWait, from: .builtIn)
    /// The language of what is shown: `--lang`, `lang`, then the locale
    /// (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), else English.
    public private(set) var language: Setting<Language> = Setting(.english, from: .builtIn)
    /// The locale whose region writes dates and numbers in that language (LC_TIME's).
    public private(set) var timeLocale: String?
    /// The words of the chosen language, its dates and numbers as the
    /// user's region writes them when it speaks that language: made once,
    /// with the language (every line of a run asks for them).
    public private(set) var words: Words = .english
    /// What the user should know about how these settings were given, said
    /// beside the run's answer (an API key typed on the command line).
    public private(set) var notes: [MessageText] = []

    /// What the command line gave; nil for what it left out.
    public struct Flags: Sendable {
        public var units: UnitSystem?
        public var temperatureUnit: TemperatureUnit?
        public var windUnit: SpeedUnit?
        public var pressureUnit: PressureUnit?
        public var precipitationUnit: PrecipitationUnit?
        public var distanceUnit: DistanceUnit?
        public var provider: WeatherProvider?
        public var days: Int?
        public var hours: Int?
        public var clock: HourCycle?
        public var apiKey: String?
        /// `--no-air-quality` gives false; nil when not given.
        public var airQuality: Bool?
        public var aqi: AirQualityScale?
        /// `--no-nowcast` gives false; nil when not given.
        public var nowcast: Bool?
        /// `--no-alerts` gives false; nil when not given.
        public var alerts: Bool?
        public var language: Language?

        public init(units: UnitSystem? = nil, provider: WeatherProvider? = nil, days: Int? = nil, hours: Int? = nil,
                    clock: HourCycle? = nil, apiKey: String? = nil, airQuality: Bool? = nil, aqi: AirQualityScale? = nil, nowcast: Bool? = nil,
                    alerts: Bool? = nil, temperatureUnit: TemperatureUnit? = nil, windUnit: SpeedUnit? = nil, pressureUnit: PressureUnit? = nil,
                    precipitationUnit: PrecipitationUnit? = nil, distanceUnit: DistanceUnit? = nil, language: Language? = nil) {
            self.language = language
            self.temperatureUnit = temperatureUnit
            self.windUnit = windUnit
            self.pressureUnit = pressureUnit
            self.precipitationUnit = precipitationUnit
            self.distanceUnit = distanceUnit
            self.nowcast = nowcast
            self.alerts = alerts
            self.airQuality = airQuality
            self.aqi = aqi
            self.units = units
            self.provider = provider
            self.days = days
            self.hours = hours
            self.clock = clock
            self.apiKey = apiKey
        }
    }

    /// The variable that chooses the units when `--units` is not given.
    public static let unitsVariable = "FORECASTLY_UNITS"
    /// The variables that choose one quantity's unit.
    public static let temperatureUnitVariable = "FORECASTLY_TEMPERATURE_UNIT"
    public static let windUnitVariable = "FORECASTLY_WIND_UNIT"
    public static let pressureUnitVariable = "FORECASTLY_PRESSURE_UNIT"
    public static let precipitationUnitVariable = "FORECASTLY_PRECIPITATION_UNIT"
    public static let distanceUnitVariable = "FORECASTLY_DISTANCE_UNIT"
    /// The variable that says how long the extras may take, in seconds.
    public static let extrasWaitVariable = "FORECASTLY_EXTRAS_WAIT"

    /// Short: the forecast is what was asked for, and an extra still
    /// missing by then is seldom worth waiting for.
    public static let defaultExtrasWait: Duration = .milliseconds(1500)
    /// The waits a person may choose, in seconds.
    public static let extrasWaitRange: ClosedRange<Double> = 0...60

    /// `seconds` as the extras' wait, to the millisecond; nil when out of range.
    static func extrasWait(seconds: Double) -> Duration? {
        guard extrasWaitRange.contains(seconds) else { return nil }
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }

    /// The unit of every quantity, for a display.
    public var measurementUnits: MeasurementUnits {
        MeasurementUnits(temperature: temperatureUnit.value, windSpeed: windUnit.value, pressure: pressureUnit.value,
                         precipitation: precipitationUnit.value, distance: distanceUnit.value)
    }

    public static let defaultDays = 7
    public static let defaultHours = 8

    /// The language of what is shown: `--lang`, `lang` in the file, the
    /// locale, then English. Decided apart from the other settings, so that
    /// an error that stops those (a wrong variable) is said in it too.
    public static func language(flags: Flags, environment: [String: String], file: ConfigurationFile?) -> Setting<Language> {
        if let language = flags.language { return Setting(language, from: .flag("--lang")) }
        if let file, let entry = file.language { return Setting(entry.value, from: .file(path: file.path, line: entry.line)) }
        if let locale = LocaleLanguage.resolve(environment) { return Setting(locale.language, from: .locale(variable: locale.variable, value: locale.value)) }
        return Setting(.english, from: .builtIn)
    }

    /// The words of that language, with dates and numbers as the user's
    /// region (LC_TIME) writes them.
    public static func words(flags: Flags, environment: [String: String], file: ConfigurationFile?) -> Words {
        Words(language(flags: flags, environment: environment, file: file).value, localeName: timeLocale(in: environment))
    }

    private static func timeLocale(in environment: [String: String]) -> String? {
        LocaleConventions.locale(for: "LC_TIME", in: environment)?.1
    }

    /// Decides every setting. `file` is the configuration file read already
    /// (nil when there is none).
    public static func resolve(flags: Flags, environment: [String: String], file: ConfigurationFile?) throws(EnvironmentSettingError) -> Settings {
        let locale = LocaleConventions(environment: environment)
        func fromFile<Value>(_ entry: Located<Value>?) -> Setting<Value>? {
            guard let entry, let file else { return nil }
            return Setting(entry.value, from: .file(path: file.path, line: entry.line))
        }
        func named<Value: RawRepresentable>(_ variable: String, _ type: Value.Type) throws(EnvironmentSettingError) -> Setting<Value>?
        where Value.RawValue == String, Value: CaseIterable {
            guard let text = environment[variable], !text.isEmpty else { return nil }
            guard let value = Value(rawValue: text.lowercased()) else {
                throw EnvironmentSettingError(variable: variable, value: text, expected: .oneOf(Value.allCases.map(\.rawValue)))
            }
            return Setting(value, from: .environment(variable))
        }

        func provider(named text: String?) throws(EnvironmentSettingError) -> Setting<WeatherProvider>? {
            guard let text, !text.isEmpty else { return nil }
            guard let provider = WeatherProviders.named(text) else {
                throw EnvironmentSettingError(variable: WeatherProvider.environmentVariable, value: text, expected: .oneOf(WeatherProviders.all.map(\.provider.id)))
            }
            return Setting(provider, from: .environment(WeatherProvider.environmentVariable))
        }

        // A variable the flag overrides is not even read.
        let unitsVariable = flags.units == nil ? try named(unitsVariable, UnitSystem.self) : nil
        let providerVariable = flags.provider == nil ? try provider(named: environment[WeatherProvider.environmentVariable]) : nil
        let systemFlag = flags.units.map { Setting($0, from: .flag("--units")) }
        let systemFile = fromFile(file?.units)
        let units = systemFlag ?? unitsVariable ?? systemFile ?? locale.units
        /// One quantity: its own flag, then the system's flag, its own
        /// variable, the system's variable, its own key, the system's key,
        /// then the locale.
        func unit<Unit: RawRepresentable & CaseIterable & Sendable>(
            _ flag: Unit?, _ flagName: String, _ variable: String, _ key: Located<Unit>?, _ part: (MeasurementUnits) -> Unit
        ) throws(EnvironmentSettingError) -> Setting<Unit> where Unit.RawValue == String {
            func fromSystem(_ system: Setting<UnitSystem>?) -> Setting<Unit>? { system.map { Setting(part($0.value.units), from: $0.source) } }
            if let flag { return Setting(flag, from: .flag(flagName)) }
            if let system = fromSystem(systemFlag) { return system }
            if let own = try named(variable, Unit.self) { return own }
            if let system = fromSystem(unitsVariable) { return system }
            if let own = fromFile(key) { return own }
            if let system = fromSystem(systemFile) { return system }
            return Setting(part(locale.measurement.value), from: locale.measurement.source)
        }
        let temperatureUnit = try unit(flags.temperatureUnit, "--temperature-unit", temperatureUnitVariable, file?.temperatureUnit, \.temperature)
        let windUnit = try unit(flags.windUnit, "--wind-unit", windUnitVariable, file?.windUnit, \.windSpeed)
        let pressureUnit = try unit(flags.pressureUnit, "--pressure-unit", pressureUnitVariable, file?.pressureUnit, \.pressure)
        let precipitationUnit = try unit(flags.precipitationUnit, "--precipitation-unit", precipitationUnitVariable, file?.precipitationUnit, \.precipitation)
        let distanceUnit = try unit(flags.distanceUnit, "--distance-unit", distanceUnitVariable, file?.distanceUnit, \.distance)
        let provider = flags.provider.map { Setting($0, from: .flag("--provider")) } ?? providerVariable ?? fromFile(file?.provider)
            ?? Setting(WeatherProviders.standard, from: .builtIn)
        let days = flags.days.map { Setting($0, from: .flag("--days")) } ?? fromFile(file?.days) ?? Setting(defaultDays, from: .builtIn)
        let hours = flags.hours.map { Setting($0, from: .flag("--hours")) } ?? fromFile(file?.hours) ?? Setting(defaultHours, from: .builtIn)
        let clock = flags.clock.map { Setting($0, from: .flag("--clock")) } ?? fromFile(file?.clock) ?? locale.clock

        var apiKey = flags.apiKey.map { Setting($0, from: .flag("--api-key")) }
        if apiKey == nil, let variable = provider.value.apiKeyVariable, let key = environment[variable], !key.isEmpty {
            apiKey = Setting(key, from: .environment(variable))
        }
        if apiKey == nil { apiKey = fromFile(file?.apiKeys[provider.value.id]) }
        let airQuality = flags.airQuality.map { Setting($0, from: .flag("--no-air-quality")) } ?? fromFile(file?.airQuality) ?? Setting(true, from: .builtIn)
        let aqi = flags.aqi.map { Setting($0, from: .flag("--aqi")) } ?? fromFile(file?.aqi)
        let nowcast = flags.nowcast.map { Setting($0, from: .flag("--no-nowcast")) } ?? fromFile(file?.nowcast) ?? Setting(true, from: .builtIn)
        let alerts = flags.alerts.map { Setting($0, from: .flag("--no-alerts")) } ?? fromFile(file?.alerts) ?? Setting(true, from: .builtIn)
        var extrasWait = fromFile(file?.extrasWait) ?? Setting(defaultExtrasWait, from: .builtIn)
        if let text = environment[extrasWaitVariable], !text.isEmpty {
            guard let wait = DurationText.seconds(text).flatMap(Self.extrasWait(seconds:)) else {
                throw EnvironmentSettingError(variable: extrasWaitVariable, value: text, expected: .seconds(extrasWaitRange))
            }
            extrasWait = Setting(wait, from: .environment(extrasWaitVariable))
        }
        let language = language(flags: flags, environment: environment, file: file)
        var settings = Settings(units: units, temperatureUnit: temperatureUnit, windUnit: windUnit, pressureUnit: pressureUnit,
                        precipitationUnit: precipitationUnit, distanceUnit: distanceUnit, provider: provider, place: fromFile(file?.place), days: days, hours: hours, clock: clock, apiKey: apiKey,
                        airQuality: airQuality, aqi: aqi, nowcast: nowcast, alerts: alerts)
        settings.language = language
        settings.extrasWait = extrasWait
        settings.timeLocale = timeLocale(in: environment)
        settings.words = Words(language.value, localeName: settings.timeLocale)
        if flags.apiKey != nil {
            let variable = provider.value.apiKeyVariable ?? WeatherProviders.all.compactMap(\.provider.apiKeyVariable).joined(separator: " or ")
            settings.notes.append(MessageText(
                "a key given with --api-key can be read by other users in ps and stays in your shell's history; set {variable} or put it in {path} (mode 600) instead.",
                ["variable": variable, "path": ConfigurationFile.defaultPath(environment: environment)]))
        }
        return settings
    }
}

/// An environment variable with a value forecastly does not know. Exit 64,
/// as the flag it stands for would be.
public struct EnvironmentSettingError: Error, Sendable, Equatable, UserFacingError {
    public let variable: String
    public let value: String
    public let expected: Expected

    /// What the variable takes.
    public enum Expected: Sendable, Equatable {
        /// One of these words.
        case oneOf([String])
        /// A number of seconds in the range.
        case seconds(ClosedRange<Double>)
    }

    public var exitStatus: ExitStatus { .usage }
    public var summaryMessage: MessageText {
        let got = value.strippingTerminalControls(limit: 40)
        return switch expected {
        case .oneOf(let words):
            MessageText("{variable} must be one of {expected}; got “{value}”",
                        ["variable": variable, "expected": words.joined(separator: ", "), "value": got])
        case .seconds(let range):
            MessageText("{variable} must be a number of seconds from {least} to {most}; got “{value}”",
                        ["variable": variable, "least": String(Int(range.lowerBound)),
                         "most": String(Int(range.upperBound)), "value": got])
        }
    }
    public var adviceMessage: MessageText? { MessageText("Change or unset it.") }
}
