import ForecastlyApp
import ForecastlyBase
import LocationProvider
import Testing

/// The one decision, as a table: every state, under each policy, for the
/// sources a run may ask.
@Suite struct LocatingRuleTests {
    static let rule = LocatingRule.standard
    static let full = LocationGrant(accuracy: .full)
    static let off = LocationPolicy(path: "/etc/forecastly/policy.json", locationEnabled: false, forbiddenSources: [])
    static let noIP = LocationPolicy(path: "/etc/forecastly/policy.json", locationEnabled: true, forbiddenSources: [.ip])

    @Test(arguments: [
        AuthorizationState.notDetermined, .denied, .authorized(full), .restricted(remembered: .denied, by: .desktopSwitchOff),
    ])
    func theStoredPlaceNeedsNoPermissionInAnyState(state: AuthorizationState) {
        #expect(Self.rule.decide(state, .unrestricted, [.manual]) == .notNeeded)
        #expect(Self.rule.decide(state, Self.off, [.manual]) == .notNeeded)
    }

    @Test(arguments: [
        (AuthorizationState.notDetermined, LocatingDecision.mustAsk),
        (.denied, .refused(.denied)),
        (.authorized(full), .allowed(full)),
        (.authorized(LocationGrant(accuracy: .reduced, duration: .thisRun)), .allowed(LocationGrant(accuracy: .reduced, duration: .thisRun))),
        (.restricted(remembered: .authorized(.full), by: .desktopSwitchOff), .refused(.restricted(.desktopSwitchOff, source: nil))),
    ])
    func theUsersDecisionDecidesWithoutAPolicy(state: AuthorizationState, decision: LocatingDecision) {
        #expect(Self.rule.decide(state, .unrestricted, [.gpsd, .geoclue, .ip, .manual]) == decision)
        #expect(Self.rule.decide(state, .unrestricted, [.ip]) == decision)
    }

    @Test(arguments: [AuthorizationState.notDetermined, .denied, .authorized(full)])
    func aPolicyThatTurnsLocatingOffRefusesWhateverTheUserSaid(state: AuthorizationState) {
        #expect(Self.rule.decide(state, Self.off, [.gpsd]) == .refused(.restricted(.policyFile(path: Self.off.path), source: nil)))
    }

    @Test func aForbiddenSourceIsRefusedByNameAndTheOthersAreNot() {
        #expect(Self.rule.decide(.authorized(Self.full), Self.noIP, [.ip]) == .refused(.restricted(.policyFile(path: Self.noIP.path), source: .ip)))
        #expect(Self.rule.decide(.authorized(Self.full), Self.noIP, [.gpsd, .ip]) == .allowed(Self.full))
        #expect(Self.rule.decide(.notDetermined, Self.noIP, [.gpsd]) == .mustAsk)
    }

    @Test func aDecisionSaysWhetherASourceMayRunAndWhyNot() throws {
        #expect(LocatingDecision.notNeeded.permitsLocating && LocatingDecision.allowed(Self.full).permitsLocating)
        #expect(LocatingDecision.mustAsk.refusal == .notDetermined)
        #expect(LocatingDecision.refused(.denied).refusal == .denied)
        #expect(try LocatingDecision.allowed(Self.full).grant() == Self.full)
        #expect(try LocatingDecision.notNeeded.grant() == nil)
        #expect(throws: LocationError.denied) { try LocatingDecision.refused(.denied).grant() }
    }

    /// The plan a request is given: the sources that may run in order, each
    /// one left out with its reason, and the stored place as the fallback.
    @Test func thePlanListsWhatMayRunInOrderAndWhyNotTheRest() {
        let auto: [LocationSourceKind] = [.gpsd, .geoclue, .ip, .manual]
        let allowed = Self.rule.plan(.init(state: .authorized(Self.full), policy: Self.noIP), sources: auto)
        #expect(allowed.decision == .allowed(Self.full))
        #expect(allowed.sources == [.gpsd, .geoclue])
        #expect(allowed.fallsBackToStoredPlace)
        #expect(allowed.step(.ip) == .skip(.restricted(.policyFile(path: Self.noIP.path), source: .ip)))
        #expect(allowed.step(.gpsd) == .ask && allowed.step(.manual) == .ask)

        let denied = Self.rule.plan(.init(state: .denied, policy: .unrestricted), sources: auto)
        #expect(denied.sources.isEmpty && denied.fallsBackToStoredPlace)
        #expect(denied.step(.gpsd) == .end(.denied))
        #expect(denied.step(.manual) == .ask, "the stored place needs no permission")

        let gpsdOnly = Self.rule.plan(.init(state: .notDetermined, policy: .unrestricted), sources: [.gpsd])
        #expect(gpsdOnly.decision == .mustAsk && gpsdOnly.sources.isEmpty && !gpsdOnly.fallsBackToStoredPlace)

        let off = Self.rule.plan(.init(state: .authorized(Self.full), policy: Self.off), sources: auto)
        #expect(off.step(.geoclue) == .end(.restricted(.policyFile(path: Self.off.path), source: nil)))
    }
}
