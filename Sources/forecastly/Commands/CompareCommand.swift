import ArgumentParser
import ForecastCore
import ForecastlyBase
import ForecastPresentation
import ForecastStore
import Foundation
import NetworkTransport
import Places

/// `forecastly compare "Kyiv, Lviv, Odesa"`: one table, one request.
struct CompareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare the weather in several places (in the order given).",
        discussion: """
        Names are separated by commas; a part that is a country or a US state
        belongs to the name before it: "Paris, TX, Berlin" is two places.
        Up to \(PlaceComparison.maximumPlaces) places (\(WeatherProvider.openWeather.maximumComparedPlaces) with OpenWeather, whose free
        keys allow 60 calls a minute). Open-Meteo answers every place in one
        request; MET Norway and OpenWeather are asked a few places at a time.
        A name that is not found is reported on its own and the others still
        show; the exit status is then that of the failure.
        """
    )

    @Argument(help: ArgumentHelp("Place names, e.g. \"Kyiv, Lviv, Odesa\".", valueName: "places"),
              completion: .custom(PlaceLookup.complete))
    var places: [String] = []

    @Option(help: ArgumentHelp("metric (°C, km/h, mm) or imperial (°F, mph, in).", valueName: "system"))
    var units: UnitSystem = .metric

    @Flag(help: "Print a JSON array (schema in the README).")
    var json = false

    @Flag(name: .customLong("no-color"), help: "Never colour the output (NO_COLOR works too).")
    var noColor = false

    @OptionGroup(title: "Service")
    var service: ServiceOptions

    func validate() throws {
        try service.check()
        guard places.contains(where: { !$0.trimmingWhitespace().isEmpty }) else {
            throw ValidationError("Name the places to compare, e.g. forecastly compare \"Kyiv, Lviv, Odesa\".")
        }
    }

    func run() async throws {
        let gazetteer = try PlaceLookup.gazetteer()
        var queries: [PlaceQuery] = []
        for argument in places {
            queries += try PlaceQuery.list(argument, qualifies: gazetteer.qualifies)
        }
        try await Self.compare(queries, units: units, json: json, noColor: noColor, services: service.settings)
    }

    /// Shared with `forecast --city A --city B`.
    static func compare(_ queries: [PlaceQuery], units: UnitSystem, json: Bool, noColor: Bool, services settings: ServiceSettings) async throws {
        let provider = settings.provider
        guard queries.count <= provider.maximumComparedPlaces else {
            throw ForecastError.invalidInput("\(provider.name) is asked for at most \(provider.maximumComparedPlaces) places at once; got \(queries.count).")
        }
        // Open-Meteo's one request for every place is not cached; the
        // others are asked place by place through the store, so MET
        // Norway's Expires holds here too. No fallback: one table, one
        // provider, credited under it.
        let store = provider == .openMeteo ? nil : Storage.openForCache()
        let entries = try await Services.with(settings) { services in
            let weather: any ForecastService = provider == .openMeteo
                ? services.weather
                : CachingForecastService(base: services.weather, cache: store ?? NoForecastCache(),
                                         policy: .preferStored(maxAge: CachePolicy.defaultMaxAge))
            return try await PlaceComparison.run(queries, resolver: try services.placeResolver(), service: weather, units: units)
        }
        let source = provider.source
        var failure: ExitStatus?
        for case .failed(_, let error) in entries {
            Terminal.standardError.writeLine("forecastly: \(error.userMessage)")
            // A repeated name is only a note; a name that is not found fails the run.
            if !(error is DuplicatePlace) { failure = failure ?? error.exitStatus }
        }
        if json {
            let document = ComparisonDocument(entries: entries, unitSystem: units, source: source, generatedAt: Date())
            Terminal.standardOutput.write(String(decoding: document.encoded(), as: UTF8.self) + "\n")
        } else {
            let style = TerminalStyle.detect(
                isTerminal: Terminal.standardOutput.isTerminal, environment: ProcessInfo.processInfo.environment, disabled: noColor)
            Terminal.standardOutput.write(ComparisonReport(entries: entries, style: style, source: source).render())
        }
        if let failure { throw SilentExit(status: failure) }
    }
}
