import ArgumentParser
import ForecastCore
import ForecastlyBase
import ForecastStore
import Foundation
import LocationProvider
import NetworkTransport

/// `forecastly notes …`: short notes saved with the weather at that moment.
struct NotesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notes",
        abstract: "Save short notes with the weather at that moment, and read them back.",
        subcommands: [Add.self, List.self, Show.self, Delete.self, Export.self],
        defaultSubcommand: List.self
    )

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Save a note with the current weather where you are (or at --city / --lat --lon).",
            discussion: "If the weather cannot be fetched, nothing is saved; --without-weather saves the note alone.")

        @Argument(help: ArgumentHelp("The note, e.g. \"morning run\".", valueName: "text"))
        var text: String

        @Flag(name: .customLong("without-weather"), help: "Save the note without fetching the weather.")
        var withoutWeather = false

        @OptionGroup(title: "Location") var location: LocationOptions
        @OptionGroup(title: "Locating (without --lat/--lon)") var locating: LocationSourceOptions
        @OptionGroup(title: "Service") var service: ServiceOptions
        @OptionGroup(title: "Cache") var cache: CacheOptions

        static let maximumLength = 1_000

        func validate() throws {
            let trimmed = text.trimmingWhitespace()
            guard !trimmed.isEmpty else { throw ValidationError("The note is empty.") }
            guard trimmed.count <= Self.maximumLength else {
                throw ValidationError("The note is \(trimmed.count) characters long; at most \(Self.maximumLength).")
            }
            guard trimmed.strippingTerminalControls(limit: Self.maximumLength) == trimmed else {
                throw ValidationError("The note contains control characters.")
            }
            guard try location.cityQueries().count <= 1 else { throw ValidationError("A note has one place: give --city once.") }
            try locating.check()
            try service.check()
            try cache.check()
        }

        func run() async throws {
            Diagnostics.bootstrap(verbose: false)
            let store = try Storage.open()
            let text = self.text.trimmingWhitespace()
            var note = NewWeatherNote(createdAt: Date(), text: text, placeName: nil, latitude: nil, longitude: nil, weather: nil)
            if withoutWeather {
                if let coordinate = try location.coordinate() {
                    (note.latitude, note.longitude) = (coordinate.latitude, coordinate.longitude)
                    note.placeName = PlaceLookup.name(near: coordinate)
                } else if let city = try location.cityQueries().first, let resolution = PlaceLookup.resolveOffline(city) {
                    (note.latitude, note.longitude) = (resolution.place.coordinate.latitude, resolution.place.coordinate.longitude)
                    note.placeName = resolution.place.displayName
                }
            } else {
                // Today's weather in metric units: notes keep °C whatever the display.
                let run = ForecastRun(finder: PlaceFinder(choice: try location.choice(locating: locating.settings)),
                                      days: 1, units: .metric, cache: cache.policy, services: service.settings)
                do {
                    let shown = try await run.load(store: store, loader: ForecastLoader(showsProgress: false))
                    // A stale forecast is not "the weather at that moment".
                    if case .stale(_, let error) = shown.origin { throw error }
                    note.placeName = shown.placeName
                    note.latitude = shown.forecast.requestedCoordinate.latitude
                    note.longitude = shown.forecast.requestedCoordinate.longitude
                    note.weather = WeatherNote.Weather(shown.forecast)
                } catch let error as any UserFacingError {
                    throw NoteNotSaved(reason: error)
                }
            }
            let saved = try store.add(note)
            Terminal.standardOutput.writeLine("Saved note \(saved.id): \(NoteFormat.line(saved))")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List notes, newest first.")
        @Option(parsing: .unconditional, help: ArgumentHelp("Show at most this many.", valueName: "n")) var limit: Int?
        @Flag(help: "Print a JSON array (the export format).") var json = false

        func validate() throws {
            if let limit, limit < 1 { throw ValidationError("--limit must be 1 or more; got \(limit).") }
        }

        func run() throws {
            let notes = try Storage.open().notes(limit: limit)
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

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one note in full.")
        @Argument(help: ArgumentHelp("The note's number (from 'notes list').", valueName: "id")) var id: Int64

        func run() throws {
            guard let note = try Storage.open().note(id: id) else { throw NoSuchNote(id: id) }
            Terminal.standardOutput.write(NoteFormat.details(note))
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete one note.")
        @Argument(help: ArgumentHelp("The note's number (from 'notes list').", valueName: "id")) var id: Int64

        func run() throws {
            guard try Storage.open().deleteNote(id: id) else { throw NoSuchNote(id: id) }
            Terminal.standardOutput.writeLine("Deleted note \(id).")
        }
    }

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "export", abstract: "Print every note as JSON (newest first).")

        func run() throws {
            Terminal.standardOutput.write(NoteFormat.json(try Storage.open().notes(limit: nil)))
        }
    }
}

/// The weather could not be fetched, so the note was not saved.
struct NoteNotSaved: UserFacingError {
    var reason: any UserFacingError
    var summary: String { "The note was not saved: \(reason.summary)" }
    var advice: String? { "Try again, or save it with --without-weather." }
    var exitStatus: ExitStatus { reason.exitStatus }
}

struct NoSuchNote: UserFacingError {
    var id: Int64
    var summary: String { "There is no note \(id)." }
    var advice: String? { "See the numbers with 'forecastly notes list'." }
    var exitStatus: ExitStatus { .usage }
}
