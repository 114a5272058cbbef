import ForecastlyBase
import ForecastlySimulation
import Foundation
import LocationProvider
import Testing
import WeatherWidget

/// Whole permission stories played against the widget, and a route.
@Suite struct StoryTests {
    /// The example stories ship beside this package, in Examples/scenarios.
    static let stories = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scenarios")

    @Test func aRevokedPermissionStopsTheWidget() async throws {
        let story = try Scenario.load(from: Self.stories.appendingPathComponent("revoked-while-watching.json"))
        let transcript = try await ScenarioRunner.run(story, draw: WeatherWidget.text(for:))
        #expect(transcript.passed, "\(transcript.text())")
        #expect(transcript.entries[1].shows == "13°C")
        #expect(transcript.entries.last?.shows.contains("denied") == true)
        #expect(transcript.entries.last?.locating == false)
    }

    @Test func aCommuteIsReplayedFixByFix() async throws {
        let commute = try #require(Bundle.module.url(forResource: "commute", withExtension: "gpx"))
        let route = try Track.read(from: commute)
        let gps = SimulatedLocationProvider(track: route, speed: 600)   // ten minutes a second
        var fixes: [Coordinate] = []
        for await update in gps.updates() {
            if case .fix(let fix) = update { fixes.append(fix.coordinate) }
        }
        #expect(fixes == route.points.map(\.coordinate))
    }
}
