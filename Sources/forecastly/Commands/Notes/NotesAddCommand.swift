import ForecastlyBase
import ArgumentParser
import ForecastlySettings
import ForecastPresentation

extension NotesCommand {
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Save a note with the current weather where you are (or at --city / --lat --lon).",
            discussion: "If the weather cannot be fetched, nothing is saved; --without-weather saves the note alone.")

        @Argument(help: ArgumentHelp("The note, e.g. morning run (the words need no quotes).", valueName: "text"))
        var words: [String] = []

        /// The note: every word given, as one line.
        var text: String { words.joined(separator: " ") }

        @Flag(name: .customLong("without-weather"), help: "Save the note without fetching the weather.")
        var withoutWeather = false

        @OptionGroup(title: "Location") var location: LocationOptions
        @OptionGroup(title: "Locating (without --lat/--lon)") var locating: LocationSourceOptions
        @OptionGroup(title: "Service") var service: ServiceOptions
        @OptionGroup(title: "Cache") var cache: CacheOptions

        static let maximumLength = 1_000

        func validate() throws {
            let trimmed = text.trimmingWhitespace()
            guard !trimmed.isEmpty else { throw UsageMistake.error(MessageText("The note is empty.")) }
            guard trimmed.count <= Self.maximumLength else {
                throw UsageMistake.error(MessageText("The note is {count} characters long; at most {limit}.", ["count": "\(trimmed.count)", "limit": "\(Self.maximumLength)"]))
            }
            guard trimmed.strippingTerminalControls(limit: Self.maximumLength) == trimmed else {
                throw UsageMistake.error(MessageText("The note contains control characters."))
            }
            guard try location.cityQueries().count <= 1 else { throw UsageMistake.error(MessageText("A note has one place: give --city once.")) }
        }

        func run() async throws {
            Diagnostics.bootstrap(verbose: false)
            let settings = try Settings.forRun(Settings.Flags(provider: service.provider, apiKey: service.apiKey))
            let choice = try location.choice(locating: locating, settings: settings)
            let (saved, notes) = try await CommandLineApp.with(timeout: service.timeout) { application in
                try await application.addNote(
                    text.trimmingWhitespace(), at: choice, withoutWeather: withoutWeather, service: service.settings(settings), cache: cache.policy)
            }
            RunNotes.print(notes)
            let words = UserLanguage.words()
            Terminal.standardOutput.writeLine(words("Saved {note}", ["note": NoteText.line(saved, words: words, distance: settings.measurementUnits.distance)]))
        }
    }
}
