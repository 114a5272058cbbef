import ForecastCore
import ForecastlyBase
import ForecastlyLocalization
@testable import ForecastlySettings
import Testing

/// Which source decides each setting: the flag, the environment, the file,
/// the locale, the built-in default, in that order.
@Suite struct SettingsTests {
    static let path = "/home/ann/.config/forecastly/config.toml"

    static func file(_ text: String) throws -> ConfigurationFile {
        try ConfigurationFile.parse(Array(text.utf8), path: path)
    }

    @Test func eachSourceWinsOverTheOnesAfterIt() throws {
        let file = try Self.file("units = \"metric\"\nprovider = \"met-norway\"\ndays = 3\nclock = \"24h\"\n")
        let locale = ["LANG": "en_US.UTF-8"]
        // The file over the locale.
        var settings = try Settings.resolve(flags: .init(), environment: locale, file: file)
        #expect(settings.units == Setting(.metric, from: .file(path: Self.path, line: 1)))
        #expect(settings.provider == Setting(.metNorway, from: .file(path: Self.path, line: 2)))
        #expect(settings.days == Setting(3, from: .file(path: Self.path, line: 3)))
        #expect(settings.clock == Setting(.twentyFourHour, from: .file(path: Self.path, line: 4)))
        #expect(settings.hours == Setting(8, from: .builtIn))
        #expect(settings.place == nil)
        // The environment over the file.
        settings = try Settings.resolve(flags: .init(), environment: locale.merging(["FORECASTLY_UNITS": "imperial", "FORECASTLY_PROVIDER": "open-meteo"]) { $1 }, file: file)
        #expect(settings.units == Setting(.imperial, from: .environment("FORECASTLY_UNITS")))
        #expect(settings.provider == Setting(.openMeteo, from: .environment("FORECASTLY_PROVIDER")))
        // The flag over the environment.
        settings = try Settings.resolve(flags: .init(units: .metric, provider: .openWeather, days: 5, hours: 2, clock: .twelveHour),
                                        environment: ["FORECASTLY_UNITS": "imperial", "FORECASTLY_PROVIDER": "not-a-provider"], file: file)
        #expect(settings.units == Setting(.metric, from: .flag("--units")))
        #expect(settings.provider == Setting(.openWeather, from: .flag("--provider")))
        #expect(settings.days == Setting(5, from: .flag("--days")))
        #expect(settings.hours == Setting(2, from: .flag("--hours")))
        #expect(settings.clock == Setting(.twelveHour, from: .flag("--clock")))
        // The locale when nothing else says.
        settings = try Settings.resolve(flags: .init(), environment: locale, file: nil)
        #expect(settings.units == Setting(.imperial, from: .locale(variable: "LANG", value: "en_US.UTF-8")))
        #expect(settings.clock == Setting(.twelveHour, from: .locale(variable: "LANG", value: "en_US.UTF-8")))
        #expect(settings.provider == Setting(.openMeteo, from: .builtIn))
    }

    @Test func theKeyIsTheChosenProvidersFromFlagThenVariableThenFile() throws {
        let file = try Self.file("provider = \"openweather\"\nopenweather-api-key = \"from-file\"\nopen-meteo-api-key = \"om-file\"\n")
        var settings = try Settings.resolve(flags: .init(), environment: [:], file: file)
        #expect(settings.apiKey == Setting("from-file", from: .file(path: Self.path, line: 2)))
        settings = try Settings.resolve(flags: .init(), environment: ["FORECASTLY_OPENWEATHER_API_KEY": "from-env"], file: file)
        #expect(settings.apiKey == Setting("from-env", from: .environment("FORECASTLY_OPENWEATHER_API_KEY")))
        settings = try Settings.resolve(flags: .init(apiKey: "from-flag"), environment: ["FORECASTLY_OPENWEATHER_API_KEY": "from-env"], file: file)
        #expect(settings.apiKey == Setting("from-flag", from: .flag("--api-key")))
        // Another provider takes its own key, and MET Norway none.
        settings = try Settings.resolve(flags: .init(provider: .openMeteo), environment: ["FORECASTLY_OPENWEATHER_API_KEY": "from-env"], file: file)
        #expect(settings.apiKey == Setting("om-file", from: .file(path: Self.path, line: 3)))
        settings = try Settings.resolve(flags: .init(provider: .metNorway), environment: [:], file: file)
        #expect(settings.apiKey == nil)
    }

