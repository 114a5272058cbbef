import ArgumentParser
import ForecastlyBase
import ForecastStore
import Foundation
import LocationProvider

/// `forecastly notes …`: short notes saved with the weather at that moment.
struct NotesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notes",
        abstract: "Save short notes with the weather at that moment, and read them back.",
        subcommands: [Add.self, List.self, Show.self, Delete.self, Export.self],
        defaultSubcommand: List.self
    )
}
