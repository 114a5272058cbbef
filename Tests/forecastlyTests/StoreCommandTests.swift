import Foundation
import Testing
import TestSupport

/// The cache, offline mode and notes through the binary, on a real SQLite
/// file in each test's own HOME.
@Suite struct StoreCommandTests {
    static let kyiv = ["--lat", "50.45", "--lon", "30.52"]

    static func home() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-store-\(UUID().uuidString)")
    }

    /// `notes add hello world` is the note "hello world", as people type it;
    /// without a place or a terminal, the error says how to give one.
    @Test func aNoteIsEveryWordGiven() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-words-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let saved = try await CLI.run(["notes", "add", "hello", "world", "--without-weather"], home: home)
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(try await CLI.run(["notes", "list"], home: home).stdout.contains("hello world"))
        let unplaced = try await CLI.run(["notes", "add", "morning", "run"], home: home)
        #expect(unplaced.status == 77)
        #expect(unplaced.stderr.contains("--city"), "\(unplaced.stderr)")
    }

    @Test func aFreshStoredForecastAnswersWithoutAnyRequest() async throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let first = try await CLI.run(Self.kyiv + ["--format", "%t"], server: server, home: home)
            let second = try await CLI.run(Self.kyiv + ["--format", "%t"], server: server, home: home)
            let json = try await CLI.run(Self.kyiv + ["--json"], server: server, home: home)
            let refreshed = try await CLI.run(Self.kyiv + ["--format", "%t", "--refresh"], server: server, home: home)
            let noCache = try await CLI.run(Self.kyiv + ["--format", "%t", "--max-age", "0"], server: server, home: home)
            #expect(first.stdout == "-1°C\n" && second.stdout == "-1°C\n")
            // The forecast was asked three times: first, --refresh, --max-age 0.
            let forecasts = server.requests.filter { $0.path == "/v1/forecast" && $0.query["minutely_15"] == nil }
            #expect(forecasts.count == 3)
            // Beside the stored forecast, --json still shows the air, the next two hours and the warnings.
            #expect(Set(server.requests.map(\.path)).isSuperset(of: ["/v1/air-quality", "/api/v1/warnings/feeds-ukraine"]))
            let root = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            let cache = try #require(root["cache"] as? [String: Any])
            #expect(cache["origin"] as? String == "stored")
            #expect((cache["ageSeconds"] as? Int).map { $0 < 60 } == true)
            #expect(refreshed.status == 0 && noCache.status == 0)
            #expect(FileManager.default.fileExists(atPath: home.path + "/.local/share/forecastly/forecastly.sqlite"))
        }
    }

    @Test func whenTheNetworkFailsTheStoredForecastIsShownWithAWarning() async throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            _ = try await CLI.run(Self.kyiv + ["--format", "%t"], server: server, home: home)
        }
        let gone = CLI.refusingURL
        // The server is gone (connection refused), and so is the fallback,
        // MET Norway: the stored forecast, with its age.
        let stale = try await CLI.run(Self.kyiv + ["--format", "%t", "--refresh"], environment: ["FORECASTLY_OPEN_METEO_URL": gone], home: home)
        #expect(stale.status == 0)
        #expect(stale.stdout == "-1°C\n")
        // One line: the fallback that did not answer either adds nothing to it.
        #expect(stale.stderrLines.count == 1, "\(stale.stderr)")
        #expect(stale.stderrLines.last?.hasPrefix("forecastly: warning: Cannot reach Open-Meteo") == true, "\(stale.stderr)")
        #expect(stale.stderr.contains("Showing the forecast stored"))
        // Nothing stored for this place: the error, exit 69.
        let nothing = try await CLI.run(["--lat", "10", "--lon", "10"], environment: ["FORECASTLY_OPEN_METEO_URL": gone], home: home)
        #expect(nothing.status == 69)
        #expect(nothing.stdout.isEmpty)
    }

    /// A stored forecast of more days answers a question of fewer, cut to
    /// them: when the service fails, it is shown stale as without --days.
    @Test func aLongerStoredForecastStandsForAShorterOne() async throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let week = try await CLI.run(Self.kyiv + ["--json", "--days", "7"], server: server, home: home)
            #expect(week.status == 0, "\(week.stderr)")
        }
        try await StubHTTPServer.with(always: .respond(status: 503, body: Array("<html>down</html>".utf8))) { server in
            let result = try await CLI.run(Self.kyiv + ["--refresh", "--days", "3", "--json", "--no-air-quality", "--no-nowcast", "--no-alerts"],
                                           server: server, home: home)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("Showing the forecast stored"))
            let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            #expect((root["daily"] as? [Any])?.count == 3)
            #expect((root["cache"] as? [String: Any])?["origin"] as? String == "stale")
            // The hours end with the third day too.
            let hours = try #require(root["hourly"] as? [[String: Any]])
            let days = Set(hours.compactMap { ($0["time"] as? String)?.prefix(10) })
            #expect(days.count <= 3)
        }
    }

    @Test func offlineShowsTheStoredForecastWithItsAge() async throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            _ = try await CLI.run(["--city", "Lviv", "--format", "%t"], server: server, home: home)
            let requests = server.requestCount
            let byCity = try await CLI.run(["--city", "Lviv", "--offline", "--hours", "0"], server: server, home: home)
            let anyPlace = try await CLI.run(["--offline", "--format", "%l %t"], server: server, home: home)
            let elsewhere = try await CLI.run(["--offline", "--city", "Odesa"], server: server, home: home)
            #expect(server.requestCount == requests) // --offline never asks
            #expect(byCity.status == 0)
            #expect(byCity.stdout.hasPrefix("Lviv, UA"))
            #expect(byCity.stdout.contains("Stored fetched "))
            #expect(byCity.stdout.contains("(offline)"))
            #expect(anyPlace.stdout == "Lviv, UA -1°C\n")
            #expect(elsewhere.status == 69)
            #expect(elsewhere.stderr.contains("No forecast is stored for Odesa, UA"))
            // A typo offline is said as a typo, as online ("run once while online" would not help).
            for command in [["--offline", "--city", "Lvvi"], ["alerts", "--offline", "--city", "Lvvi"]] {
                let typo = try await CLI.run(command, server: server, home: home)
                #expect(typo.status == 64, "\(command): \(typo.stderr)")
                #expect(typo.stderrLines.count == 1 && typo.stderr.hasPrefix("forecastly: No place called “Lvvi” is known. Did you mean Lviv, UA;"),
                        "\(command): \(typo.stderr)")
            }
            // A name the index suggests nothing for may be a place only the online lookup knows.
            #expect(try await CLI.run(["--offline", "--city", "Zzqxw"], server: server, home: home).stderr.contains("No forecast is stored for Zzqxw"))
            #expect(server.requestCount == requests)
        }
    }

    /// The place stored with `location set` is the place an offline run
    /// shows: its own stored forecast, or one line saying there is none,
    /// never another place's (here Lviv's is stored, and Odesa is the place).
    @Test func offlineWithAStoredPlaceShowsOnlyItsForecast() async throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            _ = try await CLI.run(["--city", "Lviv", "--format", "%t"], server: server, home: home)
            #expect(try await CLI.run(["location", "set", "--city", "Odesa"], home: home).status == 0)
            let odesa = try await CLI.run(["--offline", "--oneline"], server: server, home: home)
            #expect(odesa.status == 69 && odesa.stdout.isEmpty, "\(odesa.stdout)")
            #expect(odesa.stderr.contains("No forecast is stored for Odesa"), "\(odesa.stderr)")
            #expect(try await CLI.run(["location", "set", "--city", "Lviv"], home: home).status == 0)
            let lviv = try await CLI.run(["--offline", "--format", "%l %t"], server: server, home: home)
            #expect(lviv.status == 0 && lviv.stdout == "Lviv, UA -1°C\n", "\(lviv.stdout) \(lviv.stderr)")
        }
    }

    @Test func cacheStatusCountsAndClearEmptiesTheStore() async throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            _ = try await CLI.run(Self.kyiv + ["--format", "%t"], server: server, home: home)
            _ = try await CLI.run(["--city", "Lviv", "--format", "%t"], server: server, home: home)
            let status = try await CLI.run(["cache", "status"], home: home)
            #expect(status.stdout.contains("Forecasts  2\nPlaces     2\n"), "\(status.stdout)")
            let cleared = try await CLI.run(["cache", "clear"], home: home)
            #expect(cleared.stdout == "Stored forecasts removed: 2.\n")
            let after = try await CLI.run(["cache", "status"], home: home)
            #expect(after.stdout.contains("Forecasts  0\nPlaces     0\n"), "\(after.stdout)")
        }
    }

    /// A note is kept at the point typed, even when a stored forecast of a
    /// nearby point in the same cell gave its weather.
    @Test func aNoteKeepsThePointTyped() async throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            _ = try await CLI.run(["Kyiv", "--format", "%t"], server: server, home: home)
            let added = try await CLI.run(["notes", "add", "by the river", "--lat", "50.452", "--lon", "30.518"], server: server, home: home)
            #expect(added.status == 0, "\(added.stderr)")
            // The weather came from the store: one forecast request in all.
            #expect(server.requests.filter { $0.path == "/v1/forecast" }.count == 1)
        }
        let shown = try await CLI.run(["notes", "show", "1"], home: home)
        #expect(shown.stdout.contains("At       50.452, 30.518\n"), "\(shown.stdout)")
    }

    /// An answer far from the machine's clock (a Pi whose clock is not set,
    /// a server's stale cache) is not the weather of the moment: nothing is
    /// saved, and the one line says why, as for a stale forecast.
    @Test func aNoteIsNotSavedFromAnAnswerFarFromTheClock() async throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let added = try await StubHTTPServer.with(handler: FullResponse.handler(timeline: .recorded)) { server in
            try await CLI.run(["notes", "add", "snow day", "--lat", "50.45", "--lon", "30.52"], server: server, home: home)
        }
        #expect(added.status == 75, "\(added.stderr)")
        #expect(added.stdout.isEmpty)
        #expect(added.stderrLines.count == 1, "\(added.stderr)")
        #expect(added.stderr.hasPrefix("forecastly: The note was not saved: The forecast describes 2026-11-21 07:15, "), "\(added.stderr)")
        #expect(added.stderr.hasSuffix(" Try again, or save it with --without-weather.\n"), "\(added.stderr)")
        let list = try await CLI.run(["notes", "list"], home: home)
        #expect(!list.stdout.contains("snow day"), "\(list.stdout)")
    }

    @Test func notesKeepTheWeatherOfTheMoment() async throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let added = try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            try await CLI.run(["notes", "add", "walk in the park", "--city", "Kyiv"], server: server, home: home)
        }
        let gone = CLI.refusingURL
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.hasPrefix("Saved #1  "))
        #expect(added.stdout.contains("⛄ -1°C  Kyiv, UA  walk in the park"))
        let bare = try await CLI.run(["notes", "add", "no weather here", "--without-weather"], home: home)
        #expect(bare.status == 0)
        // The server is gone: nothing is saved.
        let failed = try await CLI.run(["notes", "add", "lost", "--lat", "1", "--lon", "1"], environment: ["FORECASTLY_OPEN_METEO_URL": gone], home: home)
        #expect(failed.status == 69)
        #expect(failed.stderr.hasPrefix("forecastly: The note was not saved: Cannot reach Open-Meteo"))
        let list = try await CLI.run(["notes", "list"], home: home)
        let lines = list.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("#2 ") && lines[0].hasSuffix("no weather here"))
        #expect(lines[1].hasPrefix("#1 "))
        let exported = try await CLI.run(["notes", "export"], home: home)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(exported.stdout.utf8)) as? [[String: Any]])
        #expect(array.map { $0["text"] as? String } == ["no weather here", "walk in the park"])
        let weather = try #require(array[1]["weather"] as? [String: Any])
        #expect(weather["temperature"] as? Double == -1.4)
        #expect(weather["provider"] as? String == "open-meteo")  // which provider gave the weather
        let shown = try await CLI.run(["notes", "show", "1"], home: home)
        #expect(shown.stdout.contains("From     Weather data by Open-Meteo.com (CC BY 4.0)"))
    }

    @Test(arguments: [("", "The note is empty"), (String(repeating: "x", count: 1001), "at most 1000"), ("bell\u{7}", "control characters")])
    func badNotesAreRefused(text: String, message: String) async throws {
        let result = try await CLI.run(["notes", "add", text, "--without-weather"])
        #expect(result.status == 64)
        #expect(result.stderr.contains(message))
    }

    /// Twenty `notes add` at once: every one is saved, each with its own id.
    @Test func twentyConcurrentAddsLoseNothing() async throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let results = try await withThrowingTaskGroup(of: CLIResult.self) { group in
            for index in 0..<20 {
                group.addTask { try await CLI.run(["notes", "add", "note \(index)", "--without-weather"], home: home, alongsideOthers: true) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0.status == 0 }, "\(results.map(\.stderr))")
        let exported = try await CLI.run(["notes", "export"], home: home)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(exported.stdout.utf8)) as? [[String: Any]])
        #expect(Set(array.compactMap { $0["text"] as? String }) == Set((0..<20).map { "note \($0)" }))
        #expect(Set(array.compactMap { $0["id"] as? Int }).count == 20)
    }

    /// Twenty processes at once, mixing note writes, cache clears, forecasts
    /// (which write the cache) and an import of a place index: each ends
    /// with its documented status, and every committed note is there.
    @Test func twentyMixedProcessesAtOnce() async throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let runs: [[String]] = (0..<20).map { index in
                switch index % 5 {
                case 0, 1: ["notes", "add", "note \(index)", "--without-weather"]
                case 2: ["cache", "clear"]
                case 3: ["--lat", String(50 + Double(index) / 10), "--lon", "30.52", "--format", "%t", "--refresh"]
                default: ["cities", "import", Fixtures.url("geonames/cities-sample.txt").path]
                }
            }
            let results = try await withThrowingTaskGroup(of: (Int, CLIResult).self) { group in
                for (index, arguments) in runs.enumerated() {
                    group.addTask { (index, try await CLI.run(arguments, server: server, home: home, alongsideOthers: true)) }
                }
                return try await group.reduce(into: [Int: CLIResult]()) { $0[$1.0] = $1.1 }
            }
            for (index, result) in results.sorted(by: { $0.key < $1.key }) {
                #expect(result.status == 0, "\(runs[index]): \(result.status) \(result.stderr)")
            }
            let exported = try await CLI.run(["notes", "export"], home: home)
            let array = try #require(try JSONSerialization.jsonObject(with: Data(exported.stdout.utf8)) as? [[String: Any]])
            let written = Set(runs.enumerated().filter { $0.element.first == "notes" }.map { "note \($0.offset)" })
            #expect(Set(array.compactMap { $0["text"] as? String }) == written)
            let search = try await CLI.run(["cities", "search", "kyiv", "--limit", "1"], home: home)
            #expect(search.status == 0 && search.stdout.hasPrefix("Kyiv"))  // the import that finished last stands whole
        }
    }

    /// Processes killed with SIGKILL in the middle of writing leave a valid
    /// database holding every note whose `notes add` finished.
    @Test func killedWritersLeaveAValidDatabase() async throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        var committed: Set<String> = []
        for round in 0..<8 {
            // Writers race; one is killed at a different moment each round,
            // from before it opens the file to the middle of its commit.
            var killed: [Process] = []
            for writer in 0..<3 { killed.append(try await CLI.start(["notes", "add", "killed \(round)-\(writer)", "--without-weather"], home: home)) }
            try await Task.sleep(for: .milliseconds(8 * round))
            for process in killed { kill(process.processIdentifier, SIGKILL) }
            for process in killed { _ = await process.ended() }
            let survivor = try await CLI.run(["notes", "add", "kept \(round)", "--without-weather"], home: home)
            if survivor.status == 0 { committed.insert("kept \(round)") }
        }
        let check = try await CLI.run(["notes", "export"], home: home)
        #expect(check.status == 0, "\(check.stderr)")
        let texts = Set((try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [[String: Any]] ?? []).compactMap { $0["text"] as? String })
        #expect(committed.count == 8)
        #expect(committed.isSubset(of: texts))
        #expect(texts.subtracting(committed).allSatisfy { $0.hasPrefix("killed") })
        let integrity = try await CLI.run(["cache", "status"], home: home)
        #expect(integrity.status == 0)
    }

    /// The store is opened ahead of every run, but only when it exists:
    /// commands that never needed it leave a fresh home as it was.
    @Test(arguments: [["--help"], ["--version"], ["about"], ["--lat", "91", "--lon", "0"]])
    func commandsThatNeedNoStoreCreateNone(arguments: [String]) async throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let result = try await CLI.run(arguments, home: home)
        #expect(result.status == (arguments.first == "--lat" ? 64 : 0))
        #expect(!FileManager.default.fileExists(atPath: home.path + "/.local/share/forecastly"))
    }

    /// A file where the database's directory belongs is named as such, not
    /// as the system's "file exists", and in the reader's language; the file stays.
    @Test func aFileWhereTheDatabaseDirectoryBelongsIsSaidSo() async throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let directory = home.path + "/.local/share/forecastly"
        try FileManager.default.createDirectory(atPath: home.path + "/.local/share", withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: directory))
        let english = try await CLI.run(["notes", "add", "walk", "--without-weather"], home: home)
        #expect(english.status == 73)
        #expect(english.stderr.hasPrefix("forecastly: The forecastly database \(directory)/forecastly.sqlite cannot be written: cannot create \(directory): a file is in the way. "),
                "\(english.stderr)")
        let german = try await CLI.run(["notes", "add", "walk", "--without-weather"], environment: ["LANG": "de_DE.UTF-8"], home: home)
        #expect(german.stderr.contains(": \(directory) kann nicht angelegt werden: eine Datei ist im Weg. "), "\(german.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory)) == Data("mine".utf8))
    }

    @Test func aDamagedDatabaseIsReportedAndLeftAlone() async throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let path = home.path + "/.local/share/forecastly/forecastly.sqlite"
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let junk = Data(repeating: 0x5A, count: 4096)
        try junk.write(to: URL(fileURLWithPath: path))
        let notes = try await CLI.run(["notes", "list"], home: home)
        #expect(notes.status == 65)
        #expect(notes.stderr == "forecastly: The forecastly database \(path) is damaged (not an SQLite database); it was left as it is. Move it away (your notes may be recoverable with the sqlite3 tool); forecastly then starts a new one.\n")
        // The forecast still works, without the cache, and says so.
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let forecast = try await CLI.run(Self.kyiv + ["--format", "%t"], server: server, home: home)
            #expect(forecast.status == 0)
            #expect(forecast.stdout == "-1°C\n")
            #expect(forecast.stderr.contains("warning: The forecastly database"))
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == junk)
        }
    }
}

