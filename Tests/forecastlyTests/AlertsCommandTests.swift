import Foundation
import Testing
import TestSupport

/// Official warnings beside the forecast, end to end: the NWS's recorded
/// hurricane day in Hilo (moved to now) from a loopback stub.
@Suite struct AlertsCommandTests {
    static let hilo = ["--lat", "19.7203", "--lon", "-155.0868"]
    static let tokyo = ["--lat", "35.68", "--lon", "139.69"]

    /// The stub of the other tests, with Hilo's warnings in force.
    static func handler(alerts: StubHTTPServer.Reply? = nil) -> @Sendable (StubHTTPServer.RecordedRequest) -> StubHTTPServer.Reply {
        let base = FullResponse.handler()
        let answer = alerts ?? .json(AlertAnswers.hilo())
        return { request in request.path == "/alerts/active" ? answer : base(request) }
    }

    static func alertRequests(_ server: StubHTTPServer) -> Int {
        server.requests.filter { $0.path == "/alerts/active" || $0.path.hasPrefix("/api/v1/warnings/") }.count
    }

    @Test func theReportShowsEachWarningAboveNowTheWorstFirst() async throws {
        try await StubHTTPServer.with(handler: Self.handler()) { server in
            let result = try await CLI.run(Self.hilo + ["--no-nowcast", "--hours", "0"], server: server)
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let warnings = lines.filter { $0.hasPrefix("⚠") }
            #expect(warnings.count == 5)
            #expect(warnings.first?.hasPrefix("⚠      Extreme Hurricane Warning · until ") == true)
            #expect(warnings.first?.hasSuffix(" · NWS Honolulu HI") == true)
            let now = try #require(lines.firstIndex { $0.hasPrefix("Now") })
            #expect(lines.lastIndex { $0.hasPrefix("⚠") }! < now)
            #expect(result.stdout.hasSuffix("Warnings by the US National Weather Service\n"))
            // Asked for the place's point, with the identifying User-Agent.
            let request = try #require(server.requests.first { $0.path == "/alerts/active" })
            #expect(request.query["point"] == "19.7203,-155.0868")
            #expect(request.headers.first { $0.0.lowercased() == "user-agent" }?.1.hasPrefix("forecastly/") == true)
        }
    }

