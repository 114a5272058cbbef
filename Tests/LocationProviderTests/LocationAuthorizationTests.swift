import ForecastlyBase
import ForecastlyApp
import ForecastlySimulation
import Foundation
import LocationProvider
import Testing

@Suite struct LocationAuthorizationTests {
    static let disabled = LocationPolicy(path: "/etc/forecastly/policy.json", locationEnabled: false, forbiddenSources: [])

    @Test func startsFromTheStoredDecision() async {
        let (authorization, warnings) = await LocationAuthorization.load(store: InMemoryAuthorizationStore(decision: .authorized(.reduced)), policy: .unrestricted)
        #expect(await authorization.state == .authorized(LocationGrant(accuracy: .reduced)))
        #expect(warnings.isEmpty)
    }

    @Test func policyRestrictsButRemembersTheDecision() async throws {
        let store = InMemoryAuthorizationStore(decision: .authorized(.full))
        let (authorization, _) = await LocationAuthorization.load(store: store, policy: Self.disabled)
        #expect(await authorization.state == .restricted(remembered: .authorized(.full), by: .policyFile(path: "/etc/forecastly/policy.json")))
        let error = await #expect(throws: AuthorizationError.self) { try await authorization.handle(.granted(.full)) }
        #expect(error?.exitStatus == .noPermission)
        #expect(error?.userMessage.contains("/etc/forecastly/policy.json") == true)
        #expect(await store.saveCount == 0)
    }

    @Test func answersAreSavedAndPublished() async throws {
        let store = InMemoryAuthorizationStore()
        let (authorization, _) = await LocationAuthorization.load(store: store, policy: .unrestricted)
        var updates = await authorization.updates().makeAsyncIterator()
        #expect(await updates.next() == .notDetermined)
        try await authorization.handle(.answered(.allow))
        #expect(await updates.next() == .authorized(LocationGrant(accuracy: .full)))
        #expect(await store.decision == .authorized(.full))
        try await authorization.handle(.revoked)
        #expect(await updates.next() == .denied)
        #expect(await store.decision == .denied)
        try await authorization.handle(.reset)
        #expect(await updates.next() == .notDetermined)
        #expect(await store.decision == .notDetermined)
    }

    @Test func allowOnceIsNotSaved() async throws {
        let store = InMemoryAuthorizationStore()
        let (authorization, _) = await LocationAuthorization.load(store: store, policy: .unrestricted)
        try await authorization.handle(.answered(.allowOnce))
        #expect(await authorization.state.isAuthorized)
        #expect(await store.saveCount == 0)
        #expect(await store.decision == .notDetermined)
    }

    @Test func aFailedSaveChangesNothing() async {
        let failure = AuthorizationStoreError(path: "/ro/location.json", reason: "read-only file system")
        let (authorization, _) = await LocationAuthorization.load(store: InMemoryAuthorizationStore(failingWith: failure), policy: .unrestricted)
        await #expect(throws: AuthorizationError.store(failure)) { try await authorization.handle(.answered(.deny)) }
        #expect(await authorization.state == .notDetermined)
    }

    @Test func corruptDecisionFileIsAWarningNotACrash() async throws {
        let directory = try TemporaryDirectory()
        try directory.write("garbage", to: "location.json")
        let (authorization, warnings) = await LocationAuthorization.load(
            store: FileAuthorizationStore(path: directory.path + "/location.json"), policy: .unrestricted)
        #expect(await authorization.state == .notDetermined)
        #expect(warnings.count == 1 && warnings[0].text.contains(directory.path + "/location.json"))
    }
}
