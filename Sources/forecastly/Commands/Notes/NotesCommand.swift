import ForecastlyBase
import ArgumentParser
import ForecastlyApp
import ForecastPresentation
import ForecastProviders
import ForecastlySettings

/// `forecastly notes …`: short notes saved with the weather at that moment.
struct NotesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notes",
        abstract: "Save short notes with the weather at that moment, and read them back.",
        subcommands: [Add.self, List.self, Show.self, Delete.self, Export.self],
        defaultSubcommand: List.self
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List notes, newest first.")
        @Option(parsing: .unconditional, help: ArgumentHelp("Show at most this many.", valueName: "n")) var limit: Int?
        @Flag(help: "Print a JSON array (the export format).") var json = false

        func validate() throws {
            if let limit, limit < 1 { throw UsageMistake.error(MessageText("--limit must be 1 or more; got {value}.", ["value": "\(limit)"])) }
        }

        func run() async throws {
            let notes = try await CommandLineApp.with { application in try application.notes(limit: limit) }
            if json {
                Terminal.standardOutput.writeDocument(NoteText.json(notes))
            } else if notes.isEmpty {
                Terminal.standardError.writeLine("forecastly: " + UserLanguage.words()("no notes yet. Add one with 'forecastly notes add \"walk in the park\"'."))
            } else {
                // The reader's units: a place near a town says its distance in them.
                let distance = try Settings.forRun(Settings.Flags()).measurementUnits.distance
                var text = ""
                for note in notes { text += NoteText.line(note, words: UserLanguage.words(), distance: distance) + "\n" }
                Terminal.standardOutput.write(text)
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one note in full.")
        @Argument(help: ArgumentHelp("The note's number (from 'notes list').", valueName: "id")) var id: Int64

        func run() async throws {
            let note = try await CommandLineApp.with { application in try application.note(id: id) }
            let distance = try Settings.forRun(Settings.Flags()).measurementUnits.distance
            Terminal.standardOutput.write(NoteText.details(note, words: UserLanguage.words(), distance: distance, width: Terminal.standardOutput.columns) {
                WeatherProviders.named($0)?.source.attribution
            })
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete one note.")
        @Argument(help: ArgumentHelp("The note's number (from 'notes list').", valueName: "id")) var id: Int64

        func run() async throws {
            try await CommandLineApp.with { application in try application.deleteNote(id: id) }
            Terminal.standardOutput.writeLine(UserLanguage.words()("Deleted note {number}.", ["number": "\(id)"]))
        }
    }

    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "export", abstract: "Print every note as JSON (newest first).")

        func run() async throws {
            let notes = try await CommandLineApp.with { application in try application.notes(limit: nil) }
            Terminal.standardOutput.writeDocument(NoteText.json(notes))
        }
    }
}
