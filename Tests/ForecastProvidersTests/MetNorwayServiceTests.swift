@testable import ForecastCore
import ForecastlyBase
@testable import ForecastProviders
import ForecastStore
import Foundation
import NetworkTransport
import Synchronization
import Testing
import TestSupport

/// MET Norway over the real transport, against a stub that behaves as MET
/// does: 403 with an HTML page for a missing or generic User-Agent,
/// `Expires` and `Last-Modified` on every answer, 304 for a matching
/// `If-Modified-Since`. The terms of service are checked request by request.
@Suite struct MetNorwayServiceTests {
    static let oslo = try! Coordinate(latitude: 59.913868, longitude: 10.752245)
    static let request = try! ForecastRequest(coordinate: oslo, days: 5)
    static let lastModified = "Fri, 06 Feb 2026 20:27:06 GMT"
    static let body = try! Array(MetNorwayDecodingTests.body("compact_oslo_2026-02-06_snow_reformatted.json"))

    /// A clock the test moves: the store's `fetchedAt` and the Expires check use it.
    final class TestNow: Sendable {
        private let value = Mutex(Date(timeIntervalSince1970: 1_770_409_626)) // 2026-02-06T20:27:06Z
        var date: Date { value.withLock { $0 } }
        func advance(_ seconds: TimeInterval) { value.withLock { $0 += seconds } }
    }

    /// MET's behaviour: identify yourself, obey Expires, revalidate.
    static func metLike(expiresIn seconds: TimeInterval, now: TestNow, status: Int = 200) -> @Sendable (StubHTTPServer.RecordedRequest) -> StubHTTPServer.Reply {
        { request in
            let agent = request.header("User-Agent") ?? ""
            guard agent.contains("forecastly/"), agent.contains("https://") else {
                return .respond(status: 403, headers: [("Content-Type", "text/html")], body: Array("<html><body><h1>403 Forbidden</h1></body></html>".utf8))
            }
            let headers = [("Expires", Self.httpDate(now.date.addingTimeInterval(seconds))), ("Last-Modified", Self.lastModified),
                           ("Content-Type", "application/json")]
            if request.header("If-Modified-Since") == Self.lastModified {
                return .respond(status: 304, headers: headers, body: [])
            }
            return .respond(status: status, headers: headers, body: Self.body)
        }
    }

