import Foundation
import Testing
import TestSupport

/// The extras never hold the forecast: a service that never answers is left
/// out once the budget after the forecast is spent, its failure is
/// remembered so the next run does not ask (or wait) again, an answer that
/// still stands is not asked again, and all of it is at most one short line.
@Suite struct ExtrasBudgetTests {
    static let kyiv = ["--lat", "50.45", "--lon", "30.52"]
    /// A short wait: the runner's own is the longest there is. A busy
    /// machine may not even send a request within it, so the tests below
    /// ask only that a later run asks no more than the first.
    static let shortWait = ["FORECASTLY_EXTRAS_WAIT": "1"]

    static func home() throws -> URL {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-extras-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        return home
    }

    static func asked(_ server: StubHTTPServer, _ path: String) -> Int {
        server.requests.filter { $0.path.hasPrefix(path) }.count
    }

    @Test func servicesThatNeverAnswerAreLeftOutAndRemembered() async throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let base = FullResponse.handler()
        try await StubHTTPServer.with(handler: { request in
            request.path == "/v1/air-quality" || request.path.hasPrefix("/api/v1/warnings/") ? .hang : base(request)
        }) { server in
            let first = try await CLI.run(Self.kyiv, server: server, environment: Self.shortWait, home: home)
            #expect(first.status == 0, "\(first.stderr)")
            #expect(first.stdout.contains("Now    ⛄ Slight snow fall, -1°C"))
            #expect(!first.stdout.contains("Air "))
            // Left out when the budget after the forecast was spent, not when the transport gave up.
            #expect(first.stderr == "forecastly: note: Left out: the air quality and the weather warnings (no answer within 1 s).\n", "\(first.stderr)")
            let air = Self.asked(server, "/v1/air-quality"), warnings = Self.asked(server, "/api/v1/warnings/")
            #expect(air <= 1 && warnings <= 1)

            // Right after: the failures are remembered, so nothing is asked (or waited for) again.
            let second = try await CLI.run(Self.kyiv + ["--refresh"], server: server, environment: Self.shortWait, home: home)
            #expect(second.status == 0)
            #expect(second.stderrLines.count == 1, "\(second.stderr)")
            #expect(Self.asked(server, "/v1/air-quality") == air && Self.asked(server, "/api/v1/warnings/") == warnings)
        }
    }

    /// `compare` marks places with warnings on the same terms: a warning
    /// service that never answers is left out, and not asked again soon.
    @Test func compareDoesNotWaitForWarnings() async throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let base = FullResponse.handler()
        try await StubHTTPServer.with(handler: { request in
            request.path.hasPrefix("/api/v1/warnings/") ? .hang : base(request)
        }) { server in
            let first = try await CLI.run(["compare", "Kyiv"], server: server, environment: Self.shortWait, home: home)
            #expect(first.status == 0, "\(first.stderr)")
            #expect(first.stdout.hasPrefix("Place"), "\(first.stdout)")
            let asked = Self.asked(server, "/api/v1/warnings/")
            #expect(asked <= 1)
            let second = try await CLI.run(["compare", "Kyiv"], server: server, environment: Self.shortWait, home: home)
            #expect(second.status == 0)
            #expect(Self.asked(server, "/api/v1/warnings/") == asked)
        }
    }

    @Test func aRepeatWithinTheFreshnessWindowSendsNoRequestAtAll() async throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let started = Date()
            let first = try await CLI.run(Self.kyiv, server: server, home: home)
            #expect(first.status == 0 && first.stdout.contains("Air    Fair (EAQI 38)") && first.stdout.contains("Soon "), "\(first.stderr)")
            let asked = server.requestCount
            let second = try await CLI.run(Self.kyiv, server: server, home: home)
            #expect(second.status == 0 && second.stderr.isEmpty, "\(second.stderr)")
            #expect(second.stdout.contains("Air    Fair (EAQI 38)") && second.stdout.contains("Soon "))
            // The air stands until the end of its hour: runs on either side
            // of an hour's turn rightly ask for it again, and for nothing else.
            let crossedAnHour = Int(started.timeIntervalSince1970 / 3600) != Int(Date().timeIntervalSince1970 / 3600)
            let repeated = server.requests.dropFirst(asked).map(\.path)
            #expect(repeated.isEmpty || (crossedAnHour && repeated == ["/v1/air-quality"]),
                    "the forecast, the air, the next two hours and the warnings all came from the store: \(server.requests.map(\.path))")
        }
    }

    @Test func offlineShowsTheStoredExtras() async throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let online = try await CLI.run(Self.kyiv, server: server, home: home)
            #expect(online.status == 0)
        }
        let offline = try await CLI.run(Self.kyiv + ["--offline"], home: home)
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout.contains("Air    Fair (EAQI 38)"))
        #expect(offline.stdout.contains("Soon "))
    }

    /// No network at all, with a stored forecast: the forecast's warning
    /// says so, and the extras add nothing to it.
    @Test func withoutANetworkTheExtrasSayNothingMore() async throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let online = try await CLI.run(Self.kyiv + ["--no-air-quality", "--no-nowcast", "--no-alerts"], server: server, home: home)
            #expect(online.status == 0)
        }
        let offline = try await CLI.run(Self.kyiv + ["--refresh"], home: home)
        #expect(offline.status == 0)
        #expect(offline.stderrLines.count == 1, "\(offline.stderr)")
        #expect(offline.stderr.hasPrefix("forecastly: warning: Cannot reach Open-Meteo"), "\(offline.stderr)")
    }
}
