import ForecastlyBase
import Foundation
import ForecastlyApp
@testable import LocationProvider
import Testing

/// A fresh directory per test, removed afterwards.
struct TemporaryDirectory: ~Copyable {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func write(_ text: String, to name: String) throws {
        try text.write(toFile: path + "/" + name, atomically: true, encoding: .utf8)
    }

    func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }
}

@Suite struct FileAuthorizationStoreTests {
    @Test func missingFileIsNotDeterminedWithoutComplaint() async throws {
        let directory = try TemporaryDirectory()
        let store = FileAuthorizationStore(path: directory.path + "/forecastly/location.json")
        #expect(await store.load() == StoredAuthorization(decision: .notDetermined))
    }

    @Test(arguments: [UserDecision.denied, .authorized(.full), .authorized(.reduced), .notDetermined])
    func savesAndLoadsEveryDecisionWithMode0600(decision: UserDecision) async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/config/forecastly/location.json"
        try await FileAuthorizationStore(path: path).save(decision)
        #expect(await FileAuthorizationStore(path: path).load() == StoredAuthorization(decision: decision))
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        // Nothing but the file itself is left behind (no temporary files).
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path + "/config/forecastly") == ["location.json"])
    }

    @Test(arguments: ["{not json", "", #"{"version":1,"decision":"authorized"}"#, #"{"version":2,"decision":"denied"}"#, #"{"version":1,"decision":"maybe"}"#])
    func corruptFileIsReportedAndKeptAside(content: String) async throws {
        let directory = try TemporaryDirectory()
        try directory.write(content, to: "location.json")
        let store = FileAuthorizationStore(path: directory.path + "/location.json")
        let loaded = await store.load()
        #expect(loaded.decision == .notDetermined)
        #expect(loaded.problem?.text.contains(directory.path + "/location.json") == true)
        try await store.save(.denied)
        let files = try directory.contents()
        #expect(files.count == 2)
        let aside = try #require(files.first { $0.hasPrefix("location.json.corrupt-") })
        #expect(try String(contentsOfFile: directory.path + "/" + aside, encoding: .utf8) == content)
        #expect(await FileAuthorizationStore(path: directory.path + "/location.json").load().decision == .denied)
    }

    @Test func unwritableDirectoryIsATypedError() async throws {
        let directory = try TemporaryDirectory()
        try directory.write("a file, not a directory", to: "blocker")
        let store = FileAuthorizationStore(path: directory.path + "/blocker/location.json")
        await #expect(throws: AuthorizationStoreError.self) { try await store.save(.denied) }
    }
}

@Suite struct LocationPolicyTests {
    @Test func noFileMeansNoRestriction() {
        let policy = LocationPolicy.load(path: "/nonexistent/forecastly/policy.json")
        #expect(policy == .unrestricted)
        #expect(policy.locationEnabled && policy.forbiddenSources.isEmpty)
    }

    @Test func disabledTurnsOffEverySourceButTypedCoordinates() throws {
        let directory = try TemporaryDirectory()
        try directory.write(#"{"location": "disabled"}"#, to: "policy.json")
        let policy = LocationPolicy.load(environment: ["FORECASTLY_POLICY_FILE": directory.path + "/policy.json"])
        #expect(!policy.locationEnabled)
        #expect(policy.forbiddenSources.isEmpty)
        // What it means for each source is the rule's to say (LocatingRuleTests); typed coordinates need no permission.
        #expect(LocatingRule.standard.decide(.authorized(LocationGrant(accuracy: .full)), policy, [.manual]) == .notNeeded)
        #expect(LocatingRule.standard.decide(.authorized(LocationGrant(accuracy: .full)), policy, [.gpsd]).refusal != nil)
        #expect(policy.problem == nil)
        #expect(policy.path == directory.path + "/policy.json")
    }

    @Test func perSourceRestriction() throws {
        let directory = try TemporaryDirectory()
        try directory.write(#"{"location": "enabled", "sources": {"ip": false, "gpsd": true}}"#, to: "policy.json")
        let policy = LocationPolicy.load(path: directory.path + "/policy.json")
        #expect(policy.locationEnabled)
        #expect(policy.forbiddenSources == [.ip])
    }

    @Test(arguments: ["[]", "{", #"{"location": "sometimes"}"#, #"{"sources": {"wifi": false}}"#, #"{"sources": {"ip": "no"}}"#, #"{"sources": []}"#])
    func unreadablePolicyFailsClosedAndSaysWhere(content: String) throws {
        let directory = try TemporaryDirectory()
        try directory.write(content, to: "policy.json")
        let policy = LocationPolicy.load(path: directory.path + "/policy.json")
        #expect(!policy.locationEnabled)
        #expect(policy.problem?.text.hasPrefix(directory.path + "/policy.json") == true)
    }
}
