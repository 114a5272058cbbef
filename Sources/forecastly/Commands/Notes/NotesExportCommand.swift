import ArgumentParser
import ForecastCore
import ForecastlyBase
import ForecastStore
import Foundation

extension NotesCommand {
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "export", abstract: "Print every note as JSON (newest first).")

        func run() throws {
            Terminal.standardOutput.write(NoteFormat.json(try LocalFiles.store().notes(limit: nil)))
        }
    }
}