    /// A key typed on the command line is a note the settings carry (the
    /// front end says it); resolving prints nothing and sets nothing.
    @Test func aKeyOnTheCommandLineIsANoteOfTheSettings() throws {
        let environment = ["XDG_CONFIG_HOME": "/home/ada/.config"]
        var settings = try Settings.resolve(flags: .init(provider: .openWeather, apiKey: "typed"), environment: environment, file: nil)
        #expect(settings.notes.count == 1)
        let said = try #require(settings.notes.first).text
        #expect(said.contains("FORECASTLY_OPENWEATHER_API_KEY") && said.contains("/home/ada/.config/forecastly/config.toml"))
        settings = try Settings.resolve(flags: .init(provider: .openWeather), environment: ["FORECASTLY_OPENWEATHER_API_KEY": "k"], file: nil)
        #expect(settings.notes.isEmpty)
    }

    /// The words are made with the language and kept: the same language,
    /// region and catalog for every line of the run.
    @Test func theWordsFollowTheLanguageAndTheTimeLocale() throws {
        let settings = try Settings.resolve(flags: .init(language: Language(matching: "de")!), environment: ["LC_TIME": "de_AT.UTF-8"], file: nil)
        #expect(settings.words.language == Language(matching: "de")!)
        #expect(settings.words.localeIdentifier == "de_AT")
        #expect(settings.words("Today") != "Today")
        #expect(try Settings.resolve(flags: .init(), environment: [:], file: nil).words == .english)
        #expect(Words.english.localeIdentifier == nil)
    }

    @Test func theFilesPlaceIsTheDefaultPlace() throws {
        let settings = try Settings.resolve(flags: .init(), environment: [:], file: try Self.file("place = \"50.45, 30.52\"\n"))
        #expect(settings.place == Setting("50.45, 30.52", from: .file(path: Self.path, line: 1)))
    }

    /// How long the extras may take: the variable, then the file, then 1.5 s.
    @Test func theExtrasWaitComesFromTheVariableThenTheFile() throws {
        let file = try ConfigurationFile.parse(Array("extras-wait = 4\n".utf8), path: Self.path)
        #expect(try Settings.resolve(flags: .init(), environment: [:], file: nil).extrasWait == Setting(.milliseconds(1500), from: .builtIn))
        #expect(try Settings.resolve(flags: .init(), environment: [:], file: file).extrasWait == Setting(.seconds(4), from: .file(path: Self.path, line: 1)))
        #expect(try Settings.resolve(flags: .init(), environment: ["FORECASTLY_EXTRAS_WAIT": "0.5"], file: file).extrasWait
                == Setting(.milliseconds(500), from: .environment("FORECASTLY_EXTRAS_WAIT")))
        let error = #expect(throws: EnvironmentSettingError.self) {
            try Settings.resolve(flags: .init(), environment: ["FORECASTLY_EXTRAS_WAIT": "forever"], file: file)
        }
        #expect(error?.userMessage == "FORECASTLY_EXTRAS_WAIT must be a number of seconds from 0 to 60; got “forever”. Change or unset it.")
        #expect(error?.exitStatus == .usage)
    }

    @Test func aVariableWithAnUnknownValueIsAUsageErrorUnlessAFlagOverridesIt() throws {
        let error = #expect(throws: EnvironmentSettingError.self) {
            try Settings.resolve(flags: .init(), environment: ["FORECASTLY_UNITS": "kelvin"], file: nil)
        }
        #expect(error?.userMessage == "FORECASTLY_UNITS must be one of metric, imperial, uk; got “kelvin”. Change or unset it.")
        #expect(error?.exitStatus == .usage)
        #expect(try Settings.resolve(flags: .init(units: .metric), environment: ["FORECASTLY_UNITS": "kelvin"], file: nil).units.value == .metric)
        #expect(try Settings.resolve(flags: .init(), environment: ["FORECASTLY_UNITS": "Imperial"], file: nil).units.value == .imperial)
    }
}

/// Each quantity's unit: its own flag, then `--units`, its own variable,
/// `FORECASTLY_UNITS`, its own key, the `units` key, then the locale.
@Suite struct QuantityUnitSettingsTests {
    static let path = "/home/user/.config/forecastly/config.toml"

    static func file(_ text: String) throws -> ConfigurationFile { try ConfigurationFile.parse(Array(text.utf8), path: path) }