/// `--watch` through the binary: frames appended when stdout is not a
/// terminal, and Ctrl-C (SIGINT) ends it cleanly with status 0.
@Suite struct WatchCommandTests {
    @Test func watchPrintsAFrameAndEndsCleanlyOnControlC() async throws {
        let home = StoreCommandTests.home()
        defer { try? FileManager.default.removeItem(at: home) }
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let output = Pipe()
            let process = try await CLI.start(["--lat", "50.45", "--lon", "30.52", "--watch", "--interval", "1h", "--oneline"],
                                        home: home, environment: ["FORECASTLY_OPEN_METEO_URL": server.baseURL], stdout: output)
            let firstLine = await Self.readLine(output.fileHandleForReading, from: process)
            kill(process.processIdentifier, SIGINT)
            _ = await process.ended()
            #expect(firstLine == "⛄ -1°C 15 km/h NW")
            #expect(process.terminationReason == .exit)
            #expect(process.terminationStatus == 0)
            #expect(server.requestCount == 1)
        }
    }

    /// On a terminal, a watch draws its screen again to the new width when
    /// the terminal is resized, rather than leaving it wrapped until the
    /// next refresh. The window is resized as a terminal emulator does
    /// (`stty` sets the size; the kernel sends SIGWINCH).
    @Test func aWatchOnATerminalIsRedrawnWhenResized() async throws {
        let home = StoreCommandTests.home()
        defer { try? FileManager.default.removeItem(at: home) }
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let screen = Pipe()
            let process = try await CLI.start(["--lat", "50.45", "--lon", "30.52", "--watch", "--interval", "1h", "--no-air-quality", "--no-nowcast", "--no-alerts"],
                                              home: home, environment: ["FORECASTLY_OPEN_METEO_URL": server.baseURL], stdout: screen, onTerminal: true)
            let first = await OutdatedAnswerTests.read(screen.fileHandleForReading, until: "Ctrl-C to quit.", from: process)
            let watching = CLI.descendant(of: process.processIdentifier, named: "forecastly")
            let terminal = watching.flatMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\($0)/fd/1") }
            var shown = first
            if let terminal {
                let stty = Process()
                stty.executableURL = URL(fileURLWithPath: "/usr/bin/stty")
                stty.arguments = ["-F", terminal, "cols", "50", "rows", "40"]
                try stty.run()
                _ = await stty.ended()
                shown += await OutdatedAnswerTests.read(screen.fileHandleForReading, until: "Ctrl-C to quit.", from: process)
            }
            if let watching { kill(watching, SIGTERM) } else { kill(process.processIdentifier, SIGKILL) }
            _ = await process.ended()
            #expect(watching != nil && terminal?.hasPrefix("/dev/pts/") == true, "\(String(describing: terminal))")
            func lines(_ drawn: String) -> [String] {
                drawn.replacing(#/\x{1B}\[[0-9;?]*[A-Za-z]/#, with: "").components(separatedBy: "\r\n")
            }
            let screens = shown.components(separatedBy: "\u{1B}[2J").dropFirst()
            // One redraw for each resize the terminal reports (stty may set the columns and the rows apart).
            #expect(screens.count >= 2, "\(shown)")
            // At 80 columns the first line is wider than 50; after the resize none is.
            #expect(lines(screens.first ?? "").contains { $0.count > 50 }, "\(shown)")
            #expect(lines(screens.last ?? "").allSatisfy { $0.count <= 50 }, "\(shown)")
            #expect(server.requests.filter { $0.path == "/v1/forecast" }.count == 1)
        }
    }

    /// "Typed coordinates and the stored place still work" holds for a
    /// watch too: with locating denied, a status bar watching shows the
    /// stored place, as a single run does, not a wait for the permission.
    @Test func aDeniedWatchShowsTheStoredPlace() async throws {
        let home = StoreCommandTests.home()
        defer { try? FileManager.default.removeItem(at: home) }
        _ = try await CLI.run(["location", "set", "--lat", "50.45", "--lon", "30.52", "--name", "Kyiv"], home: home)
        _ = try await CLI.run(["location", "deny"], home: home)
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let single = try await CLI.run(["--format", "%l %t"], server: server, home: home)
            #expect(single.stdout == "Kyiv -1°C\n", "\(single.stderr)")
            let output = Pipe()
            let process = try await CLI.start(["--watch", "--interval", "1h", "--format", "%l %t"],
                                              home: home, environment: ["FORECASTLY_OPEN_METEO_URL": server.baseURL], stdout: output)
            let firstLine = await Self.readLine(output.fileHandleForReading, from: process)
            kill(process.processIdentifier, SIGINT)
            _ = await process.ended()
            #expect(firstLine == "Kyiv -1°C")
            #expect(process.terminationStatus == 0)
        }
    }

    @Test func watchWithTheServiceDownShowsTheStoredForecastAndSaysSo() async throws {
        let home = StoreCommandTests.home()
        defer { try? FileManager.default.removeItem(at: home) }
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            _ = try await CLI.run(["--lat", "50.45", "--lon", "30.52", "--format", "%t"], server: server, home: home)
        }
        let gone = CLI.refusingURL
        let output = Pipe(), errors = Pipe()
        let process = try await CLI.start(["--lat", "50.45", "--lon", "30.52", "--watch", "--refresh", "--no-fallback", "--interval", "10s", "--format", "%t"],
                                    home: home, environment: ["FORECASTLY_OPEN_METEO_URL": gone], stdout: output, stderr: errors)
        let firstLine = await Self.readLine(output.fileHandleForReading, from: process)
        let warning = await Self.readLine(errors.fileHandleForReading, from: process)
        kill(process.processIdentifier, SIGINT)
        _ = await process.ended()
        #expect(firstLine == "-1°C")
        #expect(warning.hasPrefix("forecastly: Cannot reach Open-Meteo"))
        #expect(warning.contains("Showing the stored forecast; trying again in"))
        #expect(process.terminationStatus == 0)
    }

    /// The next line `process` writes to `handle` (byte by byte: what
    /// follows it is the next read's).
    static func readLine(_ handle: FileHandle, from process: Process) async -> String {
        await CLI.reading(from: process) {
            var bytes: [UInt8] = []
            while true {
                let chunk = handle.readData(ofLength: 1)
                guard let byte = chunk.first, byte != 0x0A else { break }
                bytes.append(byte)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
