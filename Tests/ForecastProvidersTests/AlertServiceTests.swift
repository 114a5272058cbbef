import ForecastCore
import ForecastlyBase
@testable import ForecastProviders
import Foundation
import NetworkTransport
import Testing
import TestSupport

/// The warning services over a real transport against a loopback stub:
/// each bad answer the forecast is tested with is one line and its exit status.
@Suite struct AlertServiceTests {
    struct BadAnswer: Sendable, CustomTestStringConvertible {
        var name: String
        var reply: StubHTTPServer.Reply
        var status: ForecastlyBase.ExitStatus
        var message: String
        /// Written in the NWS's shape (its field names are in `message`).
        var nwsShaped = false
        var testDescription: String { name }
    }

    static let badAnswerCases: [BadAnswer] = [
        BadAnswer(name: "403 firewall page", reply: .respond(status: 403, headers: [("Content-Type", "text/html")], body: Array("<html>Access Denied</html>".utf8)),
                  status: .noPermission, message: "HTTP 403"),
        BadAnswer(name: "429", reply: .respond(status: 429, body: []), status: .temporaryFailure, message: "rate limiting"),
        BadAnswer(name: "500 problem", reply: .json(#"{"title":"Unexpected Problem","status":500,"detail":"An unexpected problem has occurred."}"#, status: 500),
                  status: .unavailable, message: "An unexpected problem has occurred"),
        BadAnswer(name: "HTML with 200", reply: .respond(status: 200, headers: [("Content-Type", "text/html")], body: Array("<html>login</html>".utf8)),
                  status: .dataError, message: "HTML page"),
        BadAnswer(name: "truncated JSON", reply: .json(#"{"type":"FeatureCollection","features":[{"properties":{"id":"#),
                  status: .dataError, message: "not valid JSON"),
        BadAnswer(name: "wrong shape", reply: .json(#"{"results":[]}"#), status: .dataError, message: "features", nwsShaped: true),
        BadAnswer(name: "a time that is not one", reply: .json(#"{"features":[{"geometry":null,"properties":{"id":"x","event":"Flood Watch","expires":"soon"}}]}"#),
                  status: .dataError, message: "features[0].properties.expires", nwsShaped: true),
        BadAnswer(name: "a point off the Earth", reply: .json(#"{"features":[{"geometry":{"type":"Polygon","coordinates":[[[0,95],[1,1],[2,2]]]},"properties":{"id":"x","event":"E","expires":"2026-01-01T00:00:00Z"}}]}"#),
                  status: .dataError, message: "coordinates", nwsShaped: true),
        BadAnswer(name: "50 MB body", reply: .stream(status: 200, total: 50 << 20, declareLength: false), status: .dataError, message: "more than 8 MiB"),
        BadAnswer(name: "never answers", reply: .hang, status: .temporaryFailure, message: "did not answer in time"),
    ]

    /// The three services, each asked as a run asks it.
    enum Kind: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case nws, metNorway, meteoAlarm
        var testDescription: String { rawValue }
        var name: String {
            switch self {
            case .nws: "National Weather Service"
            case .metNorway: "MET Norway"
            case .meteoAlarm: "MeteoAlarm"
            }
        }

        func ask(_ baseURL: String, transport: any HTTPTransport) async throws -> AlertBulletin {
            let point = try Coordinate(latitude: 19.72, longitude: -155.09)
            switch self {
            case .nws: return try await NWSAlertService(environment: [NWSAlertService.urlVariable: baseURL], transport: transport).bulletin(at: point)
            case .metNorway: return try await MetNorwayAlertService(environment: ["FORECASTLY_MET_NORWAY_URL": baseURL], transport: transport).bulletin(at: point)
            case .meteoAlarm: return try await MeteoAlarmService(environment: [MeteoAlarmService.urlVariable: baseURL], transport: transport).bulletin(forFeed: "germany")
            }
        }
    }

    @Test(arguments: badAnswerCases, Kind.allCases)
    func badAnswers(_ bad: BadAnswer, from kind: Kind) async throws {
        let (name, status, message) = (bad.name, bad.status, bad.message)
        try await StubHTTPServer.with(always: bad.reply) { server in
            try await withTransport(userAgent: Forecastly.userAgent, limits: BadAnswerCheck.limits(for: name)) { transport in
                let error = await #expect(throws: ForecastError.self, "\(name)") { try await kind.ask(server.baseURL, transport: transport) }
                #expect(error?.exitStatus == status, "\(name): \(String(describing: error))")
                // The answers written in the NWS's shape are another shape to the others: the field differs.
                if kind == .nws || !bad.nwsShaped {
                    #expect(error?.userMessage.contains(message) == true, "\(name): \(error?.userMessage ?? "")")
                }
                #expect(error?.userMessage.contains("\(kind.name) at 127.0.0.1") == true, "\(error?.userMessage ?? "")")
                #expect(error?.userMessage.contains("\n") == false)
                // The NWS and MET Norway turn away clients that do not identify themselves; MeteoAlarm takes no key.
                if name == "403 firewall page" {
                    #expect(error?.userMessage.contains(kind == .meteoAlarm ? "takes no key" : "FORECASTLY_CONTACT") == true, "\(error?.userMessage ?? "")")
                }
            }
        }
    }

    /// MeteoAlarm's feed path is the service's own, so a recorded answer served there works.
    @Test func meteoAlarmAsksTheCountrysFeed() async throws {
        let feed = try String(contentsOf: Fixtures.url("alerts/meteoalarm/api-v1_feeds-netherlands_drenthe-yellow_derived.json"), encoding: .utf8)
        try await StubHTTPServer.with(always: .json(feed)) { server in
            try await withTransport(userAgent: Forecastly.userAgent) { transport in
                let service = try MeteoAlarmService(environment: [MeteoAlarmService.urlVariable: server.baseURL], transport: transport)
                let bulletin = try await service.bulletin(forFeed: "netherlands")
                #expect(bulletin.alerts.count == 1)
                #expect(server.requests.map(\.uri) == ["/api/v1/warnings/feeds-netherlands"])
            }
        }
    }

    @Test func aServerMustBeHTTPSOrLoopback() {
        #expect(throws: ForecastError.self) {
            try NWSAlertService(environment: [NWSAlertService.urlVariable: "http://alerts.example.com"], transport: RefusingTransport())
        }
        #expect(throws: ForecastError.self) {
            try MeteoAlarmService(environment: [MeteoAlarmService.urlVariable: "http://feeds.example.org"], transport: RefusingTransport())
        }
    }

    /// Remote text never reaches a terminal with its control sequences.
    @Test func terminalControlsAreStripped() throws {
        let text = #"{"features":[{"geometry":null,"properties":{"id":"x","event":"Flood\u001b]0;pwned\u0007 Watch","expires":"2026-01-01T00:00:00Z","headline":"\u001b[2JAll clear","description":"Line one\r\nLine \u001b[31mtwo"}}]}"#
        let bulletin = try NWSAlertService.bulletin(from: HTTPResponse(status: 200, body: Array(text.utf8)), fetchedAt: Date(timeIntervalSince1970: 0))
        let alert = try #require(bulletin.alerts.first)
        #expect(alert.event == "Flood Watch")
        #expect(alert.headline == "All clear")
        #expect(alert.description == "Line one\nLine two")
    }

    /// A line break in a one-line field (the event, the headline) is folded: `%A` and the report's lines stay one line.
    @Test func oneLineFieldsStayOneLine() throws {
        let text = #"{"features":[{"geometry":null,"properties":{"id":"x","event":"Flood\nWatch","expires":"2026-01-01T00:00:00Z","headline":"Two\r\nlines","senderName":"NWS\nX"}}]}"#
        let alert = try #require(try NWSAlertService.bulletin(from: HTTPResponse(status: 200, body: Array(text.utf8)), fetchedAt: Date(timeIntervalSince1970: 0)).alerts.first)
        #expect(alert.event == "Flood Watch")
        #expect(alert.headline == "Two lines")
        #expect(alert.sender == "NWS X")
    }
}
