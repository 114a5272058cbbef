import ArgumentParser
import ForecastCore

struct ForecastOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Days to forecast, 1…16.", valueName: "n"))
    var days: Int = 7

    @Option(help: ArgumentHelp("Hourly rows to show, 0…48.", valueName: "n"))
    var hours: Int = 8

    @Option(help: ArgumentHelp("metric (°C, km/h, mm) or imperial (°F, mph, in).", valueName: "system"))
    var units: UnitSystem = .metric

    func check() throws {
        guard ForecastRequest.dayRange.contains(days) else {
            throw ValidationError("--days must be between 1 and 16 (Open-Meteo forecasts at most 16 days); got \(days).")
        }
        guard (0...ForecastRequest.hourlyHorizon).contains(hours) else {
            throw ValidationError("--hours must be between 0 and 48; got \(hours).")
        }
    }
}
