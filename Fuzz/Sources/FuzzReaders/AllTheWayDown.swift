import ForecastCore
import ForecastlyBase
import ForecastlyLocalization
import ForecastlyApp
import ForecastlySimulation
import ForecastlyTesting
import ForecastPresentation
import ForecastStore
import Foundation
import NetworkTransport

/// Everything a run does with a forecast it read: every
/// renderer (the report at several widths, with the chart and in ASCII, one
/// line, `--format` with every placeholder, JSON, Waybar, the terminal
/// chart, the SVG), the store and back, and every renderer again on what
/// came back. A trap anywhere is a finding.
enum AllTheWayDown {
    /// Every placeholder there is, once.
    static let everyPlaceholder = LineTemplate.Placeholder.allCases.map { "%\($0.rawValue)" }.joined(separator: " ")

    static func follow(_ forecast: Forecast) {
        render(forecast)
        // Into the store and back, and shown again.
        let key = ForecastCacheKey(Readers.request, provider: forecast.provider)
        let stored = StoredForecast(forecast: forecast, placeName: "Kyiv, UA", fetchedAt: Date(), days: 7, cacheHeaders: CacheHeaders())
        do {
            try store.save(stored, key: key)
            if let back = try store.latest(for: key, fetchedSince: nil) {
                precondition(back.forecast == forecast, "the store changed the forecast")
                render(back.forecast)
            }
        } catch {
            // A store error is an answer; a trap is not.
        }
    }

    /// The answer as forecastly's application reads it from `provider`
    /// (every request answered with `bytes`): fetched, stored, shown, then
    /// shown again from the store as `--offline` would.
    static func throughTheApplication(_ bytes: [UInt8], provider: WeatherProvider) {
        let context = AppContext(
            environment: ["HOME": Readers.directory, "XDG_CACHE_HOME": Readers.directory + "/cache"], transport: Answering(bytes: bytes),
            store: .inMemory(), places: places, backends: SimulatedBackends(source: SimulatedLocationProvider.fixed(Readers.place)),
            records: InMemoryPermissionRecords())
        let application = Application(context: context)
        let settings = ForecastSettings(place: .typed(Readers.place), days: 7, service: ServiceSettings(provider: provider, fallback: false, apiKey: "key"),
                                        cache: .refresh)
        Readers.wait {
            let answer: ForecastAnswer
            do {
                answer = try await application.forecast(settings)
            } catch {
                say(error)
                return
            }
            for note in answer.notes { say(note.message) }
            render(answer.forecast)
            guard let stored = try? application.storedForecast(settings) else { preconditionFailure("a forecast shown was not kept") }
            precondition(stored.forecast == answer.forecast, "the store changed the forecast")
        }
    }

    /// What a run would print about an answer it could not use, in every
    /// language: the server's text travels inside the messages' values.
    static func say(_ error: any Error) {
        guard let error = error as? any UserFacingError else { return }
        for words in languages {
            let line = words.line(error)
            precondition(!line.unicodeScalars.contains { $0.properties.generalCategory == .control }, "a control character in “\(line)”")
        }
    }

    static func say(_ message: MessageText) {
        for words in languages { _ = words.say(message) }
    }

    static let languages = Language.available.map { Words($0) }

    /// The places, opened once for every run.
    static let places = PlaceBook(environment: ["HOME": Readers.directory, "XDG_CACHE_HOME": Readers.directory + "/cache"])

    /// Every request answered with the same bytes.
    struct Answering: HTTPTransport {
        let bytes: [UInt8]
        func get(_ url: URL, headers: [(name: String, value: String)]) async throws(TransportError) -> HTTPResponse {
            HTTPResponse(status: 200, body: bytes)
        }
    }

    /// Every unit a person can choose, in systems and one by one (m/s,
    /// knots, Beaufort, mmHg), so every conversion and its formatting runs.
    static let everyUnits: [MeasurementUnits] = UnitSystem.allCases.map(\.units) + [
        MeasurementUnits(temperature: .celsius, windSpeed: .ms, pressure: .mmhg, precipitation: .mm, distance: .km),
        MeasurementUnits(temperature: .fahrenheit, windSpeed: .knots, pressure: .inhg, precipitation: .inch, distance: .mi),
        MeasurementUnits(temperature: .celsius, windSpeed: .beaufort, pressure: .hpa, precipitation: .mm, distance: .mi),
    ]

    static func render(_ forecast: Forecast) {
        for (index, units) in everyUnits.enumerated() {
            let shown = forecast.converted(to: units)
            precondition(shown.converted(to: .metric) == shown, "a shown forecast was converted twice")
            // English in every unit; Japanese (double-width) and German once.
            renderShown(shown, words: index == 0 ? Words(Language(matching: "ja")!) : index == 1 ? Words(Language(matching: "de")!) : .english)
            _ = ForecastDocument(forecast: forecast, placeName: "Kyiv, UA", units: units, source: forecast.provider.source, generatedAt: Date()).encoded()
        }
        // The sky for every forecast day, as `forecastly sky` shows it.
        for day in forecast.sky() {
            _ = SkyText.parts(day, yesterday: nil, clock: PlaceClock(timeZone: forecast.timeZone), ascii: false,
                              southernHemisphere: forecast.isSouthernHemisphere)
        }
        _ = MeteogramSVG(forecast: forecast.converted(to: .metric), placeName: "Kyiv, UA").render()
    }

    /// Every renderer of a forecast already in the units shown.
    static func renderShown(_ forecast: Forecast, words: Words) {
        for style in [TerminalStyle.plain, TerminalStyle(enabled: true)] {
            var report = ForecastReport(forecast: forecast, placeName: "Kyiv, UA", hours: 48, style: style, source: forecast.provider.source)
            report.words = words
            for width in [nil, 30, 80, 200] as [Int?] {
                report.width = width
                report.chart = width.map { TerminalMeteogram(forecast: forecast, width: $0, ascii: false, style: style) }
                _ = report.render()
            }
            report.ascii = true
            report.hourCycle = .twelveHour
            _ = report.render()
        }
        for text in [LineTemplate.defaultLine, everyPlaceholder] {
            guard var template = try? LineTemplate(text) else { continue }
            template.words = words
            for ascii in [false, true] {
                template.ascii = ascii
                let line = template.render(forecast, placeName: "Kyiv, UA")
                precondition(!line.contains("\n"), "a one-line output broke the line")
                // Both stored origins, for both of their tooltip lines.
                let origin: ForecastOrigin = ascii ? .stale(fetchedAt: Date(timeIntervalSince1970: 0), error: .emptyData(service: .openMeteo)) : .offline(fetchedAt: Date())
                let waybar = WaybarLine(forecast: forecast, placeName: "Kyiv, UA", template: template, origin: origin).render()
                precondition(waybar.filter { $0 == "\n" }.count == 1, "Waybar's object is not one line")
            }
        }
    }

    static let store = try! SQLiteStore.inMemory()
}
