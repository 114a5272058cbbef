import ForecastCore
import ForecastlyTesting
import Foundation
import Testing

/// Every example scenario in Examples/scenarios is a regression test: it
/// plays through the real pipeline with every invariant held, and what it
/// is about is checked step by step.
@Suite(.serialized) struct ScenarioTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/scenarios")

    static func play(_ name: String) async throws -> ScenarioTranscript {
        let transcript = try await ScenarioRunner.run(try Scenario.load(from: folder.appendingPathComponent(name)))
        #expect(transcript.passed, "\(transcript.text())")
        return transcript
    }

    @Test func everyExampleIsATestAndThereAreAtLeastSix() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".json") }
        #expect(files.count >= 6)
        let tested = ["first-launch-asks.json", "denied-explains.json", "location-services-off.json", "offline-at-launch.json",
                      "revoked-while-watching.json", "allow-once-does-not-survive.json", "policy-arrives-mid-run.json"]
        #expect(Set(files) == Set(tested), "an example without a test below")
    }

    @Test func firstLaunchAsks() async throws {
        let entries = try await Self.play("first-launch-asks.json").entries
        #expect(entries[1].locateStarts == 0 && entries[1].forecastRequests == 0)  // a fix before the answer is not taken
        #expect(entries[2].authorization == "authorized" && entries[2].forecastRequests == 1)
        #expect(entries[2].shows.hasPrefix("forecast for 52.5200°N, 13.4100°E"))
        #expect(entries[4].authorization == "authorized")  // "allow" is remembered across the restart
    }

    @Test func deniedExplainsHowToAllow() async throws {
        let entries = try await Self.play("denied-explains.json").entries
        for entry in entries.dropLast() {
            #expect(entry.locateStarts == 0 && entry.forecastRequests == 0 && !entry.locating)
            #expect(entry.shows.contains("forecastly location allow"))
        }
        #expect(entries.last?.shows.hasPrefix("forecast for") == true)
    }

    @Test func locationServicesOffShowsItsMessage() async throws {
        let entries = try await Self.play("location-services-off.json").entries
        for entry in entries[2...4] {
            #expect(entry.authorization == "restricted" && !entry.locating)
            #expect(entry.shows.contains("Location Services are switched off"))
            #expect(entry.forecastRequests == 1)
        }
        #expect(entries[5].shows.hasPrefix("forecast for 52.6000°N, 13.5000°E"))
    }

    @Test func offlineAtLaunchRefreshesByItselfWhenTheServiceIsBack() async throws {
        let entries = try await Self.play("offline-at-launch.json").entries
        #expect(entries[2].shows.hasPrefix("error:") && entries[2].shows.contains("HTTP 503"))
        #expect(entries[3].forecastRequests > entries[2].forecastRequests)  // retried with backoff
        #expect(entries.last?.shows.hasPrefix("forecast for 52.5200°N, 13.4100°E") == true)
    }

    @Test func aRevokedPermissionStopsEverything() async throws {
        let entries = try await Self.play("revoked-while-watching.json").entries
        for entry in entries[2...] {
            #expect(entry.authorization == "denied" && !entry.locating)
            #expect(entry.forecastRequests == 1)  // neither the move nor the interval fetched
        }
    }

    @Test func allowOnceDoesNotSurviveItsRun() async throws {
        let entries = try await Self.play("allow-once-does-not-survive.json").entries
        #expect(entries[2].forecastRequests == 1)
        #expect(entries[3].authorization == "notDetermined" && !entries[3].locating)
        #expect(entries[4].forecastRequests == 1 && entries[4].locateStarts == 1)
    }

    @Test func aPolicyMidRunStopsLocatingUntilLifted() async throws {
        let entries = try await Self.play("policy-arrives-mid-run.json").entries
        #expect(entries[4].forecastRequests == 1)  // a move of about a kilometre is no reason to fetch
        #expect(entries[5].authorization == "restricted" && !entries[5].locating)
        #expect(entries[6].forecastRequests == 1)
        #expect(entries[7].authorization == "authorized" && entries[7].shows.hasPrefix("forecast for 52.6000°N"))
    }

    @Test func aBadScenarioFileNamesWhatIsWrong() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("scenario-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try #"{"name": "x", "steps": [{"at": "soon", "wait": true}]}"#.write(to: file, atomically: true, encoding: .utf8)
        let error = #expect(throws: ScenarioFileError.self) { try Scenario.load(from: file) }
        #expect(error?.description.contains("expected a duration") == true)
        try #"{"name": "x", "steps": [{"at": "1m", "wait": true, "restart": true}]}"#.write(to: file, atomically: true, encoding: .utf8)
        #expect(throws: ScenarioFileError.self) { try Scenario.load(from: file) }
    }
}
