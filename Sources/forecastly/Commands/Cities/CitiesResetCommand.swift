import ArgumentParser
import ForecastCore
import Foundation
import Places

extension CitiesCommand {
    struct Reset: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "reset", abstract: "Remove your imported index and use the bundled places again.")

        func run() throws {
            let index = LocalFiles.places().index
            try index.removeImport()
            Terminal.standardOutput.writeLine("Using the bundled places (GeoNames, 15,000 people or more).")
        }
    }
}
