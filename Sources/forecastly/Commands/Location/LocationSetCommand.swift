import ArgumentParser
import ForecastCore
import ForecastlyBase
import ForecastPresentation
import Foundation
import LocationProvider
import NetworkTransport

extension LocationCommand {
    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set", abstract: "Store a default place (used by --source manual, and last by auto).")
        @OptionGroup var location: LocationOptions
        @Option(help: ArgumentHelp("A name to show for it (with --city, the city's name).", valueName: "name")) var name: String?

        func validate() throws {
            let cities = try location.cityQueries()
            guard cities.count <= 1 else { throw ValidationError("Store one place: give --city once.") }
            guard try location.coordinate() != nil || !cities.isEmpty else {
                throw ValidationError("Give the place with --lat and --lon, or --city.")
            }
            if let name, name.strippingTerminalControls(limit: 100) != name || name.isEmpty {
                throw ValidationError("--name must be plain text of at most 100 characters.")
            }
        }

        func run() async throws {
            // validate() made sure of coordinates or a city: never the user's location.
            guard let choice = try location.named() else { return }
            let finder = PlaceFinder(choice: choice)
            // Only a name the offline index does not know needs the online geocoder.
            let found: PlaceFinder.Found = if let offline = finder.offline() {
                .place(offline)
            } else {
                try await Services.with(ServiceSettings()) { services in try await finder.find(offline: nil, services: services) }
            }
            // validate() made sure of coordinates or a city: never the user's location.
            guard case .place(let found) = found else { return }
            let place = StoredPlace(coordinate: found.coordinate, name: name ?? found.name)
            let sources = await LocationSources.load()
            try sources.placeStore.save(place)
            let coordinate = place.coordinate.map { "\($0)" } ?? ""
            Terminal.standardOutput.writeLine("Stored \(place.name.map { "\($0) at " } ?? "")\(coordinate) in \(sources.placeStore.path).")
        }
    }
}
