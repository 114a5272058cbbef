@testable import ForecastCore
import ForecastlyBase
@testable import ForecastProviders
import ForecastSamples
import Foundation
import NetworkTransport
import NIOCore
import Testing
import TestSupport

/// The Open-Meteo service over the real AsyncHTTPClient transport, against
/// a stub server on 127.0.0.1 that serves recorded responses and faults.
@Suite struct OpenMeteoServiceTests {
    static let zagrebFixture = Fixtures.url("open-meteo/forecast_current_hourly_daily_zagreb.json")

    /// Runs `body` with a service pointed at a stub answering `reply`.
    func withService<T>(
        reply: StubHTTPServer.Reply,
        limits: AsyncHTTPClientTransport.Limits = .underTest,
        _ body: (OpenMeteoService, StubHTTPServer) async throws -> T
    ) async throws -> T {
        try await StubHTTPServer.with(always: reply) { server in
            return try await withTransport(userAgent: Forecastly.userAgent, limits: limits) { transport in
                let service = OpenMeteoService(
                    configuration: try OpenMeteoConfiguration(baseURL: URL(string: server.baseURL)!),
                    transport: transport
                )
                return try await body(service, server)
            }
        }
    }

    func failure(
        reply: StubHTTPServer.Reply, limits: AsyncHTTPClientTransport.Limits = .underTest
    ) async throws -> ForecastError? {
        try await withService(reply: reply, limits: limits) { service, _ -> ForecastError? in
            do {
                _ = try await service.forecast(for: Sample.request)
                return nil
            } catch let error as ForecastError {
                return error.renamingService(to: serviceName)
            }
        }
    }

    @Test func servesARecordedForecastAndSendsTheDocumentedQuery() async throws {
        try await withService(reply: .file(Self.zagrebFixture)) { service, server in
            let forecast = try await service.forecast(for: Sample.request)
            #expect(forecast == Sample.zagrebForecast)
            let request = try #require(server.requests.first)
            #expect(server.requestCount == 1)
            #expect(request.path == "/v1/forecast")
            #expect(request.header("User-Agent") == "forecastly/\(Forecastly.version) (+\(Forecastly.projectURL))")
            let query = request.query
            #expect(query["latitude"] == "45.5936")
            #expect(query["longitude"] == "17.2251")
            #expect(query["timezone"] == "auto")
            #expect(query["forecast_days"] == "7")
            #expect(query["forecast_hours"] == "48")
            #expect(query["current"]?.split(separator: ",").count == 13)
            #expect(query["daily"]?.contains("uv_index_max") == true)
            #expect(query["temperature_unit"] == nil)
            #expect(query["apikey"] == nil)
        }
    }

    /// Whatever the user shows, the request is the same metric one (so one
    /// stored answer serves every unit), with the past for the trend and
    /// yesterday, and the key.
    @Test func theRequestIsMetricWithThePastAndTheKey() async throws {
        try await StubHTTPServer.with(always: .file(Self.zagrebFixture)) { server in
            try await withTransport(userAgent: Forecastly.userAgent) { transport in
                let service = OpenMeteoService(
                    configuration: try OpenMeteoConfiguration(baseURL: URL(string: server.baseURL)!, apiKey: "secret-key"),
                    transport: transport
                )
                _ = try await service.forecast(for: try ForecastRequest(coordinate: Sample.zagreb, days: 16))
                let query = try #require(server.requests.first).query
                #expect(query["temperature_unit"] == nil && query["wind_speed_unit"] == nil && query["precipitation_unit"] == nil)
                #expect(query["past_hours"] == "27" && query["past_days"] == "1")
                for variable in ["pressure_msl", "dew_point_2m", "cloud_cover", "visibility"] {
                    #expect(query["hourly"]?.split(separator: ",").contains(Substring(variable)) == true, "\(variable)")
                }
                #expect(query["forecast_days"] == "16")
                #expect(query["apikey"] == "secret-key")
            }
        }
    }

