import ForecastlyApp
import ForecastlyBase
import ForecastlySimulation
import ForecastlyTesting
import Foundation
import LocationProvider
import Testing

/// A program that keeps one `Application` for hours (a status-bar widget)
/// and asks it for a forecast now and then: a `forecastly location deny`
/// run as another process, or the administrator's new policy file, holds
/// from its very next request, with no watch running and nothing located.
@Suite struct LivePermissionTests {
    static let berlin = try! Coordinate(latitude: 52.52, longitude: 13.405)
    static let here = ForecastSettings(place: .located(LocatingSettings(source: .gpsd, timeout: .seconds(2))), days: 1)

    /// One home that the application and the CLI processes share.
    struct Home {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-live-\(UUID().uuidString)")
        var policy: String { url.path + "/policy.json" }
        var environment: [String: String] { ["HOME": url.path, "FORECASTLY_POLICY_FILE": policy] }

        /// `forecastly ARGUMENTS`, a process of its own on the same files.
        func forecastly(_ arguments: String...) async throws {
            let result = try await CLI.run(arguments, environment: ["FORECASTLY_POLICY_FILE": policy], home: url)
            #expect(result.status == 0, "forecastly \(arguments.joined(separator: " ")): \(result.stderr)")
        }
    }

    @Test func anotherProcessDenyingStopsTheNextRequestFromLocating() async throws {
        let home = Home()
        try FileManager.default.createDirectory(at: home.url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home.url) }
        let gps = SimulatedLocationProvider.fixed(Self.berlin)
        let weather = WeatherStub()
        let app = TestApplication.make(records: FilePermissionRecords(environment: home.environment), location: gps, weather: weather)

        try await home.forecastly("location", "allow")
        let first = try await app.forecast(Self.here)
        #expect(first.forecast.fix?.source == .gpsd)
        #expect(gps.requestCount == 1)

        try await home.forecastly("location", "deny")
        await #expect(throws: LocationError.denied) { try await app.forecast(Self.here) }
        #expect(gps.requestCount == 1, "nothing is located once the user said no elsewhere")
        #expect(await app.permissionStatus().state == .denied)

        try await home.forecastly("location", "allow")
        _ = try await app.forecast(Self.here)
        #expect(gps.requestCount == 2)

        try await home.forecastly("location", "reset")
        await #expect(throws: LocationError.notDetermined) { try await app.forecast(Self.here) }
        #expect(gps.requestCount == 2)
    }

    @Test func aPolicyFileWrittenMeanwhileHoldsFromTheNextRequest() async throws {
        let home = Home()
        try FileManager.default.createDirectory(at: home.url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home.url) }
        let gps = SimulatedLocationProvider.fixed(Self.berlin)
        let app = TestApplication.make(records: FilePermissionRecords(environment: home.environment), location: gps)
        try await home.forecastly("location", "allow")
        _ = try await app.forecast(Self.here)
        #expect(gps.requestCount == 1)

        try Data(#"{"location": "disabled"}"#.utf8).write(to: URL(fileURLWithPath: home.policy))
        do {
            _ = try await app.forecast(Self.here)
            Issue.record("a forecast was located under a policy that turns locating off")
        } catch let error as LocationError {
            guard case .restricted(.policyFile(let path), _) = error else { Issue.record("\(error)"); return }
            #expect(path == home.policy)
        }
        #expect(gps.requestCount == 1)

        // Lifted: the user's decision comes back, as it was.
        try FileManager.default.removeItem(atPath: home.policy)
        _ = try await app.forecast(Self.here)
        #expect(gps.requestCount == 2)
    }

    @Test func recordsThatDidNotChangeAreNotReadAgain() async throws {
        let records = InMemoryPermissionRecords(decision: .authorized(.full))
        let (permission, _) = await Permission.load(records: records)
        let before = await records.version()
        await permission.catchUp()
        #expect(await records.version() == before)
        // A change that bypasses the table (written behind its back) is seen only once the version moves.
        try await records.store.save(.denied)
        #expect(await records.version() != before)
        await permission.catchUp()
        #expect(await permission.authorization.state == .denied)
    }

    @Test func aFileVersionChangesWithAnAtomicReplacement() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-version-\(UUID().uuidString)").path
        defer { unlink(path) }
        let missing = RecordsVersion.files([path])
        try AtomicFile.write(Array("{}\n".utf8), to: path)
        let written = RecordsVersion.files([path])
        #expect(written != missing)
        #expect(RecordsVersion.files([path]) == written)
        try AtomicFile.write(Array("{}\n".utf8), to: path)
        #expect(RecordsVersion.files([path]) != written, "same bytes, a new file: read again")
    }
}
