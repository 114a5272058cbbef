import ArgumentParser
import ForecastCore
import ForecastlyBase
import ForecastlySettings
import ForecastStore
import Foundation
import LocationProvider
import NetworkTransport

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
            let settings = try Settings.load(Settings.Flags(provider: service.provider, apiKey: service.apiKey))
            let finder = PlaceFinder(choice: try location.choice(locating: locating, settings: settings))
            if withoutWeather {
                // Without the network: typed coordinates, or a city the offline index knows.
                if let place = finder.offline() {
                    (note.latitude, note.longitude) = (place.coordinate.latitude, place.coordinate.longitude)
                    note.placeName = Place.name(given: place.name, at: place.coordinate)
                }
            } else {
                // Today's weather in metric units: notes keep °C whatever the display.
                let run = ForecastRun(finder: finder, days: 1, units: .metric, cache: cache.policy, services: service.settings(settings))
                do {
                    let shown = try await run.load(store: store, loader: ForecastLoader(showsProgress: false))
                    shown.printNotices()
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
}
