import ArgumentParser
import ForecastCore
import ForecastlyApp
import ForecastStore
import Foundation

extension NotesCommand {
    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete one note.")
        @Argument(help: ArgumentHelp("The note's number (from 'notes list').", valueName: "id")) var id: Int64

        func run() throws {
            guard try LocalFiles.store().deleteNote(id: id) else { throw NoSuchNote(id: id) }
            Terminal.standardOutput.writeLine("Deleted note \(id).")
        }
    }
}
