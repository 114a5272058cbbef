import ForecastlySimulation
import Foundation
import Testing

/// A transcript depends on its story alone: the runner waits for the
/// product's idle signal, never for time to pass, so however busy the
/// machine (the suite runs this beside everything else, and
/// `scripts/test-under-load` with every core kept busy), the same story
/// gives the same bytes every time.
@Suite struct ScenarioDeterminismTests {
    static let plays = 50

    static var examples: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: ScenarioTests.folder.path))?.filter { $0.hasSuffix(".json") }.sorted() ?? []
    }

    @Test(arguments: examples)
    func theSameStoryGivesTheSameTranscriptFiftyTimes(story: String) async throws {
        let scenario = try Scenario.load(from: ScenarioTests.folder.appendingPathComponent(story))
        let first = try await ScenarioRunner.run(scenario).json()
        #expect(first.contains("\"entries\""))
        for play in 2...Self.plays {
            let again = try await ScenarioRunner.run(scenario).json()
            guard again == first else {
                Issue.record("play \(play) of \(story) differs from the first:\n\(first)\n---\n\(again)")
                return
            }
        }
    }

    @Test func theExamplesAreFound() {
        #expect(Self.examples.count >= 6)
    }
}
