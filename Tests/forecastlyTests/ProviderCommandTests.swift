import ForecastPresentation
import Foundation
import GRDB
import Testing
import TestSupport

/// Choosing a provider through the binary: MET Norway against a stub that
/// sends Expires and Last-Modified as MET does, and the errors of a wrong choice.
@Suite struct ProviderCommandTests {
    static let oslo = ["--lat", "59.9139", "--lon", "10.7522"]

    /// MET's answer with its cache headers: Expires half an hour from now.
    static let metLike: @Sendable (StubHTTPServer.RecordedRequest) -> StubHTTPServer.Reply = { request in
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let body = Array(Fixtures.moved((try? Fixtures.text("met-norway/compact_oslo_2026-02-06_snow_reformatted.json")) ?? "").utf8)
        return .respond(status: 200, headers: [
            ("Content-Type", "application/json"), ("Expires", formatter.string(from: Date(timeIntervalSinceNow: 1800))),
            ("Last-Modified", "Fri, 06 Feb 2026 20:27:06 GMT"),
        ], body: body)
    }

    @Test func metNorwayIsCreditedAndItsExpiresHoldsEvenRefresh() async throws {
        let home = StoreCommandTests.home()
        defer { try? FileManager.default.removeItem(at: home) }
        try await StubHTTPServer.with(handler: Self.metLike) { server in
            let environment = ["FORECASTLY_MET_NORWAY_URL": server.baseURL]
            let first = try await CLI.run(Self.oslo + ["--provider", "met-norway", "--no-color"], environment: environment, home: home)
            #expect(first.status == 0, "\(first.stderr)")
            #expect(first.stdout.hasSuffix("Weather data by MET Norway (CC BY 4.0)\n"))
            let refreshed = try await CLI.run(Self.oslo + ["--provider", "met-norway", "--refresh", "--json"],
                                              environment: environment.merging(["FORECASTLY_PROVIDER": "open-meteo"]) { a, _ in a }, home: home)
            // The forecast was asked once: the second run obeyed Expires. (Oslo's
            // first report asked MET's radar nowcast too, on the same server.)
            let forecasts = { server.requests.filter { $0.path.contains("locationforecast") }.count }
            #expect(forecasts() == 1)
            let root = try #require(try JSONSerialization.jsonObject(with: Data(refreshed.stdout.utf8)) as? [String: Any])
            #expect((root["cache"] as? [String: Any])?["origin"] as? String == "held")
            #expect((root["source"] as? [String: Any])?["provider"] as? String == "met-norway")
            // Chosen by the environment too.
            let byVariable = try await CLI.run(Self.oslo + ["--format", "%t"], environment: environment.merging(["FORECASTLY_PROVIDER": "met-norway"]) { _, b in b }, home: home)
            #expect(byVariable.status == 0 && forecasts() == 1)
        }
    }

