import ForecastCore
import ForecastlyBase
@testable import ForecastProviders
import Foundation
import NetworkTransport
import Testing
import TestSupport

/// Open-Meteo's Air Quality API: every recorded (and derived) answer, the
/// index's own words, values the air cannot hold, and every bad answer the
/// forecast is tested with.
@Suite struct OpenMeteoAirQualityTests {
    static func answer(_ name: String) throws -> HTTPResponse {
        HTTPResponse(status: 200, body: Array(try Data(contentsOf: Fixtures.url("air-quality/" + name))))
    }

    @Test func theRecordedAnswerGivesItsOneValue() throws {
        let air = try OpenMeteoAirQualityService.airQuality(from: Self.answer("current_hourly_per-model_cams-europe-vs-global_enschede_2026-10-04.json"))
        #expect(air.pm10 == 24.8)
        #expect(air.europeanIndex == nil && air.usIndex == nil && air.pm2_5 == nil && air.pollen.isEmpty)
        // 21:00 in Amsterdam (UTC+2) is 19:00 UTC.
        #expect(air.time == Date(timeIntervalSince1970: 1_791_140_400))
        #expect(air.coordinate.latitude == 52.300003)
    }

    @Test func everyRequestedValueIsRead() throws {
        let air = try OpenMeteoAirQualityService.airQuality(from: Self.answer("current_all_variables_enschede_derived.json"))
        #expect(air.europeanIndex == 38)
        #expect(air.usIndex == 41)
        #expect(air.pm2_5 == 14.3 && air.ozone == 52 && air.nitrogenDioxide == 17.6 && air.uvIndex == 0)
        #expect(air.pollen == [.alder: 0, .birch: 0, .grass: 12.4, .mugwort: 0.3, .ragweed: 0])  // olive: null, left out
    }

