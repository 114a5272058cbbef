import ForecastCore
import ForecastlyBase
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

    @Test func theFilesPlaceIsTheDefaultPlace() throws {
        let settings = try Settings.resolve(flags: .init(), environment: [:], file: try Self.file("place = \"50.45, 30.52\"\n"))
        #expect(settings.place == Setting("50.45, 30.52", from: .file(path: Self.path, line: 1)))
    }

    @Test func aVariableWithAnUnknownValueIsAUsageErrorUnlessAFlagOverridesIt() throws {
        let error = #expect(throws: EnvironmentSettingError.self) {
            try Settings.resolve(flags: .init(), environment: ["FORECASTLY_UNITS": "kelvin"], file: nil)
        }
        #expect(error?.userMessage == "FORECASTLY_UNITS must be one of metric, imperial; got “kelvin”. Change or unset it.")
        #expect(error?.exitStatus == .usage)
        #expect(try Settings.resolve(flags: .init(units: .metric), environment: ["FORECASTLY_UNITS": "kelvin"], file: nil).units.value == .metric)
        #expect(try Settings.resolve(flags: .init(), environment: ["FORECASTLY_UNITS": "Imperial"], file: nil).units.value == .imperial)
    }
}

/// The locale's defaults, as POSIX orders the variables.
@Suite struct LocaleConventionsTests {
    @Test(arguments: [
        (["LANG": "en_US.UTF-8"], UnitSystem.imperial, "LANG"),
        (["LANG": "en_LR"], .imperial, "LANG"),
        (["LANG": "my_MM.UTF-8"], .imperial, "LANG"),
        (["LANG": "en_GB.UTF-8"], .metric, "LANG"),
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
