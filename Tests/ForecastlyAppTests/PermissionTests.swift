import ForecastlyApp
import ForecastlyBase
import ForecastlySimulation
import LocationProvider
import Testing

/// The live permission follows its records: another `forecastly location
/// …` and the administrator's new policy take effect while a run goes on.
@Suite struct PermissionTests {
    @Test func aDecisionChangedElsewhereIsFollowed() async throws {
        let records = InMemoryPermissionRecords(decision: .authorized(.full))
        let (permission, warnings) = await Permission.load(records: records)
        #expect(warnings.isEmpty)
        #expect(await permission.decision(for: [.gpsd]) == .allowed(LocationGrant(accuracy: .full)))
        try await records.store.save(.denied)
        await permission.readAgain()
        #expect(await permission.authorization.state == .denied)
        #expect(await permission.decision(for: [.gpsd]) == .refused(.denied))
        #expect(await records.store.saveCount == 1)  // following is not saving again
    }

    @Test func anAllowOnceOfThisRunIsKeptWhileTheRecordsSayNothing() async throws {
        let records = InMemoryPermissionRecords()
        let (permission, _) = await Permission.load(records: records)
        try await permission.handle(.answered(.allowOnce))
        await permission.readAgain()
        #expect(await permission.authorization.state.isAuthorized)
        #expect(await records.store.decision == .notDetermined)
    }

    @Test func aPolicyArrivingAndLeavingRestrictsAndLifts() async throws {
        let records = InMemoryPermissionRecords(decision: .authorized(.full))
        let (permission, _) = await Permission.load(records: records)
        records.setPolicy(disabled: true)
        await permission.readAgain()
        guard case .restricted(_, .policyFile) = await permission.authorization.state else {
            Issue.record("\(await permission.authorization.state)"); return
        }
        #expect(await permission.decision(for: [.gpsd]).refusal != nil)
        records.setPolicy(disabled: false)
        await permission.readAgain()
        #expect(await permission.decision(for: [.gpsd]) == .allowed(LocationGrant(accuracy: .full)))
    }

    @Test func theDecisionsStreamSaysEachChangeOnce() async throws {
        let records = InMemoryPermissionRecords(decision: .denied)
        let (permission, _) = await Permission.load(records: records)
        var decisions = await permission.decisions(for: [.gpsd]).makeAsyncIterator()
        #expect(await decisions.next() == .refused(.denied))
        try await permission.handle(.granted(.reduced))
        #expect(await decisions.next() == .allowed(LocationGrant(accuracy: .reduced)))
        try await permission.handle(.reset)
        #expect(await decisions.next() == .mustAsk)
    }
}
