import LocationProvider
import Testing

/// Every (state, event) pair of the authorization transition table.
@Suite struct AuthorizationTransitionTests {
    static let full = LocationGrant(accuracy: .full, duration: .always)
    static let reduced = LocationGrant(accuracy: .reduced, duration: .always)
    static let once = LocationGrant(accuracy: .full, duration: .thisRun)

    static let policy = Restriction.policyFile(path: "/etc/forecastly/policy.json")
    static let geoclueConfiguration = Restriction.geoclueConfiguration(path: Restriction.geoclueConfigurationPath)

    static let states: [AuthorizationState] = [
        .notDetermined, .denied, .authorized(full), .authorized(reduced), .authorized(once),
        .restricted(remembered: .notDetermined, by: policy), .restricted(remembered: .denied, by: .desktopSwitchOff),
        .restricted(remembered: .authorized(.reduced), by: geoclueConfiguration),
    ]
    static let events: [AuthorizationEvent] = [
        .answered(.allow), .answered(.allowOnce), .answered(.deny), .granted(.full), .granted(.reduced),
        .revoked, .reset, .policyRestricted(policy), .policyRestricted(.desktopSwitchOff), .policyRestricted(geoclueConfiguration),
        .policyLifted,
    ]

    /// The expected table, written out by hand: nil means rejected.
    static func expected(_ state: AuthorizationState, _ event: AuthorizationEvent) -> AuthorizationState? {
        switch state {
        case .notDetermined:
            switch event {
            case .answered(.allow): return .authorized(full)
            case .answered(.allowOnce): return .authorized(once)
            case .answered(.deny): return .denied
            case .granted(.full): return .authorized(full)
            case .granted(.reduced): return .authorized(reduced)
            case .revoked: return .denied
            case .reset: return .notDetermined
            case .policyRestricted(let restriction): return .restricted(remembered: .notDetermined, by: restriction)
            case .policyLifted: return nil
            }
        case .denied:
            switch event {
            case .answered: return nil
            case .granted(.full): return .authorized(full)
            case .granted(.reduced): return .authorized(reduced)
            case .revoked: return .denied
            case .reset: return .notDetermined
            case .policyRestricted(let restriction): return .restricted(remembered: .denied, by: restriction)
            case .policyLifted: return nil
            }
        case .authorized(let grant):
            switch event {
            case .answered: return nil
            case .granted(.full): return .authorized(full)
            case .granted(.reduced): return .authorized(reduced)
            case .revoked: return .denied
            case .reset: return .notDetermined
            // An "allow once" grant is not remembered, so the policy remembers notDetermined.
            case .policyRestricted(let restriction):
                return .restricted(remembered: grant.duration == .thisRun ? .notDetermined : .authorized(grant.accuracy), by: restriction)
            case .policyLifted: return nil
            }
        case .restricted(let remembered, let restriction):
            switch event {
            case .policyRestricted: return state  // the first restriction stands
            case .policyLifted: return AuthorizationState(decision: remembered)
            // A prompt that was up when the restriction came: its answer waits for the lift ("once" is asked again).
            case .answered(.allow) where remembered == .notDetermined: return .restricted(remembered: .authorized(.full), by: restriction)
            case .answered(.deny) where remembered == .notDetermined: return .restricted(remembered: .denied, by: restriction)
            case .answered(.allowOnce) where remembered == .notDetermined: return state
            default: return nil // the user cannot change what the administrator or the desktop decided
            }
        }
    }

    @Test(arguments: states, events)
    func transition(from state: AuthorizationState, on event: AuthorizationEvent) {
        let result = Result { () throws(AuthorizationTransitionError) in try state.applying(event) }
        switch (Self.expected(state, event), result) {
        case (let next?, .success(let actual)):
            #expect(actual == next)
        case (nil, .failure(let error)):
            #expect(error == AuthorizationTransitionError(state: state, event: event))
            #expect(!error.description.isEmpty)
        case (let next, let actual):
            Issue.record("expected \(String(describing: next)), got \(actual)")
        }
    }

    @Test func liftingThePolicyRestoresTheUsersDecision() throws {
        let restricted = try AuthorizationState.authorized(Self.reduced).applying(.policyRestricted(.desktopSwitchOff))
        #expect(try restricted.applying(.policyLifted) == .authorized(Self.reduced))
    }

    @Test func allowOnceIsNotRemembered() throws {
        let state = try AuthorizationState.notDetermined.applying(.answered(.allowOnce))
        #expect(state.isAuthorized)
        #expect(state.decisionToRemember == .notDetermined)
        #expect(try AuthorizationState.notDetermined.applying(.answered(.allow)).decisionToRemember == .authorized(.full))
    }

    @Test func grantingWhileRestrictedExplainsWhy() {
        let error = #expect(throws: AuthorizationTransitionError.self) {
            try AuthorizationState.restricted(remembered: .notDetermined, by: Self.policy).applying(.granted(.full))
        }
        #expect(error?.description.contains("administrator") == true)
        let desktop = #expect(throws: AuthorizationTransitionError.self) {
            try AuthorizationState.restricted(remembered: .authorized(.full), by: .desktopSwitchOff).applying(.granted(.full))
        }
        #expect(desktop?.description.contains("Location Services switch") == true)
    }
}
