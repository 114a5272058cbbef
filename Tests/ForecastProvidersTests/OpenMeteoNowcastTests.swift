import ForecastCore
import ForecastlyBase
@testable import ForecastProviders
import Foundation
import NetworkTransport
import Testing
import TestSupport

/// Open-Meteo's `minutely_15`: the recorded answer, derived rainy ones, and
/// answers that cannot be weather.
@Suite struct OpenMeteoNowcastTests {
    static func response(_ text: String) -> HTTPResponse { HTTPResponse(status: 200, body: Array(text.utf8)) }

    @Test func theRecordedAnswerIsFourDryQuarterHours() throws {
        let text = try String(contentsOf: Fixtures.url("nowcast/minutely_15_temperature-precipitation-isday_enschede_2026-10-03_4-steps.json"), encoding: .utf8)
        let nowcast = try OpenMeteoNowcastService.nowcast(from: Self.response(text))
        #expect(nowcast.steps.count == 4)
        #expect(nowcast.stepMinutes == 15)
        // 12:30 in Amsterdam (UTC+2) is 10:30 UTC.
        #expect(nowcast.steps.first?.time == Date(timeIntervalSince1970: 1_791_023_400))
        #expect(nowcast.steps.allSatisfy { $0.precipitation == 0 && $0.snowfall == nil })
        #expect(NowcastSummary(nowcast, now: nowcast.steps[0].time) == .dry)
    }

    @Test func theRequestAsksForTwoHoursFromThisQuarter() throws {
        let service = OpenMeteoNowcastService(configuration: try OpenMeteoConfiguration(baseURL: URL(string: "http://127.0.0.1:9")!), transport: NoTransport())
        let url = service.url(for: try Coordinate(latitude: 50.45, longitude: 30.52))
        let query = Dictionary(uniqueKeysWithValues: (URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        #expect(url.path == "/v1/forecast")
        #expect(query["minutely_15"] == "precipitation,snowfall")
        #expect(query["forecast_minutely_15"] == "9")
        #expect(query["past_minutely_15"] == "0")
    }

    @Test(arguments: [
        ("\"precipitation\":[0.0,0.0,0.4", "\"precipitation\":[0.0,0.0,400", "minutely_15.precipitation[2]"),
        ("\"precipitation\":[0.0,0.0,0.4", "\"precipitation\":[0.0,0.0,-1", "minutely_15.precipitation[2]"),
        ("\"precipitation\":[0.0,0.0,0.4,", "\"precipitation\":[0.0,0.4,", "minutely_15.precipitation"),
        ("\"utc_offset_seconds\":0", "\"utc_offset_seconds\":100000", "utc_offset_seconds"),
        ("\"minutely_15\":{", "\"minutely_16\":{", "minutely_15"),
    ])
    func answersThatCannotBeWeatherAreBadData(original: String, replacement: String, field: String) throws {
        let text = FullResponse.nowcastJSON(rain: [0, 0, 0.4, 0.6, 0.3, 0, 0, 0, 0])
        #expect(text.contains(original))
        let error = #expect(throws: ForecastError.self) {
            try OpenMeteoNowcastService.nowcast(from: Self.response(text.replacingOccurrences(of: original, with: replacement)))
        }
        #expect(error?.exitStatus == .dataError)
        #expect(error?.userMessage.contains(field) == true, "\(error?.userMessage ?? "")")
    }

    @Test func stepsThatAreNotAQuarterHourApartAreRefused() throws {
        let text = FullResponse.nowcastJSON(rain: [0, 0, 0], now: Date(timeIntervalSince1970: 1_800_000_000))
        let skipped = text.replacingOccurrences(of: "T08:15", with: "T08:25")
        #expect(skipped != text)
        let error = #expect(throws: ForecastError.self) { try OpenMeteoNowcastService.nowcast(from: Self.response(skipped)) }
        #expect(error?.userMessage.contains("not 15 minutes apart") == true, "\(error?.userMessage ?? "")")
    }
}