    static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }

    static func service(_ server: StubHTTPServer, transport: any HTTPTransport, contact: String? = nil) throws -> MetNorwayService {
        MetNorwayService(
            endpoint: try ServiceEndpoint(.metNorway, publicURL: MetNorwayService.publicBaseURL, baseURL: URL(string: server.baseURL)!),
            contact: contact, transport: transport, timeZone: { _ in TimeZone(identifier: "Europe/Oslo")! })
    }

    @discardableResult
    static func withService<T>(
        handler: @escaping @Sendable (StubHTTPServer.RecordedRequest) -> StubHTTPServer.Reply,
        contact: String? = nil, limits: AsyncHTTPClientTransport.Limits = .underTest,
        _ body: (MetNorwayService, StubHTTPServer) async throws -> T
    ) async throws -> T {
        try await StubHTTPServer.with(handler: handler) { server in
            return try await withTransport(userAgent: Forecastly.userAgent, limits: limits) { transport in
                try await body(try service(server, transport: transport, contact: contact), server)
            }
        }
    }

    @Test func theRequestFollowsMETsTerms() async throws {
        let now = TestNow()
        try await Self.withService(handler: Self.metLike(expiresIn: 1800, now: now), contact: "me@example.org") { service, server in
            let forecast = try await service.forecast(for: Self.request)
            #expect(forecast.provider == .metNorway)
            let sent = try #require(server.requests.first)
            #expect(sent.path == "/weatherapi/locationforecast/2.0/complete")
            #expect(sent.query["lat"] == "59.9139")   // four decimals at most
            #expect(sent.query["lon"] == "10.7522")
            #expect(sent.header("User-Agent") == "forecastly/\(Forecastly.version) (+\(Forecastly.projectURL); me@example.org)")
            #expect(sent.header("Accept-Encoding")?.contains("gzip") == true)
            #expect(sent.header("If-Modified-Since") == nil)
        }
    }

    static let decimals: [(Double, String)] = [(0, "0"), (59.913868, "59.9139"), (-33.86785, "-33.8679"), (10.75, "10.75"), (-0.00001, "0"), (179.99999, "180")]

    @Test(arguments: decimals)
    func coordinatesCarryAtMostFourDecimals(value: Double, text: String) {
        #expect(MetNorwayService.fourDecimals(value) == text)
    }

    @Test func aGenericUserAgentIsRefusedAndForecastlysIsNot() async throws {
        let now = TestNow()
        try await StubHTTPServer.with(handler: Self.metLike(expiresIn: 1800, now: now)) { server in
            let url = URL(string: server.baseURL + MetNorwayService.path + "?lat=1&lon=2")!
            let refused = try await withTransport(userAgent: "curl/8.0") { curl in try await curl.get(url, headers: []) }
            let served = try await withTransport(userAgent: Forecastly.userAgent) { ours in try await ours.get(url, headers: []) }
            #expect(refused.status == 403)
            #expect(served.status == 200)
        }
    }

    @Test func a403SaysWhyWithoutTheHTMLAndAsksForAContact() async throws {
        let page = StubHTTPServer.Reply.respond(status: 403, headers: [("Content-Type", "text/html")], body: Array("<html><h1>403 Forbidden</h1></html>".utf8))
        try await Self.withService(handler: { _ in page }) { service, _ in
            let error = await #expect(throws: ForecastError.self) { try await service.forecast(for: Self.request) }
            #expect(error?.exitStatus == .noPermission)
            #expect(error?.summary.contains("identify") == true)
            #expect(error?.summary.contains("<") == false)
            #expect(error?.advice?.contains("FORECASTLY_CONTACT") == true)
        }
    }

    /// The cache obligations, end to end through the store: one request,
    /// none before Expires (not with --refresh either), then exactly one
    /// conditional request whose 304 reuses the stored forecast.
    @Test func noRequestBeforeExpiresThenOneConditionalRequestWhose304IsReused() async throws {
        let now = TestNow()
        let store = try SQLiteStore.inMemory()
        try await Self.withService(handler: Self.metLike(expiresIn: 1800, now: now)) { service, server in
            let first = CachingForecastService(base: service, cache: store, policy: .preferStored(maxAge: 60), now: { now.date })
            let fetched = try await first.forecast(for: Self.request)
            #expect(server.requestCount == 1)
            let stored = try #require(try store.latest(for: ForecastCacheKey(Self.request, provider: .metNorway)))
            #expect(stored.cacheHeaders.lastModified == Self.lastModified)
            #expect(stored.cacheHeaders.expires == now.date.addingTimeInterval(1800))

            // 20 minutes on, past the freshness window, and with --refresh: still no request.
            now.advance(20 * 60)
            let refreshing = CachingForecastService(base: service, cache: store, policy: .refresh, now: { now.date })
            #expect(try await refreshing.forecast(for: Self.request) == fetched)
            #expect(server.requestCount == 1)
            guard case .held(_, let until)? = refreshing.lastOrigin else { Issue.record("not held: \(String(describing: refreshing.lastOrigin))"); return }
            #expect(until == stored.cacheHeaders.expires)

            // Past Expires: one conditional request, answered 304, and the stored forecast is shown.
            now.advance(11 * 60)
            let later = CachingForecastService(base: service, cache: store, policy: .refresh, now: { now.date })
            #expect(try await later.forecast(for: Self.request) == fetched)
            #expect(server.requestCount == 2)
            #expect(server.requests.last?.header("If-Modified-Since") == Self.lastModified)
            #expect(later.lastOrigin == .network)
            // The 304's Expires now holds the next request off again.
            let renewed = try #require(try store.latest(for: ForecastCacheKey(Self.request, provider: .metNorway)))
            #expect(renewed.cacheHeaders.expires == now.date.addingTimeInterval(1800))
            _ = try await CachingForecastService(base: service, cache: store, policy: .refresh, now: { now.date }).forecast(for: Self.request)
            #expect(server.requestCount == 2)
        }
    }

    @Test func a203IsUsedWithAWarning() async throws {
        let now = TestNow()
        try await Self.withService(handler: Self.metLike(expiresIn: 1800, now: now, status: 203)) { service, _ in
            let caching = CachingForecastService(base: service, cache: NoForecastCache(), policy: .refresh, now: { now.date })
            let forecast = try await caching.forecast(for: Self.request)
            #expect(!forecast.daily.isEmpty)
            #expect(caching.notices.count == 1)
            #expect(caching.notices.first?.text.contains("HTTP 203") == true)
        }
    }

    static let errorStatuses: [(Int, ForecastlyBase.ExitStatus, String)] = [
        (429, .temporaryFailure, "back off"),
        (500, .unavailable, "Try again"),
        (503, .temporaryFailure, "Try again"),
        (404, .dataError, "FORECASTLY_MET_NORWAY_URL"),
    ]

    @Test(arguments: errorStatuses)
    func errorStatusesGiveTheirExitStatusAndNeverQuoteTheHTMLBody(status: Int, exit: ForecastlyBase.ExitStatus, advice: String) async throws {
        let page = Array("<html><head><title>Error</title></head><body>\u{1B}[31mnope</body></html>".utf8)
        try await Self.withService(handler: { _ in .respond(status: status, headers: [("Content-Type", "text/html")], body: page) }) { service, _ in
            let error = await #expect(throws: ForecastError.self) { try await service.forecast(for: Self.request) }
            #expect(error?.exitStatus == exit)
            #expect(error?.userMessage.contains("html") == false)
            #expect(error?.userMessage.contains("nope") == false)
            #expect(error?.advice?.contains(advice) == true, "\(String(describing: error?.advice))")
        }
    }

    static let badAnswers: [(name: String, reply: StubHTTPServer.Reply, exit: ForecastlyBase.ExitStatus)] = [
        ("truncated", .respond(status: 200, body: Array(body.prefix(body.count / 2))), .dataError),
        ("wrong shape", .json(#"{"type":"Feature","properties":{"timeseries":"soon"}}"#), .dataError),
        ("no steps", .json(#"{"type":"Feature","geometry":{"coordinates":[10.75,59.91]},"properties":{"timeseries":[]}}"#), .dataError),
        ("HTML page with 200", .respond(status: 200, headers: [("Content-Type", "text/html")], body: Array("<html>maintenance</html>".utf8)), .dataError),
        ("50 MB body", .stream(status: 200, total: 50 << 20, declareLength: false), .dataError),
        ("never answers", .hang, .temporaryFailure),
        ("304 to a plain request", .respond(status: 304, body: []), .unavailable),
    ]

    @Test(arguments: badAnswers)
    func everyBadAnswerIsOneLineWithItsExitStatus(name: String, reply: StubHTTPServer.Reply, exit: ForecastlyBase.ExitStatus) async throws {
        try await Self.withService(handler: { _ in reply }, limits: BadAnswerCheck.limits(for: name)) { service, _ in
            await BadAnswerCheck.expect(name, exit: exit) { try await service.forecast(for: Self.request) }
        }
    }

    /// MET sends gzip (its terms ask clients to accept it): the transport
    /// asks for it and reads it; a compressed body that grows past the cap
    /// is refused like a large one.
    @Test func gzipAnswersAreReadAndACompressedBombIsRefused() async throws {
        let compressed = try await Self.gzip(Self.body)
        #expect(compressed.count < Self.body.count / 4)
        let reply = StubHTTPServer.Reply.respond(status: 200, headers: [("Content-Encoding", "gzip"), ("Content-Type", "application/json")], body: compressed)
        try await Self.withService(handler: { _ in reply }) { service, server in
            let forecast = try await service.forecast(for: Self.request)
            let plain = try MetNorwayService.interpret(
                HTTPResponse(status: 200, body: Self.body), for: Self.request, conditional: false, timeZone: TimeZone(identifier: "Europe/Oslo")!)
            guard case .fetched(let expected, _, _) = plain else { Issue.record("not a forecast"); return }
            #expect(forecast == expected)
            #expect(server.requests.first?.header("Accept-Encoding")?.contains("gzip") == true)
        }
        let bomb = try await Self.gzip([UInt8](repeating: 0x20, count: 40 << 20))  // 40 MiB of spaces, about 40 KiB sent
        try await Self.withService(handler: { _ in .respond(status: 200, headers: [("Content-Encoding", "gzip")], body: bomb) }) { service, _ in
            let error = await #expect(throws: ForecastError.self) { try await service.forecast(for: Self.request) }
            #expect(error?.exitStatus == .dataError)
            #expect(error?.summary.contains("MiB") == true, "\(String(describing: error))")
        }
    }

    /// gzip from the system (every Debian has it): Foundation has no compressor.
    static func gzip(_ bytes: [UInt8]) async throws -> [UInt8] {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("gzip-\(UUID().uuidString)")
        try Data(bytes).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-c", "-n", input.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = await output.fileHandleForReading.dataUntilEnd()
        _ = await process.ended()
        return Array(data)
    }

    @Test func aContactThatIsNotPlainASCIIIsRefused() throws {
        #expect(throws: ForecastError.self) { try MetNorwayService.contact("me@exämple.org") }
        #expect(throws: ForecastError.self) { try MetNorwayService.contact("a\r\nX-Evil: 1") }
        #expect(try MetNorwayService.contact("  ") == nil)
        #expect(try MetNorwayService.contact(" me@example.org ") == "me@example.org")
    }

    static let httpDates: [(String, Double?)] = [
        ("Mon, 20 Jul 2020 12:14:53 GMT", 1_595_247_293), ("Mon, 20 Jul 2020 12:14:53", nil), ("20 Jul 2020 12:14:53 GMT", nil),
        ("Mon, 20 Jly 2020 12:14:53 GMT", nil), ("Mon, 32 Jul 2020 12:14:53 GMT", nil), ("", nil),
    ]

    @Test(arguments: httpDates)
    func httpDatesAreReadOnlyInTheirOneFormat(text: String, seconds: Double?) {
        #expect(HTTPDate.parse(text)?.timeIntervalSince1970 == seconds)
    }
}
