public import ForecastlyBase
public import LocationProvider

/// Whether forecastly may locate the user: the one place where it is decided.
///
/// The decision is a pure function of the authorization's state (what the
/// user decided, or who restricts it), the administrator's policy (which may
/// forbid a source) and the sources a run would use. Everything else (the
/// guard around each source, the view model, the watcher, the prompt) is
/// handed the decision and enforces it.
///
/// The rule is a value so that a test can hand the application a faulty one
/// and see the example scenarios fail: the invariants are checked against
/// what the product does, not against this function.
public struct LocatingRule: Sendable {
    public let decide: @Sendable (AuthorizationState, LocationPolicy, Set<LocationSourceKind>) -> LocatingDecision

    public init(_ decide: @escaping @Sendable (AuthorizationState, LocationPolicy, Set<LocationSourceKind>) -> LocatingDecision) {
        self.decide = decide
    }

    /// The decision for `snapshot` and `sources`.
    public func callAsFunction(_ snapshot: LocationAuthorization.Snapshot, sources: Set<LocationSourceKind>) -> LocatingDecision {
        decide(snapshot.state, snapshot.policy, sources)
    }

    /// The whole plan for a request that would ask `sources` in this order:
    /// the decision for the backends together, the backends the rule lets
    /// run each on its own (a policy may forbid one), why the others may
    /// not, and whether the stored place answers when none may run.
    public func plan(_ snapshot: LocationAuthorization.Snapshot, sources: [LocationSourceKind]) -> LocatingPlan {
        let backends = sources.filter { $0 != .manual }
        let decision = decide(snapshot.state, snapshot.policy, Set(backends))
        var runnable: [LocationSourceKind] = []
        var refusals: [LocationSourceKind: LocationError] = [:]
        for kind in backends {
            if let refusal = decide(snapshot.state, snapshot.policy, [kind]).refusal { refusals[kind] = refusal } else { runnable.append(kind) }
        }
        return LocatingPlan(decision: decision, sources: decision.permitsLocating ? runnable : [],
                            fallsBackToStoredPlace: sources.contains(.manual), refusals: refusals)
    }

    /// forecastly's rule:
    /// - a stored place or typed coordinates (`manual`) need no permission:
    ///   they reveal nothing the user did not give;
    /// - a policy that turns locating off, or forbids every source asked
    ///   for, refuses, naming the policy file (and the source, when one);
    /// - otherwise the user's decision: allowed with its grant, refused when
    ///   denied or restricted by someone the user cannot overrule, and asked
    ///   for when undecided.
    public static let standard = LocatingRule { state, policy, sources in
        let backends = sources.subtracting([.manual])
        guard !backends.isEmpty else { return .notNeeded }
        guard policy.locationEnabled else { return .refused(.restricted(.policyFile(path: policy.path), source: nil)) }
        if backends.isSubset(of: policy.forbiddenSources) {
            return .refused(.restricted(.policyFile(path: policy.path), source: backends.count == 1 ? backends.first : nil))
        }
        switch state {
        case .authorized(let grant): return .allowed(grant)
        case .notDetermined: return .mustAsk
        case .denied: return .refused(.denied)
        case .restricted(_, let restriction): return .refused(.restricted(restriction, source: nil))
        }
    }
}
