import ArgumentParser
import ForecastCore

struct ForecastOptions: ParsableArguments {
    // `.unconditional`, here and on every numeric option: "-3" is a value
    // for check() to refuse, not an option ArgumentParser reports as missing.
    @Option(parsing: .unconditional, help: ArgumentHelp("Days to forecast, 1…16.", valueName: "n"))
    var days: Int = 7

    @Option(parsing: .unconditional, help: ArgumentHelp("Hourly rows to show, 0…48.", valueName: "n"))
    var hours: Int = 8

    @Option(help: ArgumentHelp("metric (°C, km/h, mm) or imperial (°F, mph, in).", valueName: "system"))
    var units: UnitSystem = .metric

    func check() throws {
        do {
            try ForecastRequest.validate(days: days)
        } catch {
            throw ValidationError(error.summary)
        }
        guard (0...ForecastRequest.hourlyHorizon).contains(hours) else {
            throw ValidationError("--hours must be between 0 and 48; got \(hours).")
        }
    }
}
