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

    @OptionGroup(title: "Locating (without --lat/--lon)")
    var locating: LocationSourceOptions

    @OptionGroup(title: "Forecast")
    var forecastOptions: ForecastOptions

    @OptionGroup(title: "Output")
    var output: OutputOptions

    @OptionGroup(title: "Service")
    var service: ServiceOptions

    func validate() throws {
        _ = try location.coordinate()
        try locating.check()
        try forecastOptions.check()
        try output.check()
        try service.check()
    }

    func run() async throws {
        Diagnostics.bootstrap(verbose: output.verbose)
        let renderer = try output.renderer()
        let loader = ForecastLoader(showsProgress: renderer.wantsProgress)
        let forecast: Forecast
        let request: ForecastRequest?
        if let coordinate = try location.coordinate() {
            // Typed coordinates need no permission and locate nothing.
            let typed = try ForecastRequest(coordinate: coordinate, days: forecastOptions.days, units: forecastOptions.units)
            forecast = try await service.withServices { _, service in try await loader.load(typed, service: service) }
            request = typed
        } else {
            let setup = await LocationSetup.load()
            forecast = try await service.withServices { transport, service in
                let provider = try setup.provider(locating, transport: transport, onSatellites: loader.satelliteReporter)
                if locating.source != .manual {
                    try await PermissionPrompt.ensurePermission(setup: setup, services: setup.servicesDescription(locating, transport: transport))
                }
                return try await loader.locateAndLoad(
                    authorization: setup.authorization, provider: provider, service: service,
                    timeout: locating.timeout, days: forecastOptions.days, units: forecastOptions.units)
            }
            request = nil
        }
        let units = request?.units ?? forecastOptions.units
        Terminal.standardOutput.write(renderer.render(forecast, units: units, placeName: forecast.fix?.placeName, hours: forecastOptions.hours))
    }
}

extension LocationFix {
    /// "Mountain View, US", a stored place's name, or nil for coordinates.
    var placeName: String? {
        guard let city else { return nil }
        return countryCode.map { "\(city), \($0)" } ?? city
    }
}