    @Test func eachQuantityFollowsThePrecedence() throws {
        let file = try Self.file("units = \"imperial\"\nwind-unit = \"knots\"\npressure-unit = \"mmhg\"\n")
        var settings = try Settings.resolve(flags: .init(), environment: ["LANG": "de_DE.UTF-8"], file: file)
        // The key for wind and pressure, the file's system for the rest.
        #expect(settings.windUnit == Setting(.knots, from: .file(path: Self.path, line: 2)))
        #expect(settings.pressureUnit == Setting(.mmhg, from: .file(path: Self.path, line: 3)))
        #expect(settings.temperatureUnit == Setting(.fahrenheit, from: .file(path: Self.path, line: 1)))
        #expect(settings.distanceUnit.value == .mi)
        // FORECASTLY_UNITS over the own key; the own variable over both.
        settings = try Settings.resolve(flags: .init(), environment: ["FORECASTLY_UNITS": "uk", "FORECASTLY_WIND_UNIT": "beaufort"], file: file)
        #expect(settings.windUnit == Setting(.beaufort, from: .environment("FORECASTLY_WIND_UNIT")))
        #expect(settings.pressureUnit == Setting(.hpa, from: .environment("FORECASTLY_UNITS")))
        #expect(settings.temperatureUnit.value == .celsius)
        // --units over the own variable; the own flag over everything.
        settings = try Settings.resolve(flags: .init(units: .metric, windUnit: .ms),
                                        environment: ["FORECASTLY_PRESSURE_UNIT": "inhg", "FORECASTLY_WIND_UNIT": "knots"], file: file)
        #expect(settings.windUnit == Setting(.ms, from: .flag("--wind-unit")))
        #expect(settings.pressureUnit == Setting(.hpa, from: .flag("--units")))
        #expect(settings.measurementUnits == MeasurementUnits(temperature: .celsius, windSpeed: .ms, pressure: .hpa, precipitation: .mm, distance: .km))
    }

    @Test func aQuantityVariableWithAnUnknownUnitIsAUsageError() throws {
        let error = #expect(throws: EnvironmentSettingError.self) {
            try Settings.resolve(flags: .init(), environment: ["FORECASTLY_WIND_UNIT": "furlongs"], file: nil)
        }
        #expect(error?.userMessage == "FORECASTLY_WIND_UNIT must be one of kmh, ms, mph, knots, beaufort; got “furlongs”. Change or unset it.")
        #expect(try Settings.resolve(flags: .init(windUnit: .kmh), environment: ["FORECASTLY_WIND_UNIT": "furlongs"], file: nil).windUnit.value == .kmh)
    }

    /// National practice: Britain's mph and miles with °C, m/s in the Nordic
    /// countries and Russia, mmHg in Russia, the US customary units.
    @Test(arguments: [
        ("en_GB.UTF-8", MeasurementUnits(temperature: .celsius, windSpeed: .mph, pressure: .hpa, precipitation: .mm, distance: .mi)),
        ("nb_NO.UTF-8", MeasurementUnits(temperature: .celsius, windSpeed: .ms, pressure: .hpa, precipitation: .mm, distance: .km)),
        ("sv_SE.UTF-8", MeasurementUnits(temperature: .celsius, windSpeed: .ms, pressure: .hpa, precipitation: .mm, distance: .km)),
        ("ru_RU.UTF-8", MeasurementUnits(temperature: .celsius, windSpeed: .ms, pressure: .mmhg, precipitation: .mm, distance: .km)),
        ("en_US.UTF-8", MeasurementUnits(temperature: .fahrenheit, windSpeed: .mph, pressure: .inhg, precipitation: .inch, distance: .mi)),
        ("de_DE.UTF-8", MeasurementUnits(temperature: .celsius, windSpeed: .kmh, pressure: .hpa, precipitation: .mm, distance: .km)),
    ] as [(String, MeasurementUnits)])
    func theLocaleFollowsNationalPractice(locale: String, units: MeasurementUnits) throws {
        let settings = try Settings.resolve(flags: .init(), environment: ["LC_MEASUREMENT": locale], file: nil)
        #expect(settings.measurementUnits == units)
        #expect(settings.windUnit.source == .locale(variable: "LC_MEASUREMENT", value: locale))
        // A system chosen anywhere replaces the national practice whole.
        #expect(try Settings.resolve(flags: .init(units: .metric), environment: ["LC_MEASUREMENT": locale], file: nil).measurementUnits == .metric)
    }
}

