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
        if try location.cityQueries().count > 1, output.format != nil || output.oneline {
            throw ValidationError("--format and --oneline show one place; several --city names make a table (or --json).")
        }
        try locating.check()
        try forecastOptions.check()
        try output.check()
        try service.check()
    }

    func run() async throws {
        Diagnostics.bootstrap(verbose: output.verbose)
        let cities = try location.cityQueries()
        if cities.count > 1 {
            try await CompareCommand.compare(cities, units: forecastOptions.units, json: output.json, noColor: output.noColor, service: service)
            return
        }
        let renderer = try output.renderer()
        let loader = ForecastLoader(showsProgress: renderer.wantsProgress)
        let forecast: Forecast
        var place: GazetteerPlace?
        if let city = cities.first {
            (forecast, place) = try await service.withServices { transport, service in
                let resolution = try await Places.resolver(transport: transport).resolve(city)
                if let note = resolution.ambiguityNote { Terminal.standardError.writeLine("forecastly: note: \(note)") }
                let request = try ForecastRequest(coordinate: resolution.place.coordinate, days: forecastOptions.days, units: forecastOptions.units)
                return (try await loader.load(request, service: service), resolution.place)
            }
        } else if let coordinate = try location.coordinate() {
            // Typed coordinates need no permission and locate nothing.
            let typed = try ForecastRequest(coordinate: coordinate, days: forecastOptions.days, units: forecastOptions.units)
            forecast = try await service.withServices { _, service in try await loader.load(typed, service: service) }
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
        }
        // A named city, the place an IP service or the stored place names,
        // else the nearest place in the gazetteer ("near Bielefeld, DE (3 km)").
        let name = place?.displayName ?? forecast.fix?.placeName ?? Places.name(near: forecast.requestedCoordinate)
        Terminal.standardOutput.write(renderer.render(forecast, units: forecastOptions.units, placeName: name, hours: forecastOptions.hours, place: place))
    }
}

extension LocationFix {
    /// "Mountain View, US", a stored place's name, or nil for coordinates.
    var placeName: String? {
        guard let city else { return nil }
        return countryCode.map { "\(city), \($0)" } ?? city
    }
}