    @Test func alertsPrintsTheFullText() async throws {
        try await StubHTTPServer.with(handler: Self.handler()) { server in
            let result = try await CLI.run(["alerts"] + Self.hilo, server: server)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.hasPrefix("Warnings for Hilo, HI, US: 5 (National Weather Service, as of "))
            #expect(result.stdout.contains("EXTREME  Hurricane Warning issued August 15 at 11:15AM HST by NWS Honolulu HI\n"))
            #expect(result.stdout.contains("Turn around, don't drown when encountering flooded roads."))
            #expect(result.stdout.contains("From:   NWS Honolulu HI\n"))
            #expect(result.stdout.contains("Areas:  Hawaii in Hawaii, HI\n"))
        }
    }

    /// `forecastly alerts Hilo`: the place as the first word, as the
    /// forecast and `sky` take it.
    @Test func thePlaceIsTheFirstWord() async throws {
        try await StubHTTPServer.with(handler: Self.handler()) { server in
            let named = try await CLI.run(["alerts", "Hilo"], server: server)
            #expect(named.status == 0, "\(named.stderr)")
            #expect(named.stdout.hasPrefix("Warnings for Hilo, HI, US: 5 "), "\(named.stdout.prefix(200))")
            let pair = try await CLI.run(["alerts", "19.7203,-155.0868", "--json"], server: server)
            #expect(pair.status == 0, "\(pair.stderr)")
            #expect(server.requests.last { $0.path == "/alerts/active" }?.query["point"] == "19.7203,-155.0868")
        }
    }

    /// `alerts` draws its times and text as the report does (the shared
    /// `--clock` and `--ascii`), and refuses `--ascii` beside `--json`.
    @Test func alertsTakeTheClockAndASCII() async throws {
        try await StubHTTPServer.with(handler: Self.handler()) { server in
            let plain = try await CLI.run(["alerts", "--clock", "24h"] + Self.hilo, server: server)
            let twelve = try await CLI.run(["alerts", "--clock", "12h"] + Self.hilo, server: server)
            #expect(plain.status == 0 && twelve.status == 0, "\(plain.stderr)\(twelve.stderr)")
            // The first line's "as of" time, and each warning's "until".
            let asOf24 = plain.stdout.prefix { $0 != "\n" }.contains(/as of [^)]* ([01]\d|2[0-3]):\d\d\)/)
            let asOf12 = twelve.stdout.prefix { $0 != "\n" }.contains(/as of [^)]* (1[0-2]|[1-9]):\d\d\s?[AP]M\)/)
            #expect(asOf24, "\(plain.stdout)")
            #expect(asOf12, "\(twelve.stdout)")
            #expect(!plain.stdout.allSatisfy { $0.isASCII }, "the recording has no character to fold")
            let ascii = try await CLI.run(["alerts", "--ascii"] + Self.hilo, server: server)
            #expect(ascii.status == 0, "\(ascii.stderr)")
            #expect(ascii.stdout.allSatisfy { $0.isASCII }, "\(ascii.stdout)")
            #expect(ascii.stdout.contains("Hurricane Warning"))
            let both = try await CLI.run(["alerts", "--json", "--ascii"] + Self.hilo, server: server)
            #expect(both.status == 64 && both.stderr.contains("--ascii"), "\(both.stderr)")
        }
    }

    /// `alerts --json`: the place and the warnings, as the forecast's JSON has them.
    @Test func alertsAsJSON() async throws {
        try await StubHTTPServer.with(handler: Self.handler()) { server in
            let result = try await CLI.run(["alerts", "--json"] + Self.hilo, server: server)
            #expect(result.status == 0, "\(result.stderr)")
            let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            #expect(root["schemaVersion"] as? Int == 1)
            #expect((root["location"] as? [String: Any])?["name"] as? String == "Hilo, HI, US")
            let alerts = try #require(root["alerts"] as? [[String: Any]])
            #expect(alerts.count == 5 && alerts.first?["severity"] as? String == "extreme" && alerts.first?["event"] as? String == "Hurricane Warning",
                    "\(alerts.first ?? [:])")
            #expect((root["alertService"] as? [String: Any])?["covered"] as? Bool == true)
        }
    }

    /// `alerts --offline`: what the last run stored, with no request; and
    /// one line (exit 69) for a place with nothing stored.
    @Test func alertsOfflineShowsTheStoredWarnings() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-alerts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        try await StubHTTPServer.with(handler: Self.handler()) { server in
            let online = try await CLI.run(["alerts"] + Self.hilo, server: server, home: home)
            #expect(online.status == 0, "\(online.stderr)")
            #expect(Self.alertRequests(server) == 1)
            let offline = try await CLI.run(["alerts", "--offline"] + Self.hilo, server: server, home: home)
            #expect(offline.status == 0, "\(offline.stderr)")
            #expect(Self.alertRequests(server) == 1)
            #expect(offline.stdout.hasPrefix("Warnings for Hilo, HI, US: 5 (National Weather Service, as of "), "\(offline.stdout)")
            #expect(offline.stdout.contains("EXTREME  Hurricane Warning"))

            let none = try await CLI.run(["alerts", "--offline", "--lat", "40.71", "--lon", "-74.01"], server: server, home: home)
            #expect(none.status == 69)
            #expect(none.stdout.isEmpty)
            #expect(none.stderr.hasPrefix("forecastly: No warnings are stored for New York City, NY, US. Run 'forecastly alerts' once while online"), "\(none.stderr)")
            #expect(none.stderr.split(separator: "\n").count == 1)
            #expect(Self.alertRequests(server) == 1)

            let contradiction = try await CLI.run(["alerts", "--offline", "--refresh"] + Self.hilo, server: server, home: home)
            #expect(contradiction.status == 64)
        }
    }

    /// `alerts --refresh` asks again only as the service's terms allow:
    /// right after an answer it shows that one and says when it may ask.
    @Test func alertsRefreshKeepsTheServicesInterval() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-alerts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        try await StubHTTPServer.with(handler: Self.handler()) { server in
            _ = try await CLI.run(["alerts"] + Self.hilo, server: server, home: home)
            let again = try await CLI.run(["alerts", "--refresh"] + Self.hilo, server: server, home: home)
            #expect(again.status == 0, "\(again.stderr)")
            #expect(Self.alertRequests(server) == 1)
            #expect(again.stderr.contains("National Weather Service asks for time between requests: its warnings of "), "\(again.stderr)")
            #expect(again.stdout.contains("EXTREME  Hurricane Warning"))
        }
    }

    @Test func jsonPercentAAndWaybarCarryTheWarnings() async throws {
        try await StubHTTPServer.with(handler: Self.handler()) { server in
            let json = try await CLI.run(Self.hilo + ["--json"], server: server)
            let root = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            let alerts = try #require(root["alerts"] as? [[String: Any]])
            #expect(alerts.count == 5)
            let first = try #require(alerts.first)
            #expect(Set(first.keys) == ["id", "event", "severity", "urgency", "certainty", "onset", "expires", "ends", "headline",
                                        "description", "instruction", "sender", "areas", "url", "source"])
            #expect(first["severity"] as? String == "extreme")
            #expect(first["source"] as? String == "nws")
            let service = try #require(root["alertService"] as? [String: Any])
            #expect(service["covered"] as? Bool == true)
            #expect(service["name"] as? String == "National Weather Service")

            let line = try await CLI.run(Self.hilo + ["--format", "%A|%t"], server: server)
            #expect(line.stdout.hasPrefix("Extreme: Hurricane Warning +4|"), "\(line.stdout)")
            let waybar = try await CLI.run(Self.hilo + ["--waybar"], server: server)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(waybar.stdout.utf8)) as? [String: Any])
            #expect((object["class"] as? [String])?.contains("alert-extreme") == true)
            #expect((object["tooltip"] as? String)?.contains("⚠ Extreme: Hurricane Warning until") == true)
        }
    }

    /// The warning service down: %A says "?" (unknown), not "" (none), and
    /// Waybar's class says alerts-unknown; a quiet day stays empty.
    @Test func unknownIsToldApartFromNone() async throws {
        let home = StoreCommandTests.home()
        defer { try? FileManager.default.removeItem(at: home) }
        try await StubHTTPServer.with(handler: Self.handler(alerts: .json(#"{"title":"Not Found"}"#, status: 404))) { server in
            let line = try await CLI.run(Self.hilo + ["--format", "%t|%A|"], server: server, home: home)
            #expect(line.status == 0, "\(line.stderr)")
            #expect(line.stdout.hasSuffix("|?|\n"), "\(line.stdout)")
            let waybar = try await CLI.run(Self.hilo + ["--waybar", "--refresh"], server: server, home: home)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(waybar.stdout.utf8)) as? [String: Any])
            #expect((object["class"] as? [String])?.contains("alerts-unknown") == true, "\(object)")
        }
        try await StubHTTPServer.with(handler: Self.handler(alerts: .json(FullResponse.noNWSAlerts))) { server in
            let quiet = try await CLI.run(Self.hilo + ["--format", "%t|%A|"], server: server)
            #expect(quiet.stdout.hasSuffix("||\n"), "\(quiet.stdout)")
        }
    }

    /// Where no service issues warnings, forecastly says so: never "no warnings".
    @Test func noWarningServiceCoversTokyo() async throws {
        try await StubHTTPServer.with(handler: Self.handler()) { server in
            let report = try await CLI.run(Self.tokyo + ["--no-nowcast"], server: server)
            #expect(report.stdout.contains("Alerts No warning service covers this place\n"))
            let alerts = try await CLI.run(["alerts"] + Self.tokyo, server: server)
            #expect(alerts.status == 0)
            #expect(alerts.stdout.hasPrefix("No warning service covers Tokyo, JP"), "\(alerts.stdout)")
            let json = try await CLI.run(Self.tokyo + ["--json"], server: server)
            let root = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect((root["alerts"] as? [Any])?.isEmpty == true)
            #expect((root["alertService"] as? [String: Any])?["covered"] as? Bool == false)
            #expect(Self.alertRequests(server) == 0)
        }
    }

    /// A MetAlerts answer of the fixtures with its gales of 21–22 September
    /// 2021 moved to an hour ago until tomorrow: in force now.
    static func inForceNow(_ fixture: String) throws -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        func utc(_ date: Date) -> String { formatter.string(from: date).replacingOccurrences(of: "Z", with: "+00:00") }
        return try Fixtures.text(fixture)
            .replacingOccurrences(of: "2021-09-21T06:00:00+00:00", with: utc(Date(timeIntervalSinceNow: -3600)))
            .replacingOccurrences(of: "2021-09-22T10:00:00+00:00", with: utc(Date(timeIntervalSinceNow: 86_400)))
    }

    /// MetAlerts is asked for the point off Norway's coast and on Svalbard,
    /// where no town of the index is: a GPS box on a boat in a gale is warned.
    @Test func metNorwayWarnsAtSeaAndOnSvalbard() async throws {
        let gale = try Self.inForceNow("alerts/met-norway/current_maloy-svinoy_gale_derived.json")
        try await StubHTTPServer.with(handler: { request in
            request.path == "/weatherapi/metalerts/2.0/current.json" ? .json(gale) : FullResponse.handler()(request)
        }) { server in
            let environment = ["FORECASTLY_MET_NORWAY_URL": server.baseURL]
            // At sea between Måløy and Svinøy, inside the warning's polygon.
            let boat = try await CLI.run(["alerts", "--lat", "62.2", "--lon", "5.0"], server: server, environment: environment)
            #expect(boat.status == 0, "\(boat.stderr)")
            #expect(boat.stdout.contains("Gale"), "\(boat.stdout)")
            // Longyearbyen: asked, nothing there in force (the gale is far away).
            let svalbard = try await CLI.run(["alerts", "--lat", "78.22", "--lon", "15.65"], server: server, environment: environment)
            #expect(svalbard.status == 0, "\(svalbard.stderr)")
            #expect(!svalbard.stdout.contains("No warning service covers"), "\(svalbard.stdout)")
            #expect(svalbard.stdout.contains("MET Norway"), "\(svalbard.stdout)")
            let asked = server.requests.filter { $0.path == "/weatherapi/metalerts/2.0/current.json" }
            #expect(asked.count == 2)
            #expect(asked.allSatisfy { $0.query["lang"] == "en" })
            // Norwegian where the user reads it: MET writes its warnings in Norwegian or English.
            let bokmål = try await CLI.run(["alerts", "--lat", "62.2", "--lon", "5.0"], server: server, environment: environment.merging(["LANG": "nb_NO.UTF-8"]) { $1 })
            #expect(bokmål.status == 0, "\(bokmål.stderr)")
            #expect(server.requests.last { $0.path == "/weatherapi/metalerts/2.0/current.json" }?.query["lang"] == "no")
            // `alerts` asks only for the warnings: no forecast first.
            #expect(!server.requests.contains { $0.path == "/v1/forecast" || $0.path.contains("locationforecast") })
        }
    }

    /// At sea beyond any town's reach, MET Norway's own sea areas say whether
    /// it warns there (issue 49): west of Svalbard, inside a gale, the boat
    /// is warned; in the Pacific no service covers it. The sea areas and the
    /// marine warnings are asked without the point (the fixtures are built;
    /// their outlines are not MET's, see SOURCES.md).
    @Test func atSeaMETsSeaAreasSayWhetherItWarns() async throws {
        let gales = try Self.inForceNow("alerts/met-norway/current_marine_two-gales_built.json")
        let areas = try Fixtures.text("alerts/met-norway/textforecast-3.0_sea_en_built.json")
        try await StubHTTPServer.with(handler: { request in
            switch request.path {
            case "/weatherapi/metalerts/2.0/current.json": .json(gales)
            case "/weatherapi/textforecast/3.0/sea_en.json": .json(areas)
            default: FullResponse.handler()(request)
            }
        }) { server in
            let environment = ["FORECASTLY_MET_NORWAY_URL": server.baseURL]
            let boat = try await CLI.run(["alerts", "--lat", "78.5", "--lon", "-5.0"], server: server, environment: environment)
            #expect(boat.status == 0, "\(boat.stderr)")
            #expect(boat.stdout.contains("Gale, yellow level, West of Svalbard (built)"), "\(boat.stdout)")
            #expect(!boat.stdout.contains("Maaloey"), "\(boat.stdout)")
            let pacific = try await CLI.run(["alerts", "--lat", "-30", "--lon", "-140"], server: server, environment: environment)
            #expect(pacific.status == 0, "\(pacific.stderr)")
            #expect(pacific.stdout.hasPrefix("No warning service covers"), "\(pacific.stdout)")
            let met = server.requests.filter { $0.path.hasPrefix("/weatherapi/") }
            #expect(met.map(\.path).filter { $0.hasSuffix("sea_en.json") }.count == 2)
            #expect(met.allSatisfy { $0.query["lat"] == nil && $0.query["lon"] == nil })
            #expect(met.filter { $0.path.hasSuffix("current.json") }.allSatisfy { $0.query["geographicDomain"] == "marine" })
        }
    }

    /// A covered place with nothing in force shows no line at all.
    @Test func aQuietDayInKyivShowsNothing() async throws {
        try await StubHTTPServer.with(handler: Self.handler()) { server in
            let report = try await CLI.run(["--lat", "50.45", "--lon", "30.52", "--no-nowcast"], server: server)
            #expect(!report.stdout.contains("⚠") && !report.stdout.contains("Alerts"))
            #expect(server.requests.contains { $0.path == "/api/v1/warnings/feeds-ukraine" })
        }
    }

    @Test func offByFlagOrByTheConfigurationFile() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-alerts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        try await StubHTTPServer.with(handler: Self.handler()) { server in
            let flagged = try await CLI.run(Self.hilo + ["--no-alerts"], server: server, home: home)
            #expect(flagged.status == 0 && !flagged.stdout.contains("⚠"))
            try FileManager.default.createDirectory(at: home.appendingPathComponent(".config/forecastly"), withIntermediateDirectories: true)
            try "alerts = false\n".write(to: home.appendingPathComponent(".config/forecastly/config.toml"), atomically: true, encoding: .utf8)
            let configured = try await CLI.run(Self.hilo + ["--json"], server: server, home: home)
            let root = try #require(try JSONSerialization.jsonObject(with: Data(configured.stdout.utf8)) as? [String: Any])
            #expect(root["alerts"] is NSNull)
            // A line without %A does not ask either.
            _ = try await CLI.run(Self.hilo + ["--oneline"], server: server)
            #expect(Self.alertRequests(server) == 0)
        }
    }

    /// The NWS is asked once per five minutes for a place, however often forecastly runs.
    @Test func aStoredAnswerSparesTheService() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-alerts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        try await StubHTTPServer.with(handler: Self.handler()) { server in
            let first = try await CLI.run(Self.hilo + ["--format", "%A"], server: server, home: home)
            let second = try await CLI.run(Self.hilo + ["--format", "%A"], server: server, home: home)
            #expect(first.stdout == second.stdout && first.stdout.hasPrefix("Extreme"))
            #expect(Self.alertRequests(server) == 1)
        }
    }

    /// A failing warning service is a note; the forecast is shown. `alerts` itself fails with the cause.
    @Test func aFailingServiceIsANoteNotAFailure() async throws {
        let down = StubHTTPServer.Reply.respond(status: 503, headers: [("Content-Type", "text/html")], body: Array("<html>down</html>".utf8))
        try await StubHTTPServer.with(handler: Self.handler(alerts: down)) { server in
            // Only the warnings asked beside the forecast (see NowcastCommandTests.aFailingNowcastIsANoteNotAFailure).
            let report = try await CLI.run(Self.hilo + ["--no-nowcast", "--no-air-quality"], server: server)
            #expect(report.status == 0)
            #expect(report.stdout.contains("Now "))
            #expect(report.stderr == "forecastly: note: Left out: the weather warnings (HTTP 503).\n", "\(report.stderr)")
            #expect(report.stderr.split(separator: "\n").count == 1)
            let alerts = try await CLI.run(["alerts"] + Self.hilo, server: server)
            #expect(alerts.status == 75, "\(alerts.stderr)")
            #expect(alerts.stderr.contains("HTTP 503"))
        }
    }
}