    @Test func whenOpenMeteoIsDownMETNorwayAnswersAndTheLineSaysSo() async throws {
        let home = StoreCommandTests.home()
        defer { try? FileManager.default.removeItem(at: home) }
        try await StubHTTPServer.with(handler: Self.metLike) { met in
            try await StubHTTPServer.with(always: .json(#"{"error":true,"reason":"Daily API request limit exceeded."}"#, status: 429)) { openMeteo in
                let result = try await CLI.run(Self.oslo + ["--format", "%t"], server: openMeteo,
                                               environment: ["FORECASTLY_MET_NORWAY_URL": met.baseURL], home: home)
                #expect(result.status == 0)
                #expect(result.stderrLines.count == 1)
                #expect(result.stderr.contains("rate limiting") && result.stderr.contains("MET Norway answered instead."))
                #expect(openMeteo.requestCount == 1 && met.requestCount == 1)
                let off = try await CLI.run(Self.oslo + ["--format", "%t", "--no-fallback", "--refresh"], server: openMeteo,
                                            environment: ["FORECASTLY_MET_NORWAY_URL": met.baseURL], home: StoreCommandTests.home())
                #expect(off.status == 75)
                #expect(met.requestCount == 1)
            }
        }
    }

    /// `--timeout` bounds the whole answer: a first provider that hangs
    /// takes all of it, so the other is not asked (it would double the wait).
    @Test func aHangingProviderLeavesNoTimeForTheOther() async throws {
        try await StubHTTPServer.with(handler: Self.metLike) { met in
            try await StubHTTPServer.with(always: .hang) { openMeteo in
                let result = try await CLI.run(Self.oslo + ["--format", "%t", "--timeout", "1", "--refresh"], server: openMeteo,
                                               environment: ["FORECASTLY_MET_NORWAY_URL": met.baseURL], home: StoreCommandTests.home())
                #expect(result.status == 75, "\(result.status) \(result.stderr)")
                #expect(met.requests.filter { $0.path.contains("locationforecast") }.isEmpty, "the fallback was asked")
                #expect(result.stderrLines.count == 1 && result.stderr.contains("Open-Meteo"), "\(result.stderr)")
                #expect(result.stderr.contains("MET Norway was not asked instead: the time allowed was up."), "\(result.stderr)")
            }
        }
    }

    /// When the other provider fails too, the one error line names both,
    /// and the first decides the status.
    @Test func whenBothFailTheErrorNamesBoth() async throws {
        try await StubHTTPServer.with(always: .json(#"{"error":true,"reason":"down"}"#, status: 503)) { down in
            let result = try await CLI.run(Self.oslo + ["--format", "%t", "--refresh"], server: down,
                                           environment: ["FORECASTLY_MET_NORWAY_URL": down.baseURL], home: StoreCommandTests.home())
            #expect(result.status == 75, "\(result.status) \(result.stderr)")
            #expect(result.stderrLines.count == 1, "\(result.stderr)")
            let line = result.stderr
            #expect(line.hasPrefix("forecastly: Open-Meteo "), "\(line)")
            #expect(line.contains(" Asked instead: MET Norway "), "\(line)")
        }
    }

    /// A first provider that fails at once leaves the budget to the other, which is asked.
    @Test func aQuickFailureLeavesTheOtherItsTime() async throws {
        try await StubHTTPServer.with(handler: Self.metLike) { met in
            try await StubHTTPServer.with(always: .json(#"{"error":true,"reason":"down"}"#, status: 503)) { openMeteo in
                let result = try await CLI.run(Self.oslo + ["--format", "%t", "--timeout", "5", "--refresh"], server: openMeteo,
                                               environment: ["FORECASTLY_MET_NORWAY_URL": met.baseURL], home: StoreCommandTests.home())
                #expect(result.status == 0, "\(result.stderr)")
                #expect(result.stderr.contains("MET Norway answered instead"), "\(result.stderr)")
            }
        }
    }

    /// A paid plan is said once, generically (`--plan`, or its variable), and
    /// only the provider's registration reads it: OpenWeather then asks One Call 3.0.
    @Test(arguments: [["--plan", "onecall"], ["--plan", "OneCall"], []])
    func aPlanTheKeyIncludesChangesWhatIsAsked(plan: [String]) async throws {
        try await StubHTTPServer.with(handler: { request in
            request.path.contains("/data/3.0/onecall") ? .file(Fixtures.url("openweather/onecall_3.0_greenwich_standard_2024-10-25.json"))
                : .json(#"{"cod":401,"message":"no such plan in this test"}"#, status: 401)
        }) { server in
            var environment = ["FORECASTLY_OPENWEATHER_URL": server.baseURL, "FORECASTLY_OPENWEATHER_API_KEY": "0123456789abcdef"]
            if plan.isEmpty { environment["FORECASTLY_OPENWEATHER_ONECALL"] = "1" }
            let result = try await CLI.run(["--lat", "51.4769", "--lon", "0", "--provider", "openweather", "--format", "%t", "--no-fallback"] + plan,
                                           environment: environment, home: StoreCommandTests.home())
            // Only One Call was asked (the free endpoints would be refused with 401, exit 77). The recorded
            // answer is in kelvin, as asked without units, so it is refused as unreadable (65), not as a key (77).
            #expect(server.requestCount == 1 && server.requests.allSatisfy { $0.path.contains("/data/3.0/onecall") }, "\(server.requests.map(\.path))")
            #expect(result.status == 65, "\(result.stderr)")
        }
    }

    /// The option a plan had before `--plan` says what replaced it, from the registration.
    @Test func aPlansFormerOptionSaysItsNewSpelling() async throws {
        let result = try await CLI.run(Self.oslo + ["--provider", "openweather", "--openweather-onecall"])
        #expect(result.status == 64)
        #expect(result.stderr == "forecastly: Unknown option '--openweather-onecall'. It is now --plan onecall (or FORECASTLY_OPENWEATHER_ONECALL=1). See 'forecastly --help'.\n")
    }

    @Test func aPlanNoProviderOffersIsAUsageError() async throws {
        let result = try await CLI.run(Self.oslo + ["--plan", "platinum"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("onecall"), "\(result.stderr)")
    }

    @Test func aWrongChoiceIsAUsageError() async throws {
        let noKey = try await CLI.run(Self.oslo + ["--provider", "openweather"])
        #expect(noKey.status == 64)
        #expect(noKey.stderr.contains("OpenWeather needs an API key"))
        let bogus = try await CLI.run(Self.oslo, environment: ["FORECASTLY_PROVIDER": "accuweather"])
        #expect(bogus.status == 64)
        #expect(bogus.stderr.contains("FORECASTLY_PROVIDER must be one of open-meteo, met-norway, openweather"))
        let unknown = try await CLI.run(Self.oslo + ["--provider", "yr"])
        #expect(unknown.status == 64)
    }

    /// The attribution page the services' terms require, as a person reads
    /// it (a string the compiler once took for GRDB's SQL printed its debug
    /// description here instead). The tests point every service at
    /// loopback's discard port, and so does `about`.
    @Test func aboutListsEveryProviderWithItsLicenceAndTerms() async throws {
        let about = try await CLI.run(["about"], environment: ["LANGUAGE": "en", "LANG": "C.UTF-8"])
        #expect(about.status == 0)
        let golden = """
            Weather providers
              open-meteo  Weather data by Open-Meteo.com (CC BY 4.0)
                          https://open-meteo.com/ · licence CC BY 4.0
                          terms: free for non-commercial use, 10,000 requests a day; https://open-meteo.com/en/terms
                          server: http://127.0.0.1:9
              met-norway  Weather data by MET Norway (CC BY 4.0)
                          https://api.met.no/ · licence CC BY 4.0
                          terms: free; identify the client, obey Expires; https://api.met.no/doc/TermsOfService
                          server: http://127.0.0.1:9
              openweather Weather data by OpenWeather (CC BY-SA 4.0)
                          https://openweathermap.org/ · licence CC BY-SA 4.0
                          terms: needs an API key (--api-key); a free key allows 60 calls a minute; https://openweathermap.org/price
                          server: http://127.0.0.1:9

            Air quality
            """
        #expect(about.stdout.contains(golden), "\(about.stdout)")
        #expect(!about.stdout.contains("SQL") && !about.stdout.contains("GRDB"))
    }

    /// In every other language forecastly speaks, `about`'s own words are
    /// the language's; the credits stay as their owners require them, each
    /// source's lines in one column under its name.
    @Test(arguments: ["de", "fr", "es", "it", "pt", "nl", "pl", "uk", "ru", "ja"])
    func aboutSpeaksTheLanguageAndKeepsTheCredits(language: String) async throws {
        let about = try await CLI.run(["about"], environment: ["LANGUAGE": language, "LANG": "C.UTF-8"])
        #expect(about.status == 0)
        for english in ["Weather providers", "Weather warnings", "Files", "asked at most", "Time-zone data", "forecastly itself"] {
            #expect(!about.stdout.contains(english), "\(language): \(english)")
        }
        let lines = about.stdout.split(separator: "\n").map(String.init)
        let credit = try #require(lines.first { $0.contains("Weather data by Open-Meteo.com (CC BY 4.0)") })
        #expect(credit.hasPrefix("  open-meteo "))
        let column = TextWidth.of(String(credit.prefix { $0 != "W" }))
        let next = try #require(lines.firstIndex(of: credit).map { lines[$0 + 1] })
        #expect(next.hasPrefix(String(repeating: " ", count: column) + "https://open-meteo.com/ · "), "\(language): \(next)")
        #expect(about.stdout.contains("Warnings by MeteoAlarm (EUMETNET) and the issuing national service\n"))
        #expect(about.stdout.contains("http://127.0.0.1:9"))
    }
}

extension ProviderCommandTests {
    /// MET Norway has no batch request: one request per place, the table in
    /// the order given, credited to MET; a second compare within Expires asks nothing.
    @Test func compareAsksMETNorwayPlaceByPlace() async throws {
        let home = StoreCommandTests.home()
        defer { try? FileManager.default.removeItem(at: home) }
        try await StubHTTPServer.with(handler: Self.metLike) { server in
            let environment = ["FORECASTLY_MET_NORWAY_URL": server.baseURL]
            let result = try await CLI.run(["compare", "Odesa, Kyiv, Lviv", "--provider", "met-norway", "--no-color"], environment: environment, home: home)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(server.requestCount == 3)
            let rows = result.stdout.split(separator: "\n").dropFirst().prefix(3).map { String($0.prefix(4)) }
            #expect(rows == ["Odes", "Kyiv", "Lviv"])
            #expect(result.stdout.contains("Weather data by MET Norway (CC BY 4.0)"))
            _ = try await CLI.run(["compare", "Odesa, Kyiv, Lviv", "--provider", "met-norway"], environment: environment, home: home)
            #expect(server.requestCount == 3)
        }
        // A day later MET Norway cannot be reached: each place from the
        // store, and a warning that says so (it was shown as fresh before).
        let queue = try DatabaseQueue(path: home.path + "/.local/share/forecastly/forecastly.sqlite")
        try await queue.write { db in try db.execute(sql: "UPDATE forecast SET fetchedAt = fetchedAt - 86400, expires = NULL") }
        let stale = try await CLI.run(["compare", "Odesa, Kyiv, Lviv", "--provider", "met-norway", "--no-color"], home: home)
        #expect(stale.status == 0, "\(stale.stderr)")
        #expect(stale.stdout.split(separator: "\n").dropFirst().prefix(3).map { String($0.prefix(4)) } == ["Odes", "Kyiv", "Lviv"])
        #expect(stale.stderrLines.count == 1, "\(stale.stderr)")
        #expect(stale.stderr.hasPrefix("forecastly: warning: Cannot reach MET Norway"), "\(stale.stderr)")
        #expect(stale.stderr.hasSuffix(" Showing the forecasts stored up to 1 d ago.\n"), "\(stale.stderr)")
    }
}

/// `--waybar` through the binary: one JSON object per line and nothing else
/// on stdout, once or once per refresh with --watch.
@Suite struct WaybarCommandTests {
    static func object(_ line: Substring) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test func oneObjectOnOneLine() async throws {
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let result = try await CLI.run(["--lat", "50.45", "--lon", "30.52", "--waybar"], server: server)
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.count == 1)
            let object = try Self.object(lines[0])
            #expect(object["text"] as? String == "⛄ -1°C 15 km/h NW")
            #expect(object["class"] as? [String] == ["snow"])
            #expect(object["alt"] as? String == "snow")
            let tooltip = try #require(object["tooltip"] as? String)
            #expect(tooltip.hasPrefix("Kyiv, UA\n"))
            #expect(tooltip.hasSuffix("Weather data by Open-Meteo.com (CC BY 4.0)"))
            let custom = try await CLI.run(["--lat", "50.45", "--lon", "30.52", "--waybar", "--format", "%t %C"], server: server)
            #expect(try Self.object(custom.stdout.split(separator: "\n")[0])["text"] as? String == "-1°C Slight snow fall")
        }
    }

    @Test func aStaleForecastIsClassedStale() async throws {
        let home = StoreCommandTests.home()
        defer { try? FileManager.default.removeItem(at: home) }
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            _ = try await CLI.run(["--lat", "50.45", "--lon", "30.52", "--oneline"], server: server, home: home)
        }
        let gone = CLI.refusingURL
        let stale = try await CLI.run(["--lat", "50.45", "--lon", "30.52", "--waybar", "--refresh", "--no-fallback"],
                                      environment: ["FORECASTLY_OPEN_METEO_URL": gone], home: home)
        #expect(stale.status == 0)
        // Every service is down here: the warnings too, so they are unknown.
        #expect(try Self.object(stale.stdout.split(separator: "\n")[0])["class"] as? [String] == ["snow", "stale", "alerts-unknown"])
        #expect((try Self.object(stale.stdout.split(separator: "\n")[0])["tooltip"] as? String ?? "").contains("\n(stored forecast: the service could not be reached)\n"))
        // --offline asked for the store: its tooltip gives the age, not a failure that did not happen.
        let offline = try await CLI.run(["--lat", "50.45", "--lon", "30.52", "--waybar", "--offline"], home: home)
        let tooltip = try Self.object(offline.stdout.split(separator: "\n")[0])["tooltip"] as? String ?? ""
        #expect(tooltip.contains(/\nfetched [0-9][^\n]* ago \(offline\)\n/) && !tooltip.contains("could not be reached"), "\(tooltip)")
    }

    /// `--watch --json` is a stream: each screen one JSON object on one line (JSON Lines).
    @Test func watchJSONIsOneObjectPerLine() async throws {
        let home = StoreCommandTests.home()
        defer { try? FileManager.default.removeItem(at: home) }
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let output = Pipe()
            let process = try await CLI.start(["--lat", "50.45", "--lon", "30.52", "--watch", "--interval", "1h", "--json"],
                                              home: home, environment: ["FORECASTLY_OPEN_METEO_URL": server.baseURL], stdout: output)
            let first = await WatchCommandTests.readLine(output.fileHandleForReading, from: process)
            kill(process.processIdentifier, SIGINT)
            _ = await process.ended()
            let object = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any], "\(first)")
            #expect(object["schemaVersion"] as? Int == 1 && object["current"] != nil)
            #expect(await output.fileHandleForReading.dataUntilEnd().isEmpty)
        }
    }

    @Test func watchPrintsObjectsAndNothingElse() async throws {
        let home = StoreCommandTests.home()
        defer { try? FileManager.default.removeItem(at: home) }
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let output = Pipe()
            let process = try await CLI.start(["--lat", "50.45", "--lon", "30.52", "--watch", "--interval", "1h", "--waybar"],
                                              home: home, environment: ["FORECASTLY_OPEN_METEO_URL": server.baseURL], stdout: output)
            let first = await WatchCommandTests.readLine(output.fileHandleForReading, from: process)
            kill(process.processIdentifier, SIGINT)
            _ = await process.ended()
            let rest = await output.fileHandleForReading.dataUntilEnd()
            #expect(try Self.object(Substring(first))["text"] as? String == "⛄ -1°C 15 km/h NW")
            #expect(rest.isEmpty)
            #expect(process.terminationStatus == 0)
        }
    }

    /// The network down and nothing stored, or the permission denied: one
    /// JSON line saying why (class "error" and its kind), so the bar does
    /// not go blank; the exit status and the stderr line stay.
    @Test func aFailureIsStillOneWaybarLine() async throws {
        let home = StoreCommandTests.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let down = try await CLI.run(["--lat", "50.45", "--lon", "30.52", "--waybar", "--no-fallback"],
                                     environment: ["FORECASTLY_OPEN_METEO_URL": CLI.refusingURL], home: home)
        #expect(down.status == 69)
        let lines = down.stdout.split(separator: "\n")
        #expect(lines.count == 1, "\(down.stdout)")
        let object = try Self.object(try #require(lines.first))
        #expect(object["class"] as? [String] == ["error", "unavailable"] && object["text"] as? String == "⚠")
        #expect((object["tooltip"] as? String)?.hasPrefix("Cannot reach Open-Meteo") == true, "\(object)")
        #expect(down.stderrLines.count == 1)
        #expect(try await CLI.run(["location", "deny"], home: home).status == 0)
        let denied = try await CLI.run(["--waybar"], home: home)
        #expect(denied.status == 77)
        #expect(try Self.object(try #require(denied.stdout.split(separator: "\n").first))["class"] as? [String] == ["error", "denied"], "\(denied.stdout)")
    }

    /// A watch keeps the bar showing why while it retries.
    @Test func aWatchThatCannotFetchPrintsWhyEachTime() async throws {
        let home = StoreCommandTests.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let output = Pipe()
        let process = try await CLI.start(["--lat", "50.45", "--lon", "30.52", "--watch", "--interval", "1h", "--waybar", "--no-fallback"],
                                          home: home, environment: ["FORECASTLY_OPEN_METEO_URL": CLI.refusingURL], stdout: output)
        let first = await WatchCommandTests.readLine(output.fileHandleForReading, from: process)
        kill(process.processIdentifier, SIGINT)
        _ = await process.ended()
        let object = try Self.object(Substring(first))
        #expect(object["class"] as? [String] == ["error", "unavailable"], "\(first)")
        #expect((object["tooltip"] as? String)?.contains("Trying again in") == true, "\(object)")
    }

    @Test func waybarTakesNoOtherOutputMode() async throws {
        let result = try await CLI.run(["--lat", "1", "--lon", "1", "--waybar", "--json"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--waybar"))
    }
}

/// `simulate --scenario` through the binary: the transcript, as text or JSON.
@Suite struct ScenarioCommandTests {
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/scenarios/revoked-while-watching.json").path

    @Test func aScenarioPrintsItsTranscript() async throws {
        let text = try await CLI.run(["simulate", "--scenario", Self.example])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.hasPrefix("Scenario: permission revoked while watching\n"))
        #expect(text.stdout.hasSuffix("All invariants held.\n"))
        let json = try await CLI.run(["simulate", "--scenario", Self.example, "--json"])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(root["passed"] as? Bool == true)
        let entries = try #require(root["entries"] as? [[String: Any]])
        #expect(entries.count == 5)
        #expect(entries.last?["authorization"] as? String == "denied")
        #expect(entries.last?["locating"] as? Bool == false)
    }

    @Test func aMissingFileOrNoChoiceIsAUsageError() async throws {
        let missing = try await CLI.run(["simulate", "--scenario", "/nonexistent/story.json"])
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("cannot be read"))
        let neither = try await CLI.run(["simulate"])
        #expect(neither.status == 64)
    }
}

