import Foundation
import Testing
import TestSupport

/// `forecastly simulate`: what a user sees in each permission state.
@Suite struct SimulateCommandTests {
    @Test(arguments: [
        ("notDetermined", Int32(77), "forecastly location allow"),
        ("denied", 77, "Location permission is denied"),
        ("restricted", 77, "cannot be changed by the user"),
    ])
    func statesWithoutPermission(state: String, status: Int32, message: String) async throws {
        try await StubHTTPServer.with(always: .json(FullResponse.json(at: Date()))) { server in
            let result = try await CLI.run(["simulate", "--authorization", state], server: server)
            #expect(result.status == status)
            #expect(result.stderr.contains(message))
            #expect(result.stderrLines.count == 1)
            #expect(server.requestCount == 0)
        }
    }

    @Test func authorizedShowsTheForecastForTheSimulatedFix() async throws {
        try await StubHTTPServer.with(always: .json(FullResponse.json(at: Date()))) { server in
            let result = try await CLI.run(["simulate", "--authorization", "authorized", "--fix", "-33.9,18.4", "--hours", "0"], server: server)
            let line = try await CLI.run(["simulate", "--authorization", "authorized", "--format", "%c %t · %a"], server: server)
            let berlin = try await CLI.run(["simulate", "--authorization", "authorized", "--hours", "0"], server: server)
            #expect(result.status == 0, "\(result.stderr)")
            // The simulated fix is named as the forecast names a place: the city, not the coordinates.
            #expect(berlin.stdout.hasPrefix("Berlin, DE · "), "\(berlin.stdout)")
            #expect(result.stdout.hasPrefix("Cape Town, ZA · "), "\(result.stdout)")
            #expect(result.stdout.contains("From   gpsd, 3D fix ±8 m, 6 satellites"))
            #expect(line.stdout == "⛄ -1°C · gpsd, 3D fix ±8 m, 6 satellites\n")
            #expect(server.requests.first?.query["latitude"] == "-33.9")
        }
    }

    /// A simulated failure says it is simulated, and its advice fits a
    /// simulation (not "sudo systemctl start gpsd"). A timeout is said as
    /// the kind of source simulated says it: satellites are a GPS
    /// receiver's (an IP lookup that timed out was told "The GPS receiver
    /// has no fix", and to use --source ip).
    @Test(arguments: [(["--fail", "timeout"], Int32(75), "The GPS receiver has no fix after 2 s (satellites seen 5, used 0)."),
                      (["--fail", "timeout", "--source", "geoclue"], 75, "forecastly: GeoClue has no position after 2 s."),
                      (["--fail", "timeout", "--source", "ip"], 75, "forecastly: The IP location service ipwho.is did not answer in time."),
                      (["--fail", "unavailable"], 69, "The simulated gpsd is not there, as --fail unavailable asked. Leave out --fail")])
    func failures(arguments: [String], status: Int32, message: String) async throws {
        let result = try await CLI.run(["simulate", "--authorization", "authorized"] + arguments)
        #expect(result.status == status)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!result.stderr.contains("systemctl"))
    }

    @Test func promptInTheSimulationChangesNothingStored() async throws {
        try await StubHTTPServer.with(always: .json(FullResponse.json(at: Date()))) { server in
            let home = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-home-\(UUID().uuidString)")
            let result = try await CLI.run(["simulate", "--authorization", "notDetermined", "--oneline"], server: server, home: home, terminalInput: "y\n")
            let status = try await CLI.run(["location", "status"], home: home)
            #expect(result.status == 0)
            #expect(result.stdout.contains("a simulated GPS receiver"))
            #expect(status.stdout.hasPrefix("Permission  not decided yet"))
        }
    }
}
