public import ArgumentParser
public import ForecastCore
import Foundation
import LocationProvider
import Logging
import NetworkTransport

extension UnitSystem: ExpressibleByArgument {}

/// `forecastly forecast`: the main job.
struct ForecastCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forecast",
        abstract: "Show the weather now, for the next hours and the coming days (the default command)."
    )

    @OptionGroup(title: "Location")
    var location: LocationOptions

    @OptionGroup(title: "Forecast")
    var forecastOptions: ForecastOptions

    @OptionGroup(title: "Output")
    var output: OutputOptions

    @OptionGroup(title: "Service")
    var service: ServiceOptions

    func validate() throws {
        _ = try location.coordinate()
        try forecastOptions.check()
        try output.check()
    }

    func run() async throws {
        Diagnostics.bootstrap(verbose: output.verbose)
        guard let coordinate = try location.coordinate() else {
            throw ForecastError.invalidInput(
                "give a place with --lat and --lon (for example --lat 50.45 --lon 30.52)"
            )
        }
        let request = try ForecastRequest(coordinate: coordinate, days: forecastOptions.days, units: forecastOptions.units)
        let renderer = try output.renderer()

        let forecast = try await service.withForecastService { service in
            try await ForecastLoader(service: service, showsProgress: renderer.wantsProgress).load(request)
        }
        Terminal.standardOutput.write(renderer.render(forecast, request: request, placeName: nil, hours: forecastOptions.hours))
    }
}
