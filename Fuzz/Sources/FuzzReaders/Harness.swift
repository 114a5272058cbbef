import ForecastCore
import ForecastPresentation
import ForecastProviders
import ForecastStore
import ForecastlyBase
import ForecastlySettings
import ForecastlySimulation
import ForecastlyTesting
import Foundation
import LocationProvider
import NetworkTransport
import Places

/// SwiftPM links an executable through `FuzzReaders_main` (it makes `main`
/// an alias of it); libFuzzer's driver takes over from there.
@_cdecl("FuzzReaders_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, fuzz)
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

/// One libFuzzer entry point for every reader of outside data; the
/// environment variable FUZZ_TARGET names the reader. Any error is fine:
/// a trap, a hang or runaway memory is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    Readers.read(bytes, as: Readers.target)
    return 0
}

enum Readers {
    static let target = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? "open-meteo"
    static let names = ["open-meteo", "met-norway", "openweather", "ip-geolocation", "geocoder", "geonames",
                        "place-index", "decision-file", "stored-place", "policy-file", "format-template", "track", "scenario",
                        "gpsd-address", "gpsd-stream", "gpsd-requests", "dbus-clients", "portal-options", "zone-table", "stored-note"]

    static let place = try! Coordinate(latitude: 50.45, longitude: 30.52)
    static let request = try! ForecastRequest(coordinate: place, days: 7)
    /// FUZZ_WORKDIR, or a directory of this process's own.
    static let directory: String = {
        let path = ProcessInfo.processInfo.environment["FUZZ_WORKDIR"] ?? NSTemporaryDirectory() + "forecastly-fuzz-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    static func read(_ bytes: [UInt8], as target: String) {
        let ok = HTTPResponse(status: 200, body: bytes)
        switch target {
        // Each provider's answer, followed through everything a run does with it.
        case "open-meteo":
            if let forecast = try? OpenMeteoService.forecast(from: ok, for: request) { AllTheWayDown.follow(forecast) }
            AllTheWayDown.throughTheApplication(bytes, provider: .openMeteo)
            for forecast in (try? OpenMeteoService.forecasts(from: ok, for: [request, request])) ?? [] { AllTheWayDown.render(forecast) }
        case "met-norway":
            if case .fetched(let forecast, _, _)? = try? MetNorwayService.interpret(ok, for: request, conditional: false, timeZone: .gmt) {
                AllTheWayDown.follow(forecast)
            }
            AllTheWayDown.throughTheApplication(bytes, provider: .metNorway)
        case "openweather":
            if let forecast = try? OpenWeatherService.forecast(current: ok, fiveDays: ok, for: request, timeZone: .gmt) { AllTheWayDown.follow(forecast) }
            if let forecast = try? OpenWeatherService.forecast(oneCall: ok, for: request, timeZone: .gmt) { AllTheWayDown.follow(forecast) }
            AllTheWayDown.throughTheApplication(bytes, provider: .openWeather)
        case "ip-geolocation":
            let provider = try! IPGeolocationProvider(url: URL(string: "http://127.0.0.1/")!, transport: Answer(bytes), allowInsecure: true)
            wait { _ = try? await provider.currentLocation(timeout: .seconds(5)) }
        case "geocoder":
            let geocoder = try! OpenMeteoGeocoder(baseURL: URL(string: "http://127.0.0.1")!, transport: Answer(bytes))
            wait { _ = try? await geocoder.search(try! PlaceQuery("Kyiv")) }
        case "geonames":
            // Text, gzip or zip, as a dump is published or kept.
            let suffix = bytes.starts(with: [0x1F, 0x8B]) ? "gz" : bytes.starts(with: [0x50, 0x4B]) ? "zip" : "txt"
            let path = file(bytes, name: "cities.\(suffix)")
            let index = PlaceIndex(directories: XDGDirectories(environment: ["HOME": directory, "XDG_DATA_HOME": directory + "/data", "XDG_CACHE_HOME": directory + "/cache"]))
            if let gazetteer = try? index.importDump(at: path), gazetteer.count > 0 {
                _ = gazetteer.search(try! PlaceQuery("a"))
                _ = gazetteer.nearest(to: place)
                // As a run names a point (50 km) and finds its warnings' country (100 km).
                _ = gazetteer.locality(of: place, within: 50_000)
                _ = gazetteer.locality(of: place, within: 100_000)
            }
        case "place-index":
            // The index as it is memory-mapped: rejected, or read in bounds.
            if let gazetteer = try? Gazetteer.open(path: file(bytes, name: "cities.idx")) {
                _ = gazetteer.search(try! PlaceQuery("ky"), limit: 20)
                _ = gazetteer.matches(try! PlaceQuery("Kyiv"))
                _ = gazetteer.suggestions(for: try! PlaceQuery("Kyyiv"))
                if gazetteer.count > 0 {
                    _ = gazetteer.nearest(to: place)
                    _ = gazetteer.locality(of: place, within: 50_000)
                    _ = gazetteer.locality(of: place, within: 100_000)
                    _ = gazetteer.place(at: gazetteer.count - 1)
                    _ = gazetteer.timeZone(at: place)
                }
            }
        case "stored-forecast":
            // A row of the store, damaged or from another forecastly: read as a
            // run reads it (checked as an answer is), then everything a run does with it.
            if let forecast = try? SQLiteStore.forecast(from: Data(bytes)), (try? PhysicalLimits.check(forecast)) != nil {
                AllTheWayDown.follow(forecast)
            }
        case "stored-note":
            // A note's text and place as the store holds them (a NUL between),
            // damaged or written by another forecastly: kept, read back, and
            // said in every language and unit, never with a terminal control.
            let fields = String(decoding: bytes, as: UTF8.self).split(separator: "\u{0}", maxSplits: 1, omittingEmptySubsequences: false)
            let note = NewWeatherNote(createdAt: Date(timeIntervalSince1970: 1_795_238_100), text: String(fields[0]),
                                      placeName: fields.count > 1 ? String(fields[1]) : nil, latitude: nil, longitude: nil, weather: nil)
            guard let kept = try? AllTheWayDown.store.add(note) else { return }
            defer { try? AllTheWayDown.store.deleteNote(id: kept.id) }
            guard let back = try? AllTheWayDown.store.note(id: kept.id) else { preconditionFailure("a note kept was not read back") }
            precondition(back == kept, "the store changed the note")
            for words in AllTheWayDown.languages {
                for distance in DistanceUnit.allCases {
                    let said = NoteText.line(back, words: words, distance: distance)
                        + NoteText.details(back, words: words, distance: distance, width: 40) { _ in nil }
                    precondition(!said.unicodeScalars.contains { $0 != "\n" && isTerminalControl($0) }, "a note reaches the terminal raw: \(said.debugDescription)")
                }
            }
            _ = NoteText.json([back])
        case "decision-file":
            let store = FileAuthorizationStore(path: file(bytes, name: "location.json"))
            wait { _ = await store.load() }
        case "stored-place":
            _ = PlaceStore(path: file(bytes, name: "place.json")).load()
        case "policy-file":
            _ = LocationPolicy.load(path: file(bytes, name: "policy.json"))
        case "air-quality":
            // As a run uses an answer: decoded, then every output that shows the air.
            if let air = try? OpenMeteoAirQualityService.airQuality(from: HTTPResponse(status: 200, body: bytes)) {
                for scale in AirQualityScale.allCases {
                    var report = ForecastReport(forecast: sample, placeName: "Kyiv, UA", hours: 8, style: .plain, source: .openMeteo)
                    report.extras.airQuality = air
                    report.extras.airQualityScale = scale
                    for width in [40, 80, 200] {
                        report.width = width
                        _ = report.render()
                    }
                    report.ascii = true
                    _ = report.render()
                    var document = ForecastDocument(forecast: sample, placeName: "Kyiv, UA", units: .metric, source: .openMeteo, generatedAt: Date())
                    document.extras.airQuality = air
                    document.extras.airQualityScale = scale
                    _ = document.encoded()
                    if var template = try? LineTemplate("%Q %l %t") {
                        template.extras.airQuality = air
                        template.extras.airQualityScale = scale
                        _ = template.render(sample, placeName: "Kyiv, UA")
                    }
                }
            }
        case "nowcast":
            // Decoded, then every output that shows the next two hours.
            // Each source's reader: Open-Meteo's minutely_15 and MET Norway's radar.
            let response = HTTPResponse(status: 200, body: bytes)
            for nowcast in [try? OpenMeteoNowcastService.nowcast(from: response), try? MetNorwayNowcastService.nowcast(from: response)].compactMap({ $0 }) {
                let now = nowcast.steps.first?.time ?? Date()
                var report = ForecastReport(forecast: sample, placeName: "Kyiv, UA", hours: 8, style: .plain, source: .openMeteo)
                report.extras.nowcast = nowcast
                report.now = now
                for width in [40, 80] {
                    report.width = width
                    _ = report.render()
                }
                report.ascii = true
                _ = report.render()
                var document = ForecastDocument(forecast: sample, placeName: "Kyiv, UA", units: .metric, source: .openMeteo, generatedAt: now)
                document.extras.nowcast = nowcast
                _ = document.encoded()
                if var template = try? LineTemplate("%N") {
                    template.extras.nowcast = nowcast
                    template.now = now
                    _ = template.render(sample, placeName: nil)
                }
            }
        case "alerts":
            // Each service's reader, then everything a run does with a
            // bulletin: the store and back, the places it covers, and every
            // output that shows warnings.
            let response = HTTPResponse(status: 200, body: bytes)
            let fetched = Date(timeIntervalSince1970: 1_786_844_940)
            let bulletins = [try? NWSAlertService.bulletin(from: response, fetchedAt: fetched),
                             try? MetNorwayAlertService.bulletin(from: response, fetchedAt: fetched),
                             try? MeteoAlarmService.bulletin(from: response, fetchedAt: fetched, languages: ["nl"])].compactMap { $0 }
            // MET's sea areas read from the same bytes, as the coverage of every bulletin read.
            let seaAreas = try? MetNorwaySeaAreas.outlines(from: response)
            for var read in bulletins {
                if let seaAreas { read.coverage = seaAreas }
                let scope = AlertScope(source: read.source, key: "fuzz")
                try? alertStore.save(read, scope: scope)
                let bulletin = (try? alertStore.bulletin(scope: scope)) ?? read
                var points = [try! Coordinate(latitude: 19.72, longitude: -155.09), try! Coordinate(latitude: 62.2, longitude: 5.1)]
                for alert in bulletin.alerts {
                    if case .shape(let polygons) = alert.area, let first = polygons.first?.rings.first?.first { points.append(first) }
                }
                for point in points.prefix(6) {
                    let alerts = bulletin.warnings(for: AlertPlace(coordinate: point, countryCode: "US", regionNames: ["Drenthe"]), at: fetched)
                    var report = ForecastReport(forecast: sample, placeName: "Hilo, HI, US", hours: 4, style: TerminalStyle(enabled: true), source: .openMeteo)
                    report.extras.alerts = alerts
                    report.now = fetched
                    for width in [40, 80] {
                        report.width = width
                        _ = report.render()
                    }
                    report.ascii = true
                    _ = report.render()
                    var document = ForecastDocument(forecast: sample, placeName: "Hilo", units: .metric, source: .openMeteo, generatedAt: fetched)
                    document.extras.alerts = alerts
                    _ = document.encoded()
                    if var template = try? LineTemplate("%A %t") {
                        template.extras.alerts = alerts
                        template.now = fetched
                        // The one-line outputs stay one line, whatever a service sends.
                        precondition(!template.render(sample, placeName: nil).contains("\n"), "%A broke the line")
                        precondition(WaybarLine(forecast: sample, placeName: "Hilo", template: template).render().filter { $0 == "\n" }.count == 1,
                                     "Waybar's object is not one line")
                    }
                    _ = AlertText.full(alerts, placeName: "Hilo", clock: PlaceClock(timeZone: sample.timeZone), now: fetched, style: TerminalStyle(enabled: true))
                }
            }
        case "config-file":
            // As a run reads it: the file (its mode says a key may be used),
            // every setting decided from it, and what `forecastly config` says.
            if let file = try? ConfigurationFile.parse(bytes, path: "config.toml", mode: 0o600),
               let settings = try? Settings.resolve(flags: .init(), environment: ["LANG": "en_US.UTF-8"], file: file) {
                _ = [settings.units.source, settings.provider.source, settings.days.source, settings.hours.source,
                     settings.clock.source].map(\.description)
                _ = settings.place.map { Coordinate.decimalPair($0.value) }
            }
        case "format-template":
            if let template = try? LineTemplate(String(decoding: bytes, as: UTF8.self)) {
                _ = template.render(sample, placeName: "Kyiv, UA")
            }
        case "track":
            _ = try? Track.read(from: URL(fileURLWithPath: file(bytes, name: "route")))
        case "scenario":
            _ = try? Scenario.load(from: URL(fileURLWithPath: file(bytes, name: "story.json")))
        case "gpsd-address":
            _ = GPSDAddress(String(decoding: bytes, as: UTF8.self))
        case "gpsd-stream":
            // The bytes as all gpsd says; the peer hangs up after them, so
            // the timeout ends only a reader that stopped reading.
            let gpsd = LoopbackGPSD.shared
            gpsd.serve(bytes) {
                let provider = GPSDLocationProvider(address: gpsd.address, deviceCheckPatience: .milliseconds(100))
                wait { _ = try? await provider.currentLocation(timeout: .seconds(5)) }
            }
        case "gpsd-requests":
            // What a client sends `forecastly simulate serve`'s gpsd: every
            // answer is one JSON object a line, as gpsd's clients read them.
            for line in SimulatedGPSD.conversation(bytes) {
                precondition(!line.contains("\n") && !line.contains("\r"), "an answer spans lines")
                precondition((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "an answer is not JSON: \(line)")
            }
        case "portal-options":
            PortalOptions.read(bytes)
        case "zone-table":
            // The system's zone.tab, as a point far from every town reads it:
            // the zone it names, then MET Norway's days built in that calendar
            // and every renderer.
            let table = ZoneTable(parsing: String(decoding: bytes, as: UTF8.self))
            let zones = table.zones.map { Gazetteer.timeZoneAway(from: $0.coordinate, zones: table) }
            // One calendar is enough to follow: the days are MET's whatever the zone's name.
            if let found = zones.last {
                let met = HTTPResponse(status: 200, body: metNorwaySample)
                if case .fetched(let forecast, _, _)? = try? MetNorwayService.interpret(met, for: request, conditional: false, timeZone: found) {
                    AllTheWayDown.follow(forecast)
                }
            }
        case "dbus-clients":
            // What D-Bus clients make the served GeoClue and portal do, among
            // the story's positions, switch and grants: the promises kept, and
            // all that goes back to the bus or the terminal well formed.
            let said = ServedClients.conversation(bytes)
            precondition(said.violations.isEmpty, "a privacy promise broke: \(said.violations)")
            for path in said.paths { precondition(isObjectPath(path), "not a D-Bus object path: \(path)") }
            for line in said.log { precondition(!line.unicodeScalars.contains(where: isTerminalControl), "a client's text reaches the terminal raw: \(line.debugDescription)") }
            for told in said.told {
                precondition((-90...90).contains(told.latitude) && (-180...180).contains(told.longitude) && told.accuracy >= 0, "told \(told)")
            }
            precondition(said.status != nil, "ctl status is no JSON")
        default:
            fatalError("FUZZ_TARGET must be one of \(names.joined(separator: ", "))")
        }
    }

    /// D-Bus's object-path grammar: "/", or "/"-separated non-empty
    /// elements of [A-Za-z0-9_] (sd-bus refuses anything else).
    static func isObjectPath(_ path: String) -> Bool {
        if path == "/" { return true }
        guard path.hasPrefix("/"), !path.hasSuffix("/") else { return false }
        return path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).allSatisfy { element in
            !element.isEmpty && element.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
        }
    }