/// `simulate --track` through the binary: a route replayed through watch
/// mode, one forecast at the start and one per move of more than 3 km.
@Suite struct TrackCommandTests {
    @Test func aReplayedRouteRefreshesEveryThreeKilometres() async throws {
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let result = try await CLI.run(["simulate", "--track", Fixtures.url("tracks/berlin-east.gpx").path, "--speed", "600", "--format", "%t"],
                                           server: server)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == "-1°C\n-1°C\n-1°C\n")
            let longitudes = server.requests.compactMap { $0.query["longitude"].flatMap(Double.init) }
            #expect(longitudes.count == 3)
            #expect(longitudes.map { ($0 - 13.30) / 0.01475 }.map { Int($0.rounded()) } == [0, 4, 8])
            #expect(result.stderr.contains("the route of 10 positions was replayed"))
        }
    }

    @Test func aDamagedTrackIsNamed() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("route-\(UUID().uuidString).gpx")
        defer { try? FileManager.default.removeItem(at: file) }
        try "<gpx><trk><trkseg><trkpt lat=\"x\" lon=\"1\"/></trkseg></trk></gpx>".write(to: file, atomically: true, encoding: .utf8)
        let result = try await CLI.run(["simulate", "--track", file.path])
        #expect(result.status == 65)  // bad data in a file, as for every file forecastly reads
        #expect(result.stderr.contains("cannot be replayed"))
        #expect(result.stderr.hasSuffix("Give a GPX file with timed track points, or an NMEA log with RMC sentences.\n"))
    }

    /// A path that cannot be read is the user's mistake (64); a file that
    /// holds no scenario is bad data (65). One line each, saying what to do.
    @Test func simulateFilesThatAreMissingOrAreNoScenario() async throws {
        let missing = try await CLI.run(["simulate", "--track", "/nonexistent/route.gpx"])
        #expect(missing.status == 64)
        #expect(missing.stderr == "forecastly: The track /nonexistent/route.gpx cannot be replayed: it cannot be read (no such file). Check the path.\n")
        // A story through a pipe (`--scenario <(make-story)`) plays as the file does; a directory says it is one.
        let piped = try await PipedFile.feeding(Fixtures.url("../../Examples/scenarios/denied-explains.json")) { fifo in
            try await CLI.run(["simulate", "--scenario", fifo])
        }
        #expect(piped.status == 0 && piped.stdout.hasSuffix("All invariants held.\n"), "\(piped.stdout.suffix(200)) \(piped.stderr)")
        let directory = try await CLI.run(["simulate", "--scenario", FileManager.default.temporaryDirectory.path])
        #expect(directory.status == 64 && directory.stderr.contains("it cannot be read (it is a directory)"), "\(directory.stderr)")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("story-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try "not a scenario".write(to: file, atomically: true, encoding: .utf8)
        let noScenario = try await CLI.run(["simulate", "--scenario", file.path])
        #expect(noScenario.status == 65)
        #expect(noScenario.stderr.hasPrefix("forecastly: The scenario \(file.path) cannot be played: it is not JSON."))
        #expect(noScenario.stderr.split(separator: "\n").count == 1)
    }
}
