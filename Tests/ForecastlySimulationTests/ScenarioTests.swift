import ForecastCore
import ForecastlyApp
import ForecastlySimulation
import LocationProvider
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
                      "revoked-while-watching.json", "allow-once-does-not-survive.json", "policy-arrives-mid-run.json",
                      "warning-upgraded-and-rain-notified.json", "policy-lifted-after-launch.json", "ip-forbidden-by-policy.json",
                      "switched-off-at-launch.json", "denied-watches-the-stored-place.json"]
        #expect(Set(files) == Set(tested), "an example without a test below")
    }

    @Test func firstLaunchAsks() async throws {
        let entries = try await Self.play("first-launch-asks.json").entries
        #expect(entries[1].locateStarts == 0 && entries[1].forecastRequests == 0)  // a fix before the answer is not taken
        #expect(entries[2].authorization == .authorized && entries[2].forecastRequests == 1)
        #expect(entries[2].shows.hasPrefix("forecast for 52.5200°N, 13.4100°E"))
        #expect(entries[4].authorization == .authorized)  // "allow" is remembered across the restart
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
            #expect(entry.authorization == .restricted && !entry.locating)
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
            #expect(entry.authorization == .denied && !entry.locating)
            #expect(entry.forecastRequests == 1)  // neither the move nor the interval fetched
        }
    }

    @Test func allowOnceDoesNotSurviveItsRun() async throws {
        let entries = try await Self.play("allow-once-does-not-survive.json").entries
        #expect(entries[2].forecastRequests == 1)
        #expect(entries[3].authorization == .notDetermined && !entries[3].locating)
        #expect(entries[4].forecastRequests == 1 && entries[4].locateStarts == 1)
    }

    @Test func aPolicyMidRunStopsLocatingUntilLifted() async throws {
        let entries = try await Self.play("policy-arrives-mid-run.json").entries
        #expect(entries[4].forecastRequests == 1)  // a move of about a kilometre is no reason to fetch
        #expect(entries[5].authorization == .restricted && !entries[5].locating)
        #expect(entries[6].forecastRequests == 1)
        #expect(entries[7].authorization == .authorized && entries[7].shows.hasPrefix("forecast for 52.6000°N"))
    }

    /// Issued at 4h05, upgraded at 5h05, expired at 8h; rain from 6h20: what was shown and notified at each step.
    @Test func aWarningIsAnnouncedOnceUpgradedAndWithdrawnAndRainOnce() async throws {
        let entries = try await Self.play("warning-upgraded-and-rain-notified.json").entries
        let byTime = Dictionary(entries.map { ($0.at, $0) }, uniquingKeysWith: { _, last in last })
        #expect(byTime["4h5m"]?.warnings == [])  // the sky changed; the watch has not refreshed yet
        #expect(byTime["4h10m"]?.warnings == ["Moderate: Flood Watch until 8h"])
        #expect(byTime["4h10m"]?.notifications == ["show 1 normal: Moderate: Flood Watch"])
        #expect(byTime["5h"]?.notifications == [])  // the same warning on the next refresh is not news
        #expect(byTime["5h10m"]?.warnings == ["Severe: Flood Watch until 8h"])
        #expect(byTime["5h10m"]?.notifications == ["replace 1 critical: Severe: Flood Watch"])
        #expect(byTime["6h10m"]?.notifications.count == 1)
        #expect(byTime["6h10m"]?.notifications.first?.hasPrefix("show 2 normal: Rain starting in about") == true)
        #expect(byTime["6h30m"]?.notifications == [])  // it rains: not announced again
        #expect(byTime["8h"]?.warnings == [])
        #expect(byTime["8h"]?.notifications == ["withdraw 1"])
        #expect(entries.flatMap(\.notifications).count == 4)
    }

    /// The same story without --notify: the warnings are shown, nothing is announced.
    @Test func withoutNotifyNothingIsAnnounced() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("scenario-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let story = try String(contentsOf: Self.folder.appendingPathComponent("warning-upgraded-and-rain-notified.json"), encoding: .utf8)
        #expect(story.contains(#""notify": true"#))
        try story.replacingOccurrences(of: #""notify": true"#, with: #""notify": false"#).write(to: file, atomically: true, encoding: .utf8)
        let transcript = try await ScenarioRunner.run(try Scenario.load(from: file))
        #expect(transcript.passed)
        #expect(transcript.entries.flatMap(\.notifications).isEmpty)
        #expect(transcript.entries.contains { $0.warnings == ["Severe: Flood Watch until 8h"] })
    }

    /// The policy is in force at launch and lifted during the run: locating
    /// starts, the next fix is forecast at once, and each restart comes up
    /// as the decision and the policy on disk say.
    @Test func aPolicyLiftedAfterLaunchLetsLocatingStart() async throws {
        let entries = try await Self.play("policy-lifted-after-launch.json").entries
        #expect(entries[1].authorization == .restricted && entries[1].locateStarts == 0 && entries[1].forecastRequests == 0)
        #expect(entries[2].authorization == .authorized && entries[2].locating)
        #expect(entries[2].shows.hasPrefix("forecast for 52.5200°N, 13.4100°E"))
        #expect(entries[3].shows.hasPrefix("forecast for 52.6000°N, 13.5000°E"))
        #expect(entries[5].authorization == .authorized)
        #expect(entries[7].authorization == .restricted && !entries[7].locating)
    }

    /// A story states the policy per source, a stored place and which source
    /// it expects to answer; the transcript says each source's requests.
    @Test func aSourceThePolicyForbidsIsNeverAsked() async throws {
        let entries = try await Self.play("ip-forbidden-by-policy.json").entries
        #expect(entries.allSatisfy { $0.locationRequests[.ip] == 0 })
        #expect(entries[2].answeredBy == .manual)
        #expect(entries[4].answeredBy == .manual)
    }

    /// A watch falls back as a single run does: while locating is denied the
    /// stored place answers (no source is asked), a grant locates, and a
    /// revocation brings the stored place back rather than a blank screen.
    @Test func aDeniedWatchShowsTheStoredPlace() async throws {
        let entries = try await Self.play("denied-watches-the-stored-place.json").entries
        #expect(entries[0...2].allSatisfy { $0.answeredBy == .manual && $0.locateStarts == 0 && $0.shows.hasPrefix("forecast for 50.4500°N, 30.5200°E") })
        #expect(entries[3].answeredBy == .gpsd && entries[3].shows.hasPrefix("forecast for 52.5200°N, 13.4100°E"))
        #expect(entries[5...].allSatisfy { $0.answeredBy == .manual && !$0.locating && $0.shows.hasPrefix("forecast for 50.4500°N, 30.5200°E") })
    }

    @Test func aSwitchOffAtLaunchHoldsUntilItComesOn() async throws {
        let entries = try await Self.play("switched-off-at-launch.json").entries
        #expect(entries[0...2].allSatisfy { $0.locationRequests[.gpsd] == 0 && !$0.locating })
        #expect(entries[4].answeredBy == .gpsd)
    }

    /// A route plays inside a story while the permission changes: driven
    /// east, it is followed until the user revokes; after that no point of
    /// it is located and nothing more is fetched.
    @Test func aTrackPlaysInsideAStoryWhileThePermissionChanges() async throws {
        let story = try Scenario.load(from: Self.folder.appendingPathComponent("revoked-while-watching.json"))
        let track = try Track.read(from: Self.folder.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/Fixtures/tracks/berlin-east.gpx"))
        let played = story.playing(track)
        #expect(played.steps.count == story.steps.count + track.points.count)
        #expect(zip(played.steps, played.steps.dropFirst()).allSatisfy { $0.at <= $1.at })
        let transcript = try await ScenarioRunner.run(played)
        #expect(transcript.passed, "\(transcript.text())")
        let revoked = try #require(transcript.entries.firstIndex { $0.step == "authorization revoke" })
        let before = transcript.entries[revoked - 1].forecastRequests
        #expect(before >= 3, "the route was followed: the start, a move of 4 km, the revoked story's own fix \(transcript.text())")
        for entry in transcript.entries[revoked...] {
            #expect(!entry.locating && entry.forecastRequests == transcript.entries[revoked].forecastRequests, "\(entry)")
        }
    }

    /// An expectation is a promise the story checks: one that is not so
    /// fails the story, with what was expected and what is.
    @Test func anUnmetExpectationFailsTheStory() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("scenario-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try #"""
        {"name": "x", "authorization": "authorized", "steps": [
          {"at": "0s", "location": {"fix": [52.52, 13.41]}},
          {"at": "1m", "expect": {"authorization": "denied", "answeredBy": "ip", "locationRequests": {"gpsd": 0}}}]}
        """#.write(to: file, atomically: true, encoding: .utf8)
        let transcript = try await ScenarioRunner.run(try Scenario.load(from: file))
        #expect(!transcript.passed)
        let broken = transcript.violations.map(\.text)
        #expect(broken.contains("expected permission denied, but it is authorized"), "\(broken)")
        #expect(broken.contains("expected the forecast to be answered by ip, but it is gpsd"), "\(broken)")
        #expect(broken.contains("expected gpsd to have been asked 0, but it is 1"), "\(broken)")
    }

    /// A misspelt key or a value out of range is refused with its place,
    /// never played as another story that happens to pass.
    @Test(arguments: [
        (#"{"name": "x", "authorisation": "denied", "steps": []}"#, ".authorisation"),
        (#"{"name": "x", "steps": [{"at": "1m", "expect": {"authorisation": "denied"}}]}"#, "steps[0].expect.authorisation"),
        (#"{"name": "x", "steps": [{"at": "1m", "location": {"fix": [100, 0]}}]}"#, "steps[0].location.fix"),
        (#"{"name": "x", "steps": [{"at": "1m", "location": {"fix": [1, 0], "source": "wifi"}}]}"#, "steps[0].location.source"),
        (#"{"name": "x", "policy": {"sources": {"wifi": false}}, "steps": []}"#, ".policy.sources"),
        (#"{"name": "x", "steps": [{"at": "1m", "expect": {"shows": "sunshine"}}]}"#, "steps[0].expect.shows"),
        (#"{"name": "x", "steps": [{"at": "1m", "expect": {"authorization": "allowed"}}]}"#, "steps[0].expect.authorization"),
        (#"{"name": "x", "steps": [{"at": "1m", "expect": {"locationRequests": {"gspd": 0}}}]}"#, "steps[0].expect.locationRequests"),
        (#"{"name": "x", "apps": {"org.example.Maps": "maybe"}, "steps": []}"#, "apps.org.example.Maps"),
        (#"{"name": "x", "apps": {"*": {"permission": "asked", "anwser": "deny"}}, "steps": []}"#, "anwser"),
        (#"{"name": "x", "steps": [{"at": "1m", "app": {"id": "where-am-i", "accuracy": "metre"}}]}"#, "steps[0].app.accuracy"),
        (#"{"name": "x", "steps": [{"at": "1m", "app": {"id": "where-am-i"}}]}"#, "steps[0].app"),
    ])
    func aStoryWithAKeyOrValueOutsideTheFormatIsRefused(json: String, place: String) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("scenario-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try json.write(to: file, atomically: true, encoding: .utf8)
        let error = #expect(throws: ScenarioFileError.self) { try Scenario.load(from: file) }
        #expect(error?.detail.text.contains(place) == true, "\(String(describing: error))")
    }

    /// The decision is made in one place, and the invariants are checked
    /// against what the product does: a rule that lets a denied user be
    /// located makes the example stories fail, and so does one under which
    /// an allowed user is never located (what must happen does not).
    @Test(arguments: [
        ("denied counts as allowed", LocatingRule { state, policy, sources in
            state == .denied ? .allowed(LocationGrant(accuracy: .full)) : LocatingRule.standard.decide(state, policy, sources)
        }),
        ("an allowed user is never located", LocatingRule { state, policy, sources in
            state.isAuthorized ? .refused(.denied) : LocatingRule.standard.decide(state, policy, sources)
        }),
    ])
    func aFaultyDecisionFailsTheExamples(fault: String, rule: LocatingRule) async throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".json") }.sorted()
        var failed: [String] = []
        for file in files {
            let transcript = try await ScenarioRunner.run(try Scenario.load(from: Self.folder.appendingPathComponent(file)), rule: rule)
            if !transcript.passed { failed.append(file) }
        }
        #expect(!failed.isEmpty, "\(fault): every example still passed")
        if fault.hasPrefix("denied") { #expect(failed.contains("denied-explains.json")) }
        else { #expect(failed.contains("policy-lifted-after-launch.json")) }
    }

    @Test func aBadScenarioFileNamesWhatIsWrong() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("scenario-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try #"{"name": "x", "steps": [{"at": "soon", "wait": true}]}"#.write(to: file, atomically: true, encoding: .utf8)
        let error = #expect(throws: ScenarioFileError.self) { try Scenario.load(from: file) }
        #expect(error?.description.contains("expected a duration") == true)
        try #"{"name": "x", "steps": [{"at": "1m", "wait": true, "restart": true}]}"#.write(to: file, atomically: true, encoding: .utf8)
        #expect(throws: ScenarioFileError.self) { try Scenario.load(from: file) }
        try #"{"name": "x", "steps": [{"at": "1m", "alert": {"event": "Gale", "severity": "awful", "until": "2h"}}]}"#.write(to: file, atomically: true, encoding: .utf8)
        #expect(throws: ScenarioFileError.self) { try Scenario.load(from: file) }
        try #"{"name": "x", "steps": [{"at": "1m", "rain": {"from": "soon"}}]}"#.write(to: file, atomically: true, encoding: .utf8)
        let rain = #expect(throws: ScenarioFileError.self) { try Scenario.load(from: file) }
        #expect(rain?.description.contains("steps[0].rain.from") == true, "\(String(describing: rain))")
        try #"{"name": "x", "steps": [{"at": "6h20m", "rain": {"from": "6h20m", "until": "7h"}}]}"#.write(to: file, atomically: true, encoding: .utf8)
        #expect(try Scenario.load(from: file).steps.first?.at == .seconds(6 * 3600 + 20 * 60))
    }
}
