import ForecastlyApp
import ForecastlyBase
import ForecastlySimulation
import ForecastlyTesting
import Foundation
import LocationProvider
import Testing
import WeatherWidget

/// The widget keeps one application while the user revokes the permission
/// and grants it again with the `forecastly` command, in another process:
/// each of its next lines follows, and nothing is located while denied.
@Suite struct RevokedFromTheCommandLineTests {
    static let berlin = try! Coordinate(latitude: 52.52, longitude: 13.41)

    /// The `forecastly` the main package built beside this one
    /// (`scripts/test` builds it first), or `FORECASTLY_BINARY`.
    static let forecastly: String = {
        if let path = ProcessInfo.processInfo.environment["FORECASTLY_BINARY"] { return path }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../..").standardized
        return root.appendingPathComponent(".build/debug/forecastly").path
    }()

    /// `forecastly ARGUMENTS` on the files of `home`, its exit status.
    static func forecastly(_ arguments: [String], home: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: forecastly)
        process.arguments = arguments
        process.environment = ["HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "FORECASTLY_POLICY_FILE": home.path + "/policy.json"]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test func theWidgetFollowsTheCommandLineLineByLine() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.forecastly), "build forecastly first (swift build in the repository)")
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("widget-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let gps = SimulatedLocationProvider.fixed(Self.berlin)
        let records = FilePermissionRecords(environment: ["HOME": home.path, "FORECASTLY_POLICY_FILE": home.path + "/policy.json"])
        let widget = WeatherWidget(TestApplication.make(records: records, location: gps, weather: WeatherStub(temperature: 3.2)))

        #expect(try Self.forecastly(["location", "allow"], home: home) == 0)
        #expect(await widget.text() == "3°C")
        #expect(try Self.forecastly(["location", "deny"], home: home) == 0)
        #expect(await widget.text().contains("denied"))
        #expect(gps.requestCount == 1, "nothing located while denied")
        #expect(try Self.forecastly(["location", "allow"], home: home) == 0)
        #expect(await widget.text() == "3°C")
        #expect(gps.requestCount == 2)
    }
}