    @Test func badRequestCarriesTheServersReason() async throws {
        let error = try await failure(reply: .json(#"{"reason":"Latitude must be in range of -90 to 90°. Given: 91.0.","error":true}"#, status: 400))
        #expect(error == .httpStatus(400, reason: "Latitude must be in range of -90 to 90°. Given: 91.0.", service: serviceName))
        #expect(error?.exitStatus == .dataError)
    }

    @Test func rateLimitedIsTemporary() async throws {
        let body = try Fixtures.text("open-meteo/error_429_daily_limit.json")
        let error = try await failure(reply: .json(body, status: 429))
        #expect(error == .httpStatus(429, reason: "Daily API request limit exceeded. Please try again tomorrow.", service: serviceName))
        #expect(error?.exitStatus == .temporaryFailure)
    }

    @Test func serverErrorIsUnavailable() async throws {
        let error = try await failure(reply: .json(#"{"error":true,"reason":"Something went wrong."}"#, status: 500))
        #expect(error == .httpStatus(500, reason: "Something went wrong.", service: serviceName))
        #expect(error?.exitStatus == .unavailable)
    }

    @Test func anHTMLBadGatewayPageIsUnavailableNotUndecodable() async throws {
        let page = "<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center></body></html>"
        let error = try await failure(reply: .respond(status: 502, headers: [("Content-Type", "text/html")], body: Array(page.utf8)))
        #expect(error == .httpStatus(502, reason: nil, service: serviceName))
        #expect(error?.exitStatus == .unavailable)
    }

    @Test func reasonWithTerminalEscapesIsNeutralised() async throws {
        let error = try await failure(reply: .json(#"{"error":true,"reason":"bad\u001b[2J\u001b]0;pwned\u0007 request"}"#, status: 400))
        let message = try #require(error?.userMessage)
        #expect(!message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        #expect(message.contains("bad request"))
    }

    @Test func aTruncatedBodyIsUndecodableNotACrash() async throws {
        let full = try Fixtures.bytes("open-meteo/forecast_current_hourly_daily_zagreb.json")
        let error = try await failure(reply: .respond(status: 200, body: Array(full.prefix(700))))
        guard case .undecodable(nil, let detail, _) = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(detail.contains("not valid JSON"))
        #expect(error?.exitStatus == .dataError)
    }

    @Test func nanInJSONFromTheRealFixture() async throws {
        let error = try await failure(reply: .file(Fixtures.url("open-meteo/edge_nan_not_covered_satellite.txt")))
        guard case .undecodable = error else { Issue.record("got \(String(describing: error))"); return }
    }

    @Test func anAnswerOfTheWrongShapeIsUndecodable() async throws {
        let error = try await failure(reply: .json(#"[{"hello":"world"}]"#))
        guard case .undecodable = error else { Issue.record("got \(String(describing: error))"); return }
    }

    @Test(arguments: [true, false])
    func fiftyMegabyteBodyIsRefusedAtTheCap(declaresLength: Bool) async throws {
        let error = try await failure(reply: .stream(status: 200, total: 50 << 20, declareLength: declaresLength))
        #expect(error == .transport(.bodyTooLarge(limit: 8 << 20), service: serviceName))
        #expect(error?.exitStatus == .dataError)
    }

    @Test func serverThatNeverAnswersTimesOut() async throws {
        let error = try await failure(reply: .hang, limits: .init(request: .milliseconds(400)))
        guard case .transport(.responseTimedOut(host: "127.0.0.1"), _) = error else {
            Issue.record("got \(String(describing: error))"); return
        }
        #expect(error?.exitStatus == .temporaryFailure)
    }

    @Test func aRefusedConnectionIsTransportErrorNamingTheAddress() async throws {
        // Loopback's discard port: nothing listens there. (A port a stub was
        // closed on may be bound again at once by a parallel test's server.)
        let port = 9
        try await withTransport(userAgent: Forecastly.userAgent) { transport in
            let service = OpenMeteoService(
                configuration: try OpenMeteoConfiguration(baseURL: URL(string: "http://127.0.0.1:\(port)")!),
                transport: transport
            )
            await #expect(throws: ForecastError.transport(.connectionRefused(host: "127.0.0.1", port: port), service: ServiceName.openMeteo.at(server: "127.0.0.1:\(port)"))) {
                try await service.forecast(for: Sample.request)
            }
        }
    }

    /// HTTPS to a server that only speaks plain HTTP: the handshake fails.
    @Test func aFailedTLSHandshakeIsReportedAsSuch() async throws {
        try await StubHTTPServer.with(always: .file(Self.zagrebFixture)) { server in
            try await withTransport(userAgent: Forecastly.userAgent) { transport in
                let service = OpenMeteoService(
                    configuration: try OpenMeteoConfiguration(baseURL: URL(string: "https://127.0.0.1:\(server.port)")!),
                    transport: transport
                )
                var failure: ForecastError?
                do throws(ForecastError) { _ = try await service.forecast(for: Sample.request) } catch { failure = error }
                guard case .transport(.tlsFailed(host: "127.0.0.1", _), _) = failure else {
                    Issue.record("got \(String(describing: failure))"); return
                }
                #expect(failure?.exitStatus == .unavailable)
                #expect(failure?.userMessage.contains("the secure connection to 127.0.0.1 failed: the server does not speak HTTPS on that port.") == true,
                        "\(failure?.userMessage ?? "")")
                #expect(failure?.userMessage.contains("NIOSSL") == false)
            }
        }
    }

    @Test func connectionClosedWithoutAnswer() async throws {
        let error = try await failure(reply: .close)
        guard case .transport(let transportError, _) = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(transportError != .cancelled)
        #expect(error?.exitStatus == .unavailable)
    }

    /// Stub ports differ per run; errors are compared with the service renamed.
    let serviceName = ServiceName.openMeteo.at(server: "stub")
}
