import ArgumentParser
import Foundation

/// `forecastly cities …`: the offline place index.
struct CitiesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cities",
        abstract: "Search the offline place index, or import a larger one from GeoNames.",
        subcommands: [Search.self, Import.self, Status.self, Reset.self],
        defaultSubcommand: Search.self
    )
}
