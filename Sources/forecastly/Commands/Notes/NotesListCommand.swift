import ArgumentParser
import ForecastCore
import ForecastlyBase
import ForecastStore
import Foundation
import NetworkTransport

extension NotesCommand {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List notes, newest first.")
        @Option(parsing: .unconditional, help: ArgumentHelp("Show at most this many.", valueName: "n")) var limit: Int?
        @Flag(help: "Print a JSON array (the export format).") var json = false

        func validate() throws {
            if let limit, limit < 1 { throw ValidationError("--limit must be 1 or more; got \(limit).") }
        }

        func run() throws {
            let notes = try LocalFiles.store().notes(limit: limit)
            if json {
                Terminal.standardOutput.write(NoteFormat.json(notes))
            } else if notes.isEmpty {
                Terminal.standardError.writeLine("forecastly: no notes yet. Add one with 'forecastly notes add \"walk in the park\"'.")
            } else {
                var text = ""
                for note in notes { text += "\(NoteFormat.line(note))\n" }
                Terminal.standardOutput.write(text)
            }
        }
    }
}
