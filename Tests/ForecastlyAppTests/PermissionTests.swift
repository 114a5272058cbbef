import ForecastlyApp
import ForecastlyBase
import ForecastlySimulation
import ForecastlyTesting
import LocationProvider
import Synchronization
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

    /// The story a new user met: the prompt is up, the desktop's switch goes
    /// off, the user answers "Allow", the switch comes back on. The answer
    /// is kept (and saved) for when the switch is on again, and locating
    /// resumes without asking twice.
    @Test func anAnswerGivenWhileTheSwitchIsOffHoldsWhenItComesBack() async throws {
        let berlin = try Coordinate(latitude: 52.52, longitude: 13.405)
        let gps = SimulatedLocationProvider.fixed(berlin)
        let records = InMemoryPermissionRecords()
        let asker = SwitchedOffWhileAsking(.allow)
        let app = TestApplication.make(records: records, location: gps, asker: asker)
        asker.application.withLock { $0 = app }
        let here = ForecastSettings(place: .located(LocatingSettings(source: .gpsd, timeout: .seconds(2))), days: 1)

        await #expect(throws: LocationError.restricted(.desktopSwitchOff, source: nil)) { try await app.forecast(here) }
        #expect(gps.requestCount == 0)
        #expect(await records.store.decision == .authorized(.full), "the answer is remembered")

        await app.locationServicesSwitched(on: true)
        let answer = try await app.forecast(here)
        #expect(answer.forecast.fix?.source == .gpsd)
        #expect(asker.asked == 1 && gps.requestCount == 1)
    }

    @Test func aNoGivenWhileTheSwitchIsOffIsKeptToo() async throws {
        let records = InMemoryPermissionRecords()
        let gps = SimulatedLocationProvider.fixed(try Coordinate(latitude: 1, longitude: 1))
        let asker = SwitchedOffWhileAsking(.deny)
        let app = TestApplication.make(records: records, location: gps, asker: asker)
        asker.application.withLock { $0 = app }
        let here = ForecastSettings(place: .located(LocatingSettings(source: .gpsd, timeout: .seconds(2))), days: 1)
        await #expect(throws: LocationError.restricted(.desktopSwitchOff, source: nil)) { try await app.forecast(here) }
        await app.locationServicesSwitched(on: true)
        await #expect(throws: LocationError.denied) { try await app.forecast(here) }
        #expect(asker.asked == 1 && gps.requestCount == 0)
    }
}

/// Answers the prompt, but the desktop's switch goes off while it is up.
private final class SwitchedOffWhileAsking: PermissionAsker {
    let answer: PermissionAnswer
    let application = Mutex<Application?>(nil)
    private let count = Mutex(0)

    init(_ answer: PermissionAnswer) { self.answer = answer }

    var asked: Int { count.withLock { $0 } }

    func ask(services: MessageText) async -> PermissionPromptOutcome {
        count.withLock { $0 += 1 }
        if let application = application.withLock({ $0 }) { await application.locationServicesSwitched(on: false) }
        return .answered(answer)
    }
}
