import ArgumentParser
import ForecastCore
import ForecastlyApp
import ForecastlyBase
import ForecastStore
import Foundation

extension NotesCommand {
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one note in full.")
        @Argument(help: ArgumentHelp("The note's number (from 'notes list').", valueName: "id")) var id: Int64

        func run() throws {
            guard let note = try LocalFiles.store().note(id: id) else { throw NoSuchNote(id: id) }
            Terminal.standardOutput.write(NoteFormat.details(note))
        }
    }
}
