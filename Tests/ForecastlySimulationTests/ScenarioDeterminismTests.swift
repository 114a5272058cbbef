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

    /// The idle signal sees only the tasks that run on the runner's
    /// executor: a product task started with `Task {}` or `Task.detached`
    /// would run beside it, unseen.
    @Test func theProductStartsItsTasksWherePlaced() throws {
        let sources = ScenarioTests.folder.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
        let libraries = ["LocationProvider", "ForecastCore", "ForecastStore", "ForecastProviders", "ForecastPresentation", "ForecastlyApp",
                         "ForecastlySettings", "Places", "NetworkTransport", "DesktopNotifications", "ForecastlySimulation/Scenarios"]
        var offenders: [String] = []
        for library in libraries {
            let folder = sources.appendingPathComponent(library)
            let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
            #expect(!files.isEmpty, "no sources in \(library)")
            for file in files {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                if text.contains(/(^|[^.\w])Task\s*(\(priority:[^)]*\))?\s*\{|Task\.detached/) { offenders.append("\(library)/\(file)") }
            }
        }
        #expect(offenders.isEmpty, "start these tasks with Task.placed: \(offenders)")
    }

    @Test func theExamplesAreFound() {
        #expect(Self.examples.count >= 6)
    }
}
