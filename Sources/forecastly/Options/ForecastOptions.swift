import ForecastlyBase
import ArgumentParser
import ForecastCore
import ForecastlySettings

struct ForecastOptions: ParsableArguments {
    // `.unconditional`, here and on every numeric option: "-3" is a value
    // for validate() to refuse, not an option ArgumentParser reports as missing.
    // Optional, here and in the other settings: nil means "not on the
    // command line", so the environment, config.toml or the locale decides.
    @Option(parsing: .unconditional, help: ArgumentHelp("Days to forecast, 1…16 (default 7, or days in config.toml).", valueName: "n"))
    var days: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("Hourly rows to show, 0…48 (default 8, or hours in config.toml).", valueName: "n"))
    var hours: Int?

    @Option(help: ArgumentHelp(
        "metric (°C, km/h, hPa, mm, km), imperial (°F, mph, inHg, in, mi) or uk (°C, mph, hPa, mm, mi); default FORECASTLY_UNITS, config.toml, then the locale.",
        valueName: "system"))
    var units: UnitSystem?

    // One quantity's unit, over the system's (or FORECASTLY_…_UNIT, or temperature-unit and the others in config.toml).
    @Option(name: .customLong("temperature-unit"), help: ArgumentHelp("celsius or fahrenheit.", valueName: "unit"))
    var temperatureUnit: TemperatureUnit?

    @Option(name: .customLong("wind-unit"), help: ArgumentHelp("kmh, ms, mph, knots or beaufort.", valueName: "unit"))
    var windUnit: SpeedUnit?

    @Option(name: .customLong("pressure-unit"), help: ArgumentHelp("hpa, inhg or mmhg.", valueName: "unit"))
    var pressureUnit: PressureUnit?

    @Option(name: .customLong("precipitation-unit"), help: ArgumentHelp("mm or inch.", valueName: "unit"))
    var precipitationUnit: PrecipitationUnit?

    @Option(name: .customLong("distance-unit"), help: ArgumentHelp("km or mi (visibility).", valueName: "unit"))
    var distanceUnit: DistanceUnit?

    func validate() throws {
        if let days, !ForecastRequest.dayRange.contains(days) {
            throw UsageMistake.error(MessageText("--days must be between 1 and 16; got {value}.", ["value": "\(days)"]))
        }
        if let hours, !(0...ForecastRequest.hourlyHorizon).contains(hours) {
            throw UsageMistake.error(MessageText("--hours must be between 0 and 48; got {value}.", ["value": "\(hours)"]))
        }
    }

    /// These options, with the service's and the clock, as `Settings` takes them.
    func flags(service: ServiceOptions, output: OutputOptions? = nil) -> Settings.Flags {
        Settings.Flags(units: units, provider: service.provider, days: days, hours: hours, clock: output?.clock, apiKey: service.apiKey,
                       airQuality: output?.noAirQuality == true ? false : nil, aqi: output?.aqi,
                       nowcast: output?.noNowcast == true ? false : nil, alerts: output?.noAlerts == true ? false : nil,
                       temperatureUnit: temperatureUnit, windUnit: windUnit, pressureUnit: pressureUnit,
                       precipitationUnit: precipitationUnit, distanceUnit: distanceUnit, language: output?.lang)
    }
}
