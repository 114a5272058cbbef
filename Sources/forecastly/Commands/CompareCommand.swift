import ForecastlyBase
import ArgumentParser
import ForecastlyLocalization
import ForecastCore
import ForecastlyApp
import ForecastlySettings
import ForecastProviders
import Foundation
import Places

/// `forecastly compare "Kyiv, Lviv, Odesa"`: one table, one request.
struct CompareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare the weather in several places (in the order given).",
        discussion: """
        Names are separated by commas; a part that is a country or a US state
        belongs to the name before it: "Paris, TX, Berlin" is two places.

        Up to \(PlaceComparison.maximumPlaces) places\(CompareHelp.fewer). \(CompareHelp.requests)

        A name that is not found is reported on its own and the others still
        show; the exit status is then that of the failure. When the provider
        cannot be reached, each place is shown as an earlier run stored it,
        with a warning that gives its age.
        """
    )

    @Argument(help: ArgumentHelp("Place names, e.g. \"Kyiv, Lviv, Odesa\".", valueName: "places"),
              completion: .custom(PlaceCompletion.complete))
    var places: [String] = []

    @OptionGroup var measurements: UnitOptions

    @Flag(help: "Print a JSON array (its schema: the JSONSchema article of ForecastPresentation's documentation).")
    var json = false

    @OptionGroup var display: DisplayOptions

    @Flag(name: .customLong("no-alerts"), help: "Do not mark the places where an official warning is in force (or alerts = false in config.toml).")
    var noAlerts = false

    @OptionGroup(title: "Service")
    var service: ServiceOptions

    func validate() throws {
        guard places.contains(where: { !$0.trimmingWhitespace().isEmpty }) else {
            throw UsageMistake.error(MessageText("Name the places to compare, e.g. forecastly compare \"Kyiv, Lviv, Odesa\"."))
        }
    }

    func run() async throws {
        let settings = try Settings.forRun(measurements.applied(to: Settings.Flags(
            provider: service.provider, apiKey: service.apiKey, alerts: noAlerts ? false : nil, language: display.lang)))
        let places = self.places
        try await Self.show({ try $0.placeList(places) }, settings: settings, service: service, json: json, noColor: display.noColor)
    }

    /// The table (or JSON) for the places `queries` reads, as `compare` and
    /// `forecast` with several `--city` show it.
    static func show(
        _ queries: (Application) throws -> [PlaceQuery], settings: Settings, service: ServiceOptions, json: Bool, noColor: Bool
    ) async throws {
        let comparison = try await CommandLineApp.with(timeout: service.timeout) { application in
            try await application.compare(try queries(application), service: service.settings(settings), alerts: settings.alerts.value)
        }
        try ComparisonOutput.print(comparison, units: settings.measurementUnits, words: settings.words, provider: settings.provider.value,
                                   json: json, noColor: noColor)
    }
}

/// What `compare --help` says of the providers, from their registrations.
private enum CompareHelp {
    /// " (30 with OpenWeather, within its rate limits)".
    static var fewer: String {
        let limited = WeatherProviders.all.map(\.provider).filter { $0.maximumComparedPlaces < PlaceComparison.maximumPlaces }
        guard !limited.isEmpty else { return "" }
        return " (" + limited.map { "\($0.maximumComparedPlaces) with \($0.name)" }.joined(separator: ", ") + ", within its rate limits)"
    }

    /// "Open-Meteo answers every place in one request; the others are asked a few places at a time."
    static var requests: String {
        let many = WeatherProviders.all.map(\.provider).filter(\.answersManyPlacesAtOnce).map(\.name)
        guard !many.isEmpty else { return "Each provider is asked a few places at a time." }
        return "\(many.joined(separator: " and ")) \(many.count == 1 ? "answers" : "answer") every place in one request; the others are asked a few places at a time."
    }
}
