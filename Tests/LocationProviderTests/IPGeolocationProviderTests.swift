import ForecastlyBase
import Foundation
import LocationProvider
import NetworkTransport
import Testing
import TestSupport

/// The IP backend over the real AsyncHTTPClient transport against a stub
/// on 127.0.0.1 serving the real recorded answers in Tests/Fixtures/ipgeo.
@Suite struct IPGeolocationProviderTests {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    func locate(_ reply: StubHTTPServer.Reply, limits: AsyncHTTPClientTransport.Limits = .underTest) async throws -> Result<LocationFix, LocationError> {
        return try await StubHTTPServer.with(always: reply) { server in
            return try await withTransport(userAgent: "forecastly-tests", limits: limits) { transport in
                let provider = try IPGeolocationProvider(url: URL(string: server.baseURL + "/json/")!, transport: transport, clock: { Self.now })
                let result: Result<LocationFix, LocationError>
                do throws(LocationError) { result = .success(try await provider.currentLocation(timeout: .seconds(5))) } catch { result = .failure(error) }
                #expect(server.requestCount == 1)
                return result
            }
        }
    }

    struct Recorded: Sendable, CustomTestStringConvertible {
        var file: String
        var latitude: Double
        var longitude: Double
        var city: String
        var country: String
        var testDescription: String { file }
    }

    @Test(arguments: [
        Recorded(file: "ipapi_co-8.8.8.8-geoip-comparison.json", latitude: 37.42301, longitude: -122.083352, city: "Mountain View", country: "US"),
        Recorded(file: "ipwho_is-8.8.8.8-geoip-comparison.json", latitude: 37.3860517, longitude: -122.0838511, city: "Mountain View", country: "US"),
        Recorded(file: "ipinfo_io-8.8.8.8-geoip-comparison.json", latitude: 38.0088, longitude: -122.1175, city: "Mountain View", country: "US"),
        Recorded(file: "ip-api_com-24.48.0.1-json_default.json", latitude: 45.4995, longitude: -73.5848, city: "Montreal", country: "CA"),
    ])
    func everyFormatIsRecognisedFromTheBody(recorded: Recorded) async throws {
        let fix = try await locate(.file(Fixtures.url("ipgeo/\(recorded.file)"))).get()
        #expect(fix.coordinate.latitude == recorded.latitude)
        #expect(fix.coordinate.longitude == recorded.longitude)
        #expect(fix.city == recorded.city)
        #expect(fix.countryCode == recorded.country)
        #expect(fix.source == .ip)
        #expect(fix.accuracy == .reduced)
        #expect(fix.timestamp == Self.now)
    }

    @Test func failureFlagWithHTTP200IsAnError() async throws {
        let result = try await locate(.file(Fixtures.url("ipgeo/ip-api_com-fail-invalid-query-http200.json")))
        #expect(result == .failure(.lookupFailed(service: "127.0.0.1", reason: .verbatim("invalid query"))))
    }

    @Test func aForbiddenKeyIsRefusedWithTheStatus() async throws {
        let result = try await locate(.file(Fixtures.url("ipgeo/ip-api_com-fail-invalid-key-http403.json"), status: 403))
        guard case .failure(.lookupFailed(_, let reason)) = result else { Issue.record("\(result)"); return }
        #expect(reason.text.hasSuffix("(HTTP 403)"))
    }

    @Test func ipapiRateLimitBodyIsTemporary() async throws {
        let result = try await locate(.file(Fixtures.url("ipgeo/ipapi_co-error-ratelimited.json")))
        #expect(result == .failure(.rateLimited(service: "127.0.0.1", retryAfterSeconds: nil)))
        #expect(LocationError.rateLimited(service: "x", retryAfterSeconds: nil).exitStatus == .temporaryFailure)
    }

    @Test func http429PlainTextWithRetryAfter() async throws {
        let body = try Fixtures.bytes("ipgeo/ipinfo_io-429-ratelimit-body.txt")
        let result = try await locate(.respond(status: 429, headers: [("Retry-After", "3600")], body: body))
        #expect(result == .failure(.rateLimited(service: "127.0.0.1", retryAfterSeconds: 3600)))
    }

    @Test func ipApiRateLimitHeadersOn429() async throws {
        let result = try await locate(.respond(status: 429, headers: [("X-Rl", "0"), ("X-Ttl", "42")], body: []))
        #expect(result == .failure(.rateLimited(service: "127.0.0.1", retryAfterSeconds: 42)))
    }

    @Test(arguments: ["ifconfig_co-echoip-json-no-geodb.json", "ichnaea-beacondb-geolocate-404.not-strict-json.txt"])
    func answersWithoutCoordinatesAreErrors(file: String) async throws {
        let result = try await locate(.file(Fixtures.url("ipgeo/\(file)")))
        guard case .failure(.lookupFailed) = result else { Issue.record("\(result)"); return }
    }