extension AlertsCommandTests {
    /// `compare` marks the place where a warning is in force, in the table and in JSON.
    @Test func compareMarksThePlaceWithAWarning() async throws {
        try await StubHTTPServer.with(handler: Self.handler()) { server in
            let table = try await CLI.run(["compare", "Hilo, US", "Kyiv"], server: server)
            #expect(table.status == 0, "\(table.stderr)")
            let rows = table.stdout.split(separator: "\n").map(String.init)
            #expect(rows.contains { $0.hasPrefix("Hilo, HI, US ⚠") })
            #expect(rows.contains { $0.hasPrefix("Kyiv, UA ") && !$0.contains("⚠") })
            #expect(table.stdout.contains("Warnings by the US National Weather Service"))
            let json = try await CLI.run(["compare", "Hilo, US", "Kyiv", "--json"], server: server)
            let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
            let counts = array.map { (($0["forecast"] as? [String: Any])?["alerts"] as? [Any])?.count }
            #expect(counts == [5, 0])
            let quiet = try await CLI.run(["compare", "Hilo, US", "Kyiv", "--no-alerts"], server: server)
            #expect(!quiet.stdout.contains("⚠"))
        }
    }
}

extension AlertsCommandTests {
    /// `about` credits each warning service, with the server it asks and how often.
    @Test func aboutCreditsEachWarningService() async throws {
        let result = try await CLI.run(["about"], environment: ["FORECASTLY_NWS_URL": "http://127.0.0.1:8"])
        #expect(result.stdout.contains("Warnings by the US National Weather Service\n"))
        #expect(result.stdout.contains("server: http://127.0.0.1:8 · asked at most every 5 minutes"))
        #expect(result.stdout.contains("Warnings by MET Norway (CC BY 4.0)"))
        #expect(result.stdout.contains("Warnings by MeteoAlarm (EUMETNET) and the issuing national service"))
    }
}

