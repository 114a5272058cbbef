import ForecastCore
import ForecastlyBase
@testable import ForecastProviders
import Foundation
import NetworkTransport
import Testing
import TestSupport

/// MET Norway's radar Nowcast, read from its documented format (no recording
/// exists), and the choice between it and Open-Meteo's model.
@Suite struct MetNorwayNowcastTests {
    static func text() throws -> String {
        try String(contentsOf: Fixtures.url("nowcast/met-norway-nowcast_oslo_derived.json"), encoding: .utf8)
    }

    static func response(_ text: String, status: Int = 200) -> HTTPResponse { HTTPResponse(status: status, body: Array(text.utf8)) }

    @Test func fiveMinuteRadarStepsMakeTheSummary() throws {
        let nowcast = try MetNorwayNowcastService.nowcast(from: Self.response(try Self.text()))
        #expect(nowcast.stepMinutes == 5)
        #expect(nowcast.steps.count == 25)
        let noon = Date(timeIntervalSince1970: 1_795_262_400)  // 2026-11-21T12:00:00Z
        #expect(nowcast.steps.first?.time == noon)
        // A shower from 12:30 until 13:05, at most 3.6 mm/h.
        #expect(NowcastSummary(nowcast, now: noon) == .precipitation(
            start: noon.addingTimeInterval(30 * 60), end: noon.addingTimeInterval(65 * 60), intensity: .moderate, snow: false))
    }

    /// The radar's own word on whether it sees the place is obeyed.
    @Test(arguments: ["no coverage", "temporarily unavailable"])
    func withoutRadarCoverageThereIsNoNowcast(coverage: String) throws {
        let text = try Self.text().replacingOccurrences(of: "\"radar_coverage\": \"ok\"", with: "\"radar_coverage\": \"\(coverage)\"")
        #expect(text.contains(coverage))
        #expect(throws: ForecastError.emptyData(service: .metNorway)) { try MetNorwayNowcastService.nowcast(from: Self.response(text)) }
    }

    @Test(arguments: [
        ("\"2026-11-21T12:05:00Z\"", "\"2026-11-21T12:07:00Z\"", "not 5 minutes apart"),
        ("\"precipitation_rate\": 3.6", "\"precipitation_rate\": 5000", "is not rain"),
        ("\"2026-11-21T12:00:00Z\"", "\"noon\"", "is not a UTC time"),
    ])
    func answersThatCannotBeWeatherAreBadData(original: String, replacement: String, message: String) throws {
        let text = try Self.text()
        #expect(text.contains(original))
        let error = #expect(throws: ForecastError.self) {
            try MetNorwayNowcastService.nowcast(from: Self.response(text.replacingOccurrences(of: original, with: replacement)))
        }
        #expect(error?.exitStatus == .dataError)
        #expect(error?.userMessage.contains(message) == true, "\(error?.userMessage ?? "")")
    }

    @Test func anHTMLErrorIsNotRead() {
        #expect(throws: ForecastError.httpStatus(403, reason: nil, service: .metNorway)) {
            try MetNorwayNowcastService.nowcast(from: Self.response("<html>Forbidden</html>", status: 403))
        }
    }

    @Test func theRequestKeepsMETsTerms() async throws {
        try await StubHTTPServer.with(always: .file(Fixtures.url("nowcast/met-norway-nowcast_oslo_derived.json"))) { server in
            try await withTransport(userAgent: Forecastly.userAgent) { transport in
                let service = try MetNorwayNowcastService(environment: ["FORECASTLY_MET_NORWAY_URL": server.baseURL, "FORECASTLY_CONTACT": "me@example.org"], transport: transport)
                _ = try await service.nowcast(at: try Coordinate(latitude: 59.913868, longitude: 10.752245))
                let request = try #require(server.requests.first)
                #expect(request.path == "/weatherapi/nowcast/2.0/complete")
                #expect(request.query["lat"] == "59.9139" && request.query["lon"] == "10.7522")
                #expect(request.header("User-Agent")?.contains("me@example.org") == true)
            }
        }
    }

    /// A source that answers with a fixed nowcast, or fails, counting its calls.
    final class Scripted: NowcastService, @unchecked Sendable {
        let answer: Result<Nowcast, ForecastError>
        var calls = 0
        init(_ answer: Result<Nowcast, ForecastError>) { self.answer = answer }
        func nowcast(at coordinate: Coordinate) async throws(ForecastError) -> Nowcast {
            calls += 1
            return try answer.get()
        }
    }

    @Test func theRadarAnswersWhereItCoversAndTheModelEverywhereElse() async throws {
        let radarNowcast = Nowcast(steps: [], stepMinutes: 5), modelNowcast = Nowcast(steps: [], stepMinutes: 15)
        let oslo = try Coordinate(latitude: 59.91, longitude: 10.75), kyiv = try Coordinate(latitude: 50.45, longitude: 30.52)
        let radar = Scripted(.success(radarNowcast)), model = Scripted(.success(modelNowcast))
        let regional = RegionalNowcastService(radar: radar, model: model)
        #expect(try await regional.nowcast(at: oslo) == radarNowcast)
        #expect(try await regional.nowcast(at: kyiv) == modelNowcast)
        #expect(radar.calls == 1 && model.calls == 1)  // Kyiv never asked the radar
        // No coverage, or a radar that fails: the model answers.
        let blind = RegionalNowcastService(radar: Scripted(.failure(.emptyData(service: .metNorway))), model: model)
        #expect(try await blind.nowcast(at: oslo) == modelNowcast)
        #expect(MetNorwayNowcastService.mayCover(oslo) && !MetNorwayNowcastService.mayCover(kyiv))
    }
}