    /// Each service's own way of saying no, and what the user is told.
    @Test(arguments: [
        (#"{"ip":"10.0.0.1","success":false,"message":"Reserved range"}"#, 200, "Reserved range"),             // ipwho.is
        (#"{"error":{"title":"Wrong ip","message":"Please provide a valid IP address"}}"#, 400,
         "Please provide a valid IP address (HTTP 400)"),                                                     // ipinfo.io
        (#"{"error":{"title":"Wrong ip"}}"#, 200, "Wrong ip"),
        (#"{"ip":"x","error":true,"reason":"Invalid IP Address"}"#, 200, "Invalid IP Address"),               // ipapi.co
        (#"{"status":"fail"}"#, 200, "status fail"),                                                          // ip-api.com, no message
        ("<html><body>Bad Gateway</body></html>", 502, "HTTP 502"),                                         // an outage, not bad data
        (#"{"latitude":45.5,"longitude":-73.6}"#, 500, "HTTP 500"),                                          // a place, but not a 200
    ] as [(String, Int, String)])
    func failuresInTheBodyAreErrors(body: String, status: Int, reason: String) async throws {
        let result = try await locate(.respond(status: status, body: Array(body.utf8)))
        guard case .failure(.lookupFailed(service: "127.0.0.1", let said)) = result else { Issue.record("\(result)"); return }
        #expect(said.text == reason)
        #expect(result.failure?.exitStatus == .unavailable)
    }

    /// 503 is the service saying "later", as Open-Meteo's 503 is for the forecast.
    @Test func serviceUnavailableIsTemporary() async throws {
        let result = try await locate(.respond(status: 503, body: Array("<html><body>Service Unavailable</body></html>".utf8)))
        #expect(result == .failure(.serviceBusy(service: "127.0.0.1")))
        #expect(result.failure?.exitStatus == .temporaryFailure)
    }

    /// A 200 that is not a location in any format is bad data (exit 65):
    /// trying again will not help, another service or --lat/--lon will.
    @Test func aSuccessThatCannotBeReadIsBadData() async throws {
        let result = try await locate(.respond(status: 200, body: Array("<html><body>Welcome to nginx!</body></html>".utf8)))
        #expect(result == .failure(.unreadableAnswer(service: "127.0.0.1", reason: MessageText("not a JSON object"))))
        #expect(result.failure?.exitStatus == .dataError)
        #expect(result.failure?.summary == "The IP location service 127.0.0.1 sent an answer that cannot be read (not a JSON object).")
    }

    @Test func anAnswerOverTheSizeLimitIsBadData() async throws {
        let body = try Fixtures.bytes("ipgeo/ipwho_is-8.8.8.8-geoip-comparison.json")
        let result = try await locate(.respond(status: 200, body: body), limits: .init(maxBodyBytes: body.count - 1))
        #expect(result == .failure(.unreadableAnswer(service: "127.0.0.1", reason: MessageText("too large"))))
        #expect(result.failure?.exitStatus == .dataError)
    }

    /// ipinfo.io's 429 text can also come with a 200.
    @Test func rateLimitTextWithoutA429() async throws {
        let body = try Fixtures.bytes("ipgeo/ipinfo_io-429-ratelimit-body.txt")
        let result = try await locate(.respond(status: 200, body: body))
        #expect(result == .failure(.rateLimited(service: "127.0.0.1", retryAfterSeconds: nil)))
    }

    @Test func coordinatesAsTextAreRead() async throws {
        let fix = try await locate(.json(#"{"lat":"45.5","lon":"-73.6","country":"CA"}"#)).get()
        #expect(fix.coordinate == (try Coordinate(latitude: 45.5, longitude: -73.6)))
        #expect(fix.countryCode == "CA")
        #expect(fix.city == nil)
    }

    /// A service that never answers is given up on at the caller's timeout,
    /// not at the transport's limit for a whole request (five minutes here;
    /// the time limit fails the test long before).
    @Test(.timeLimit(.minutes(1)))
    func aServiceThatNeverAnswersIsGivenUpOnAtTheTimeout() async throws {
        try await StubHTTPServer.with(always: .hang) { server in
            try await withTransport(userAgent: "forecastly-tests", limits: .init(request: .seconds(300))) { transport in
                let provider = try IPGeolocationProvider(url: URL(string: server.baseURL + "/json/")!, transport: transport)
                let error = await #expect(throws: LocationError.self) { try await provider.currentLocation(timeout: .milliseconds(300)) }
                #expect(error == .lookupTimedOut(service: "127.0.0.1"))
                #expect(error?.exitStatus == .temporaryFailure)
            }
        }
    }

    @Test func outOfRangeCoordinatesAreRejected() async throws {
        let result = try await locate(.json(#"{"success":true,"latitude":123.0,"longitude":5.0}"#))
        #expect(result == .failure(.unreadableAnswer(service: "127.0.0.1", reason: MessageText("coordinates out of range"))))
        #expect(result.failure?.exitStatus == .dataError)
    }

    @Test func cityTextIsStrippedOfTerminalControls() async throws {
        let fix = try await locate(.json(#"{"status":"success","lat":1.5,"lon":2.5,"city":"Evil\u001b[2JTown","countryCode":"XX"}"#)).get()
        #expect(fix.city == "EvilTown")
    }

    @Test func plainHTTPIsRefusedUnlessConfiguredExplicitly() async throws {
        try await withTransport(userAgent: "t") { transport in
            #expect(throws: TransportError.insecureURL("http://ip-api.com/json/")) {
                _ = try IPGeolocationProvider(url: URL(string: "http://ip-api.com/json/")!, transport: transport)
            }
            #expect(throws: Never.self) {
                _ = try IPGeolocationProvider(url: URL(string: "http://ip-api.com/json/")!, transport: transport, allowInsecure: true)
            }
        }
    }
}

private extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
