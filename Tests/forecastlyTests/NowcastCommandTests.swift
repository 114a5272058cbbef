import Foundation
import Testing
import TestSupport

/// The next two hours beside the forecast, as the binary shows them.
@Suite struct NowcastCommandTests {
    static let kyiv = ["--lat", "50.45", "--lon", "30.52"]

    @Test func theReportSaysWhenRainStarts() async throws {
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let report = try await CLI.run(Self.kyiv, server: server)
            #expect(report.status == 0, "\(report.stderr)")
            let line = try #require(report.stdout.split(separator: "\n").first { $0.hasPrefix("Soon   ") })
            // The stub's rain starts two quarter hours after the current one.
            #expect(line.wholeMatch(of: /Soon   Rain starting in about (15|20|25|30) min, light, stopping around [0-9]{2}:[0-9]{2} · ▁▁▃▃▃▁▁▁▁/) != nil, "\(line)")
            let asked = try #require(server.requests.first { $0.query["minutely_15"] != nil })
            #expect(asked.path == "/v1/forecast")
            #expect(asked.query["latitude"] == "50.45")

            let json = try await CLI.run(Self.kyiv + ["--json"], server: server)
            let root = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            let nowcast = try #require(root["nowcast"] as? [String: Any])
            #expect((nowcast["summary"] as? String)?.hasPrefix("Rain starting in about") == true)
            #expect((nowcast["steps"] as? [Any])?.count == 9)
            #expect(nowcast["stepMinutes"] as? Int == 15)
        }
    }

    @Test func aLineAsksOnlyWithPercentNAndTheFlagTurnsItOff() async throws {
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            _ = try await CLI.run(Self.kyiv + ["--oneline"], server: server)
            #expect(!server.requests.contains { $0.query["minutely_15"] != nil })
            let line = try await CLI.run(Self.kyiv + ["--format", "%N"], server: server)
            #expect(line.stdout.hasPrefix("Rain starting in about"), "\(line.stdout) \(line.stderr)")
            let off = try await CLI.run(Self.kyiv + ["--json", "--no-nowcast"], server: server)
            let root = try #require(try JSONSerialization.jsonObject(with: Data(off.stdout.utf8)) as? [String: Any])
            #expect(root["nowcast"] is NSNull)
            #expect(server.requests.filter { $0.query["minutely_15"] != nil }.count == 1)
        }
    }

    @Test func aFailingNowcastIsANoteNotAFailure() async throws {
        try await StubHTTPServer.with(handler: { request in
            request.query["minutely_15"] != nil ? .respond(status: 503, body: Array("<html>down</html>".utf8)) : FullResponse.handler()(request)
        }) { server in
            // The other extras left out: each has a budget of wall time, which
            // one of them overran once on a CI machine busy with the whole suite.
            let result = try await CLI.run(Self.kyiv + ["--no-air-quality", "--no-alerts"], server: server)
            #expect(result.status == 0)
            #expect(!result.stdout.contains("Soon "))
            #expect(result.stderrLines.count == 1)
            #expect(result.stderr == "forecastly: note: Left out: the next two hours (HTTP 503).\n", "\(result.stderr)")
        }
    }

    /// Two extras failing for different reasons: the note points at
    /// `--verbose`, and under `--verbose` gives the reasons instead of the pointer.
    @Test func differentReasonsAreToldUnderVerbose() async throws {
        try await StubHTTPServer.with(handler: { request in
            if request.query["minutely_15"] != nil { return .respond(status: 503, body: Array("<html>down</html>".utf8)) }
            if request.path == "/v1/air-quality" { return .respond(status: 500, body: Array("oops".utf8)) }
            return FullResponse.handler()(request)
        }) { server in
            let quiet = try await CLI.run(Self.kyiv + ["--no-alerts"], server: server)
            #expect(quiet.status == 0)
            #expect(quiet.stderr == "forecastly: note: Left out: the air quality and the next two hours (--verbose says why).\n", "\(quiet.stderr)")

            let verbose = try await CLI.run(Self.kyiv + ["--no-alerts", "--verbose"], server: server)
            #expect(verbose.status == 0)
            #expect(verbose.stderrLines.contains { $0.contains("left out the air quality: HTTP 500") }, "\(verbose.stderr)")
            #expect(verbose.stderrLines.contains { $0.contains("left out the next two hours: HTTP 503") }, "\(verbose.stderr)")
            #expect(verbose.stderrLines.last == "forecastly: note: Left out: the air quality and the next two hours.", "\(verbose.stderr)")
        }
    }

    /// In the Nordic countries the radar answers, through MET Norway's server.
    @Test func osloGetsTheRadar() async throws {
        let radar = try Data(contentsOf: Fixtures.url("nowcast/met-norway-nowcast_oslo_derived.json"))
        try await StubHTTPServer.with(handler: { request in
            request.path == "/weatherapi/nowcast/2.0/complete" ? .respond(status: 200, body: Array(radar)) : FullResponse.handler()(request)
        }) { server in
            let result = try await CLI.run(["--lat", "59.91", "--lon", "10.75", "--json"], server: server,
                                           environment: ["FORECASTLY_MET_NORWAY_URL": server.baseURL])
            #expect(result.status == 0, "\(result.stderr)")
            let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let nowcast = try #require(root["nowcast"] as? [String: Any])
            #expect(nowcast["stepMinutes"] as? Int == 5)
            #expect(!server.requests.contains { $0.query["minutely_15"] != nil })
        }
    }
}
