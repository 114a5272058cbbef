@testable import ForecastCore
import ForecastlyBase
import NetworkTransport
import Testing
import TestSupport

/// Every forecast error keeps the promise of one clean line (`ErrorCase`).
@Suite struct ForecastErrorMessageTests {
    static let transportErrors: [TransportError] = [
        .nameResolutionFailed(host: "api.open-meteo.com"), .connectionRefused(host: "127.0.0.1", port: 8080),
        .tlsFailed(host: "api.open-meteo.com", detail: ErrorCase.hostile), .connectTimedOut(host: "api.open-meteo.com"),
        .responseTimedOut(host: "api.open-meteo.com"), .bodyTooLarge(limit: 8 << 20),
        .insecureURL("http://example.com/"), .cancelled, .other(ErrorCase.hostile),
    ]

    static var cases: [ErrorCase] {
        var cases: [ErrorCase] = []
        cases += transportErrors.map { ErrorCase(ForecastError.transport($0, service: .openMeteo)) }
        cases += [400, 401, 403, 404, 429, 500, 502, 503].map { ErrorCase(ForecastError.httpStatus($0, reason: ErrorCase.hostile, service: .openMeteo)) }
        cases += [
            ErrorCase(ForecastError.httpStatus(500, reason: nil, service: .openMeteo)),
            ErrorCase(ForecastError.undecodable(field: "daily.time", detail: ErrorCase.hostile, service: .openMeteo), names: "daily.time"),
            ErrorCase(ForecastError.undecodable(field: nil, detail: ErrorCase.hostile, service: .openMeteo)),
            ErrorCase(ForecastError.emptyData(service: .openMeteo)),
            ErrorCase(ForecastError.invalidInput(MessageText("A forecast covers 1 to 16 days, not {days}.", ["days": "17"]))),
        ]
        return cases
    }

    @Test(arguments: cases)
    func isOneCleanLineWithANextStepAndASysexitsStatus(_ item: ErrorCase) {
        #expect(item.brokenPromises.isEmpty, "\(item.brokenPromises)")
    }

    /// Open-Meteo's reasons are sentences; quoted inside ours, one full stop ends it.
    @Test func aQuotedReasonEndsTheSentenceOnce() {
        let error = ForecastError.httpStatus(429, reason: "Daily API request limit exceeded. Please try again tomorrow.", service: .openMeteo)
        #expect(error.userMessage == "Open-Meteo is rate limiting requests from this machine (HTTP 429): “Daily API request limit exceeded. Please try again tomorrow”. Wait and try again later; heavy use needs an API key (--api-key).")
    }

    /// Only a repeated place in `compare` needs no advice: it is a notice, the rest still shows.
    @Test func aRepeatedPlaceIsANoticeWithoutAdvice() {
        let notice = DuplicatePlace(query: "lviv", earlier: "Lviv", place: "Lviv, UA")
        #expect(notice.advice == nil)
        #expect(notice.userMessage == "“lviv” is Lviv, UA, already listed as “Lviv”; it is shown once.")
    }
}