    /// What `strippingTerminalControls` removes: C0, DEL, C1 and bidirectional overrides.
    static func isTerminalControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// A forecast to render templates with.
    static let sample: Forecast = {
        let body = try! Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../Tests/Fixtures/open-meteo/forecast_current_hourly_daily_zagreb.json").standardized)
        return try! OpenMeteoService.forecast(from: HTTPResponse(status: 200, body: Array(body)), for: request)
    }()

    /// A recorded MET Norway answer, for the days a zone makes of it.
    static let metNorwaySample: [UInt8] = Array(try! Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Tests/Fixtures/met-norway/compact_oslo_2026-02-06_snow_reformatted.json").standardized))

    /// One in-memory store for the run: bulletins go in and come back as a run stores them.
    static let alertStore = try! SQLiteStore.inMemory()

    /// The bytes as a file of its own (the reader opens a path).
    static func file(_ bytes: [UInt8], name: String) -> String {
        let path = directory + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    /// Runs async work to completion from libFuzzer's synchronous callback.
    static func wait(_ work: @escaping @Sendable () async -> Void) {
        let done = DispatchSemaphore(value: 0)
        Task {
            await work()
            done.signal()
        }
        done.wait()
    }
}

/// Every request answered with the fuzzer's bytes.
struct Answer: HTTPTransport {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func get(_ url: URL, headers: [(name: String, value: String)]) async throws(TransportError) -> HTTPResponse {
        HTTPResponse(status: 200, body: bytes)
    }
}
