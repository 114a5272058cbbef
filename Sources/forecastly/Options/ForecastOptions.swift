import ArgumentParser
import ForecastCore
import ForecastlySettings

struct ForecastOptions: ParsableArguments {
    // `.unconditional`, here and on every numeric option: "-3" is a value
    // for check() to refuse, not an option ArgumentParser reports as missing.
    // Optional, here and in the other settings: nil means "not on the
    // command line", so the environment, config.toml or the locale decides.
    @Option(parsing: .unconditional, help: ArgumentHelp("Days to forecast, 1…16 (default 7, or days in config.toml).", valueName: "n"))
    var days: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("Hourly rows to show, 0…48 (default 8, or hours in config.toml).", valueName: "n"))
    var hours: Int?

    @Option(help: ArgumentHelp(
        "metric (°C, km/h, mm) or imperial (°F, mph, in); default FORECASTLY_UNITS, config.toml, then the locale (imperial for US, LR, MM).",
        valueName: "system"))
    var units: UnitSystem?

    func check() throws {
        if let days {
            do {
                try ForecastRequest.validate(days: days)
            } catch {
                throw ValidationError(error.summary)
            }
        }
        if let hours, !(0...ForecastRequest.hourlyHorizon).contains(hours) {
            throw ValidationError("--hours must be between 0 and 48; got \(hours).")
        }
    }

    /// These options, with the service's and the clock, as `Settings` takes them.
    func flags(service: ServiceOptions, output: OutputOptions? = nil) -> Settings.Flags {
        Settings.Flags(units: units, provider: service.provider, days: days, hours: hours, clock: output?.clock, apiKey: service.apiKey,
                       airQuality: output?.noAirQuality == true ? false : nil, aqi: output?.aqi,
                       nowcast: output?.noNowcast == true ? false : nil, alerts: output?.noAlerts == true ? false : nil)
    }
}