    @Test func theRequestAsksForEveryValueInThePlacesTime() throws {
        let service = try OpenMeteoAirQualityService(transport: NoTransport(), environment: [OpenMeteoAirQualityService.urlVariable: "http://127.0.0.1:8080"])
        let url = service.url(for: try Coordinate(latitude: 52.27, longitude: 6.87417))
        let query = Dictionary(uniqueKeysWithValues: (URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        #expect(url.path == "/v1/air-quality")
        #expect(query["current"]?.split(separator: ",").count == 13)
        #expect(query["timezone"] == "auto")
        #expect(service.serviceName.text == "Open-Meteo's air quality API at 127.0.0.1:8080")
        // The name and the "at" are said in the reader's language, as the line around them is.
        let german = ["{service} at {server}": "{service} unter {server}", "Open-Meteo's air quality API": "Open-Meteos Luftqualitäts-API"]
        #expect(service.serviceName.message.said { german[$0] ?? $0 } == "Open-Meteos Luftqualitäts-API unter 127.0.0.1:8080")
        // HTTPS, or HTTP on loopback only.
        #expect(throws: ForecastError.self) {
            try OpenMeteoAirQualityService(transport: NoTransport(), environment: [OpenMeteoAirQualityService.urlVariable: "http://air.example.org"])
        }
    }

    @Test(arguments: [
        (0, "Good"), (19, "Good"), (20, "Fair"), (38, "Fair"), (40, "Moderate"), (60, "Poor"), (80, "Very poor"), (100, "Extremely poor"), (250, "Extremely poor"),
    ])
    func europeanWords(value: Int, word: String) {
        #expect(AirQualityScale.european.category(value) == word)
    }

    @Test(arguments: [
        (0, "Good"), (50, "Good"), (51, "Moderate"), (100, "Moderate"), (101, "Unhealthy for sensitive groups"), (151, "Unhealthy"),
        (201, "Very unhealthy"), (301, "Hazardous"), (500, "Hazardous"),
    ])
    func usWords(value: Int, word: String) {
        #expect(AirQualityScale.us.category(value) == word)
    }

    @Test func theIndexFollowsTheRegion() {
        #expect(AirQualityScale.forPlace(timeZone: "Europe/Amsterdam") == .european)
        #expect(AirQualityScale.forPlace(timeZone: "America/Chicago") == .us)
        #expect(AirQualityScale.forPlace(timeZone: "Asia/Tokyo") == .us)
    }

    /// A value the air cannot hold is bad data, naming the field: never shown.
    @Test(arguments: [
        ("\"pm10\": 24.8", "\"pm10\": 1e9", "current.pm10"),
        ("\"european_aqi\": 38", "\"european_aqi\": -5", "current.european_aqi"),
        ("\"uv_index\": 0.0", "\"uv_index\": 75", "current.uv_index"),
        ("\"grass_pollen\": 12.4", "\"grass_pollen\": -1", "current.grass_pollen"),
        ("\"time\": \"2026-10-04T21:00\"", "\"time\": \"2026-13-04T21:00\"", "current.time"),
        ("\"utc_offset_seconds\": 7200", "\"utc_offset_seconds\": 999999", "utc_offset_seconds"),
    ])
    func impossibleValuesAreBadData(original: String, replacement: String, field: String) throws {
        let text = try String(contentsOf: Fixtures.url("air-quality/current_all_variables_enschede_derived.json"), encoding: .utf8)
        #expect(text.contains(original))
        let bad = HTTPResponse(status: 200, body: Array(text.replacingOccurrences(of: original, with: replacement).utf8))
        let error = #expect(throws: ForecastError.self) { try OpenMeteoAirQualityService.airQuality(from: bad) }
        #expect(error?.exitStatus == .dataError)
        #expect(error?.userMessage.contains(field) == true, "\(error?.userMessage ?? "")")
    }

    @Test func anAnswerWithoutAnyValueIsNotAir() {
        let forecastShaped = HTTPResponse(status: 200, body: Array(FullResponse.json().utf8))
        let error = #expect(throws: ForecastError.self) { try OpenMeteoAirQualityService.airQuality(from: forecastShaped) }
        #expect(error?.userMessage.contains("holds no air-quality value") == true)
    }

    struct BadAnswer: Sendable, CustomTestStringConvertible {
        var name: String
        var reply: StubHTTPServer.Reply
        var status: ForecastlyBase.ExitStatus
        var message: String
        var testDescription: String { name }
    }

    static let badAnswerCases: [BadAnswer] = [
        BadAnswer(name: "400 with reason", reply: .json(#"{"error":true,"reason":"Cannot initialize AirQualityVariable from invalid String value x"}"#, status: 400),
                  status: .dataError, message: "invalid String value"),
        BadAnswer(name: "429", reply: .respond(status: 429, body: Array(#"{"error":true,"reason":"Minutely API request limit exceeded"}"#.utf8)),
                  status: .temporaryFailure, message: "Minutely API request limit"),
        BadAnswer(name: "HTML 502", reply: .respond(status: 502, headers: [("Content-Type", "text/html")], body: Array("<html>502</html>".utf8)),
                  status: .unavailable, message: "502"),
        BadAnswer(name: "HTML with 200", reply: .respond(status: 200, headers: [("Content-Type", "text/html")], body: Array("<html>login</html>".utf8)),
                  status: .dataError, message: "HTML page"),
        BadAnswer(name: "truncated JSON", reply: .json(#"{"latitude":52.3,"longitude":6.9,"utc_offset_seconds":7200,"current":{"time":"#),
                  status: .dataError, message: "not valid JSON"),
        BadAnswer(name: "wrong shape", reply: .json(#"{"results":[]}"#), status: .dataError, message: "latitude"),
        BadAnswer(name: "50 MB body", reply: .stream(status: 200, total: 50 << 20, declareLength: false), status: .dataError, message: "more than 8 MiB"),
        BadAnswer(name: "never answers", reply: .hang, status: .temporaryFailure, message: "did not answer in time"),
    ]

    /// The same bad answers the forecast is tested with, through a real transport.
    @Test(arguments: badAnswerCases)
    func badAnswers(_ bad: BadAnswer) async throws {
        let (name, status, message) = (bad.name, bad.status, bad.message)
        try await StubHTTPServer.with(always: bad.reply) { server in
            try await withTransport(userAgent: Forecastly.userAgent, limits: BadAnswerCheck.limits(for: name)) { transport in
                let service = try OpenMeteoAirQualityService(transport: transport, environment: [OpenMeteoAirQualityService.urlVariable: server.baseURL])
                let error = await #expect(throws: ForecastError.self, "\(name)") {
                    try await service.airQuality(at: try Coordinate(latitude: 52.27, longitude: 6.87))
                }
                #expect(error?.exitStatus == status, "\(name): \(String(describing: error))")
                #expect(error?.userMessage.contains(message) == true, "\(name): \(error?.userMessage ?? "")")
                #expect(error?.userMessage.contains("air quality API at 127.0.0.1") == true)
            }
        }
    }
}
