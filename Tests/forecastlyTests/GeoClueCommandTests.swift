import Foundation
import Testing
import TestSupport

/// GeoClue through the binary, with the real daemon on a private bus: the
/// desktop's switch restricts every source, a missing GeoClue hands over to
/// IP, and no GeoClue client starts unless forecastly itself is allowed.
@Suite(.serialized, .enabled(if: GeoClueSandbox.unavailableReason == nil, "\(GeoClueSandbox.unavailableReason ?? "")"))
struct GeoClueCommandTests {
    static let log = Fixtures.url("gpsd/firefly-II.log")

    func home() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-geoclue-\(UUID().uuidString)")
    }

    /// A stub answering forecasts and IP lookups, counting both.
    static func withServices<Result>(_ body: (StubHTTPServer) async throws -> Result) async throws -> Result {
        try await LocationFlowTests.withServices(body)
    }

    func environment(_ sandbox: GeoClueSandbox, _ server: StubHTTPServer) -> [String: String] {
        sandbox.environment.merging(LocationFlowTests.environment(server)) { $1 }
    }

    @Test func geoclueLocatesWhenAllowed() async throws {
        try await GeoClueSandbox.with(.init(log: Self.log)) { sandbox in
            try await Self.withServices { server in
                let home = home()
                _ = try await CLI.run(["location", "allow"], home: home)
                let result = try await CLI.run(["--source", "geoclue", "--hours", "0", "--no-color"], server: server,
                                               environment: environment(sandbox, server), home: home)
                #expect(result.status == 0, "\(result.stderr)")
                #expect(result.stdout.contains("From   GeoClue ±0 m"))
                // The point is in California: the NWS is asked for its warnings.
                #expect(Set(server.requests.map(\.path)) == ["/v1/forecast", "/v1/air-quality", "/alerts/active"])
                #expect(server.requests.first?.query["latitude"]?.hasPrefix("37.26102") == true)  // the log's 3715.6616 N
            }
        }
    }

    /// The desktop's switch off: restricted, exit 77, naming the switch, and
    /// no IP lookup behind the user's back (auto would try IP next).
    @Test func theSwitchOffRestrictsEverySource() async throws {
        try await GeoClueSandbox.with(.init(agentLevel: 0, log: Self.log)) { sandbox in
            try await Self.withServices { server in
                let home = home()
                _ = try await CLI.run(["location", "allow"], home: home)
                let result = try await CLI.run(["--source", "auto", "--gps-timeout", "2"], server: server,
                                               environment: environment(sandbox, server), home: home)
                #expect(result.status == 77)
                #expect(result.stderrLines.count == 1)
                #expect(result.stderr.contains("Location Services are switched off"))
                #expect(result.stderr.contains("privacy settings"))
                #expect(server.requestCount == 0)
                // The user's own decision is kept: the restriction lasts while the switch is off.
                let status = try await CLI.run(["location", "status"], home: home)
                #expect(status.stdout.hasPrefix("Permission  authorized"))
            }
        }
    }

    @Test func theAdministratorsGeoClueRefusalRestrictsToo() async throws {
        try await GeoClueSandbox.with(.init(log: Self.log, forbidForecastly: true)) { sandbox in
            try await Self.withServices { server in
                let home = home()
                _ = try await CLI.run(["location", "allow"], home: home)
                let result = try await CLI.run(["--gps-timeout", "2"], server: server, environment: environment(sandbox, server), home: home)
                #expect(result.status == 77)
                #expect(result.stderr.contains("/etc/geoclue/geoclue.conf"))
                #expect(server.requestCount == 0)
            }
        }
    }

    @Test func withoutGeoClueAutoMovesOnToIP() async throws {
        try await GeoClueSandbox.with(.init(geoclue: false)) { sandbox in
            try await Self.withServices { server in
                let home = home()
                _ = try await CLI.run(["location", "allow"], home: home)
                let auto = try await CLI.run(["--gps-timeout", "2", "--oneline"], server: server, environment: environment(sandbox, server), home: home)
                #expect(auto.status == 0, "\(auto.stderr)")
                #expect(server.requests.map(\.path).sorted() == ["/ip/", "/v1/forecast"])
                let only = try await CLI.run(["--source", "geoclue", "--gps-timeout", "2"], server: server,
                                             environment: environment(sandbox, server), home: home)
                #expect(only.status == 69)
                #expect(only.stderrLines.count == 1)
                #expect(only.stderr.contains("GeoClue is not installed"))
            }
        }
    }

    /// Allowed, and gpsd, GeoClue and the IP service all fail: unavailable
    /// (69), with each reason, never a usage error.
    @Test func noSourceAnsweringIsUnavailable() async throws {
        try await GeoClueSandbox.with(.init(geoclue: false)) { sandbox in
            let home = home()
            defer { try? FileManager.default.removeItem(at: home) }
            _ = try await CLI.run(["location", "allow"], home: home)
            let result = try await CLI.run(["--gps-timeout", "2", "--oneline"], environment: sandbox.environment, home: home)
            #expect(result.status == 69, "\(result.stderr)")
            #expect(result.stderrLines.count == 1)
            #expect(result.stderr.contains("No location source answered"))
            #expect(result.stderr.contains("GeoClue is not installed"))
        }
    }

    /// Undecided or denied: no GeoClue client is started (GeoClue's Wi-Fi
    /// source would send nearby networks to a web service).
    @Test func noClientStartsUnlessAllowed() async throws {
        try await GeoClueSandbox.with(.init(log: Self.log)) { sandbox in
            try await Self.withServices { server in
                let home = home()
                let undecided = try await CLI.run(["--source", "geoclue"], server: server, environment: environment(sandbox, server), home: home)
                _ = try await CLI.run(["location", "deny"], home: home)
                let denied = try await CLI.run(["--source", "geoclue"], server: server, environment: environment(sandbox, server), home: home)
                #expect(undecided.status == 77 && denied.status == 77)
                #expect(sandbox.sourceConnections == 0)
                #expect(server.requestCount == 0)
                _ = try await CLI.run(["location", "allow"], home: home)
                _ = try await CLI.run(["--source", "geoclue", "--oneline"], server: server, environment: environment(sandbox, server), home: home)
                #expect(sandbox.sourceConnections == 1)  // the count can move: this is the one client started
            }
        }
    }
}
