import ArgumentParser
import ForecastCore
import ForecastlyApp
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
            let (place, path, notes) = try await CommandLineApp.with { application in try await application.storePlace(choice, name: name) }
            RunNotes.print(notes)
            let coordinate = place.coordinate.map { "\($0)" } ?? ""
            Terminal.standardOutput.writeLine("Stored \(place.name.map { "\($0) at " } ?? "")\(coordinate) in \(path).")
        }
    }
}
