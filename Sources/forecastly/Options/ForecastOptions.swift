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

    @OptionGroup var measurements: UnitOptions

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
        measurements.applied(to: Settings.Flags(
            provider: service.provider, days: days, hours: hours, clock: output?.clock, apiKey: service.apiKey,
            airQuality: output?.noAirQuality == true ? false : nil, aqi: output?.aqi,
            nowcast: output?.noNowcast == true ? false : nil, alerts: output?.noAlerts == true ? false : nil, language: output?.lang))
    }
}