extension AlertsCommandTests {
    /// --offline shows the warnings the store holds (each until its own expiry), with no request.
    @Test func offlineShowsTheStoredWarnings() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-alerts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        try await StubHTTPServer.with(handler: Self.handler()) { server in
            _ = try await CLI.run(Self.hilo + ["--format", "%A"], server: server, home: home)
        }
        let offline = try await CLI.run(Self.hilo + ["--offline", "--format", "%A"], home: home)
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout == "Extreme: Hurricane Warning +4\n")
    }
}

extension AlertsCommandTests {
    /// MeteoAlarm's bulletin for Drenthe, in force now and for an area
    /// named as forecastly names the place (Assen, its capital): its CAP
    /// message is in Dutch and English.
    static func drenthe() throws -> String {
        let formatter = ISO8601DateFormatter()
        return try Fixtures.text("alerts/meteoalarm/api-v1_feeds-netherlands_drenthe-yellow_derived.json")
            .replacingOccurrences(of: "\"areaDesc\":\"Drenthe\"", with: "\"areaDesc\":\"Assen\"")
            .replacingOccurrences(of: "2026-03-07T00:00:00+01:00", with: formatter.string(from: Date(timeIntervalSinceNow: -3600)))
            .replacingOccurrences(of: "2026-03-07T23:59:59+01:00", with: formatter.string(from: Date(timeIntervalSinceNow: 86_400)))
    }