/// The locale's defaults, as POSIX orders the variables.
@Suite struct LocaleConventionsTests {
    @Test(arguments: [
        (["LANG": "en_US.UTF-8"], UnitSystem.imperial, "LANG"),
        (["LANG": "en_LR"], .imperial, "LANG"),
        (["LANG": "my_MM.UTF-8"], .imperial, "LANG"),
        (["LANG": "en_GB.UTF-8"], .uk, "LANG"),
        (["LANG": "de_DE.UTF-8@euro"], .metric, "LANG"),
        (["LANG": "C.UTF-8"], .metric, "LANG"),
        (["LANG": "en_GB.UTF-8", "LC_MEASUREMENT": "en_US.UTF-8"], .imperial, "LC_MEASUREMENT"),
        (["LC_ALL": "de_DE.UTF-8", "LC_MEASUREMENT": "en_US.UTF-8", "LANG": "en_US.UTF-8"], .metric, "LC_ALL"),
        (["LC_ALL": "", "LANG": "en_US.UTF-8"], .imperial, "LANG"),
    ] as [([String: String], UnitSystem, String)])
    func unitsFollowTheMeasurementLocale(environment: [String: String], units: UnitSystem, variable: String) {
        let conventions = LocaleConventions(environment: environment)
        #expect(conventions.units.value == units)
        guard case .locale(let decidedBy, _) = conventions.units.source else { Issue.record("not from the locale"); return }
        #expect(decidedBy == variable)
    }

    @Test(arguments: [
        (["LANG": "en_US.UTF-8"], HourCycle.twelveHour),
        (["LANG": "en_GB.UTF-8"], .twentyFourHour),
        (["LANG": "de_DE.UTF-8"], .twentyFourHour),
        (["LANG": "en_US.UTF-8", "LC_TIME": "fr_FR.UTF-8"], .twentyFourHour),
        (["LANG": "fr_FR.UTF-8", "LC_TIME": "en_AU.UTF-8"], .twelveHour),
        (["LANG": "C"], .twentyFourHour),
        ([:], .twentyFourHour),
    ] as [([String: String], HourCycle)])
    func theClockFollowsTheTimeLocale(environment: [String: String], clock: HourCycle) {
        #expect(LocaleConventions(environment: environment).clock.value == clock)
    }

    @Test func withoutAnyLocaleTheDefaultsAreBuiltIn() {
        let conventions = LocaleConventions(environment: [:])
        #expect(conventions.units == Setting(.metric, from: .builtIn))
        #expect(conventions.clock == Setting(.twentyFourHour, from: .builtIn))
    }
}

/// The warnings' language: LANGUAGE's first (as gettext reads it), else
/// LC_MESSAGES's, whether or not forecastly has a catalog for it; `--lang`
/// and `lang` in config.toml decide the language everything is shown in.
@Suite struct MessageLanguageTests {
    @Test(arguments: [
        (["LANG": "nb_NO.UTF-8"], "nb"),
        (["LANG": "de_DE.UTF-8", "LANGUAGE": "nl:de"], "nl"),
        (["LANG": "C", "LANGUAGE": "nl"], nil),
        (["LC_ALL": "fr_FR.UTF-8", "LANG": "de_DE.UTF-8"], "fr"),
        ([:], nil),
    ] as [([String: String], String?)])
    func warningsAreAskedInTheLocalesLanguage(environment: [String: String], language: String?) {
        #expect(LocaleConventions.language(environment) == language)
    }

    @Test func theLanguageSettingsPrecedence() throws {
        let file = try ConfigurationFile.parse(Array("lang = \"fr\"\n".utf8), path: "/c.toml")
        let environment = ["LANG": "de_DE.UTF-8", "LANGUAGE": "ja"]
        #expect(try Settings.resolve(flags: .init(), environment: environment, file: nil).language == Setting(Language(matching: "ja")!, from: .locale(variable: "LANGUAGE", value: "ja")))
        #expect(try Settings.resolve(flags: .init(), environment: environment, file: file).language == Setting(Language(matching: "fr")!, from: .file(path: "/c.toml", line: 1)))
        #expect(try Settings.resolve(flags: .init(language: Language(matching: "it")), environment: environment, file: file).language.value.code == "it")
        #expect(try Settings.resolve(flags: .init(), environment: [:], file: nil).language == Setting(.english, from: .builtIn))
        #expect(throws: ConfigurationError.self) { try ConfigurationFile.parse(Array("lang = \"klingon\"\n".utf8), path: "/c.toml") }
    }
}
