import Foundation
import Testing
import TestSupport

/// The air beside the forecast: asked at the same time, shown in the report,
/// JSON and `%Q`, asked for only when shown, and never a reason to fail.
@Suite struct AirQualityCommandTests {
    static let kyiv = ["--lat", "50.45", "--lon", "30.52"]

    @Test func theReportAndJSONShowTheAirOnTheRegionsIndex() async throws {
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let report = try await CLI.run(Self.kyiv, server: server)
            #expect(report.status == 0, "\(report.stderr)")
            #expect(report.stdout.contains("Air    Fair (EAQI 38) · PM2.5 14, PM10 25, O₃ 52, NO₂ 18 µg/m³ · UV now 0\n"))
            #expect(report.stdout.hasSuffix("Air quality by Open-Meteo.com from CAMS (CC BY 4.0)\n"))
            let air = try #require(server.requests.first { $0.path == "/v1/air-quality" })
            #expect(air.query["latitude"] == "50.45")

            let json = try await CLI.run(Self.kyiv + ["--json", "--aqi", "us"], server: server)
            let root = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            let document = try #require(root["airQuality"] as? [String: Any])
            let index = try #require(document["index"] as? [String: Any])
            #expect(index["scale"] as? String == "us")
            #expect(index["value"] as? Int == 41)
            #expect(index["category"] as? String == "Good")
            #expect((document["pollen"] as? [String: Double])?["grass"] == 12.4)
        }
    }

    @Test func aLineAsksForTheAirOnlyWithPercentQ() async throws {
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let plain = try await CLI.run(Self.kyiv + ["--oneline"], server: server)
            #expect(plain.status == 0)
            #expect(!server.requests.contains { $0.path == "/v1/air-quality" })
            let withAir = try await CLI.run(Self.kyiv + ["--format", "%t %Q"], server: server)
            #expect(withAir.stdout == "-1°C Fair (EAQI 38)\n", "\(withAir.stderr)")
            #expect(server.requests.contains { $0.path == "/v1/air-quality" })
        }
    }

    @Test func theAirCanBeTurnedOffByFlagOrFile() async throws {
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let flagged = try await CLI.run(Self.kyiv + ["--no-air-quality"], server: server)
            #expect(flagged.status == 0)
            #expect(!flagged.stdout.contains("Air "))
            let home = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-air-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: home) }
            try FileManager.default.createDirectory(at: home.appendingPathComponent(".config/forecastly"), withIntermediateDirectories: true)
            try Data("air-quality = false\n".utf8).write(to: home.appendingPathComponent(".config/forecastly/config.toml"))
            let configured = try await CLI.run(Self.kyiv + ["--json"], server: server, home: home)
            let root = try #require(try JSONSerialization.jsonObject(with: Data(configured.stdout.utf8)) as? [String: Any])
            #expect(root["airQuality"] is NSNull)
            #expect(!server.requests.contains { $0.path == "/v1/air-quality" })
        }
    }

    /// The air is an extra: when its service fails, one note, and the forecast.
    @Test func aFailingAirServiceIsANoteNotAFailure() async throws {
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            // Only the air asked beside the forecast (see NowcastCommandTests.aFailingNowcastIsANoteNotAFailure).
            let result = try await CLI.run(Self.kyiv + ["--no-nowcast", "--no-alerts"], server: server,
                                           environment: ["FORECASTLY_AIR_QUALITY_URL": CLI.refusingURL])
            #expect(result.status == 0)
            #expect(result.stdout.contains("Now    "))
            #expect(!result.stdout.contains("Air "))
            #expect(result.stderrLines.count == 1)
            #expect(result.stderr == "forecastly: note: Left out: the air quality (127.0.0.1:9 refused the connection).\n", "\(result.stderr)")
            // The reason is said in the reader's language with the note, now and while it is remembered.
            let home = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-air-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: home) }
            for run in ["now", "remembered"] {
                let german = try await CLI.run(Self.kyiv + ["--no-nowcast", "--no-alerts", "--refresh"], server: server,
                                               environment: ["FORECASTLY_AIR_QUALITY_URL": CLI.refusingURL, "LANG": "de_DE.UTF-8"], home: home)
                #expect(german.stderr == "forecastly: note: Weggelassen: die Luftqualität (127.0.0.1:9 hat die Verbindung abgelehnt).\n",
                        "\(run): \(german.stderr)")
            }
        }
    }
}

extension AirQualityCommandTests {
    /// `about` shows the air-quality server the service would ask, and says
    /// so when the variable names one it refuses (plain HTTP off loopback).
    @Test func aboutShowsTheAirQualityServerAsTheServiceReadsIt() async throws {
        let local = try await CLI.run(["about"], environment: ["FORECASTLY_AIR_QUALITY_URL": "http://127.0.0.1:8"])
        #expect(local.stdout.contains("server: http://127.0.0.1:8\n"), "\(local.stdout)")
        let refused = try await CLI.run(["about"], environment: ["FORECASTLY_AIR_QUALITY_URL": "http://example.com"])
        #expect(refused.stdout.contains("server: (FORECASTLY_AIR_QUALITY_URL is invalid)"), "\(refused.stdout)")
        #expect(!refused.stdout.contains("example.com"))
    }
}