    /// The warning in the language asked for, where the service writes in
    /// it (English otherwise), and forecastly's own words around it in the
    /// user's language.
    @Test func alertsInTheUsersLanguage() async throws {
        let feed = try Self.drenthe()
        try await StubHTTPServer.with(handler: { request in
            request.path == "/api/v1/warnings/feeds-netherlands" ? .json(feed) : FullResponse.handler()(request)
        }) { server in
            let environment = ["FORECASTLY_METEOALARM_URL": server.baseURL]
            let assen = ["alerts", "--lat", "52.99", "--lon", "6.56"]
            let dutch = try await CLI.run(assen + ["--lang", "nl"], server: server, environment: environment)
            #expect(dutch.status == 0, "\(dutch.stderr)")
            #expect(dutch.stdout.contains("Windstoten - Code geel voor Drenthe"), "\(dutch.stdout)")
            #expect(dutch.stdout.contains("Van:"), "\(dutch.stdout)")
            let german = try await CLI.run(assen, server: server, environment: environment.merging(["LANG": "de_DE.UTF-8"]) { $1 })
            #expect(german.status == 0, "\(german.stderr)")
            #expect(german.stdout.contains("Wind - Yellow warning for Drenthe"), "\(german.stdout)")  // no German text: English
            #expect(german.stdout.contains("Von:") && !german.stdout.contains("From:"), "\(german.stdout)")
            let english = try await CLI.run(assen, server: server, environment: environment)
            #expect(english.stdout.contains("Wind - Yellow warning for Drenthe") && english.stdout.contains("From:"), "\(english.stdout)")
        }
    }
}
