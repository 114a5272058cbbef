public import ForecastlyBase

/// Whether a location source may run now, as decided for the sources a run
/// would use. The guard (`AuthorizedLocationProvider`), the view model and
/// the watcher receive decisions and enforce them; none of them decides.
/// The decision is made in one place, from the authorization's state, the
/// policy and the sources (ForecastlyApp's `LocatingRule`).
public enum LocatingDecision: Sendable, Hashable {
    /// No permission is needed: the place is the user's own (a stored place,
    /// or coordinates they typed), so nothing is revealed by using it.
    case notNeeded
    /// Locating may run, at no more than the grant's accuracy.
    case allowed(LocationGrant)
    /// The user has not decided yet: ask before anything is located.
    case mustAsk
    /// Locating may not run; the error says why and who can change it.
    case refused(LocationError)

    /// Whether a source may run under this decision.
    public var permitsLocating: Bool {
        switch self {
        case .notNeeded, .allowed: true
        case .mustAsk, .refused: false
        }
    }

    /// Why locating may not run; nil when it may.
    public var refusal: LocationError? {
        switch self {
        case .notNeeded, .allowed: nil
        case .mustAsk: .notDetermined
        case .refused(let error): error
        }
    }

    /// Enforces the decision: the grant to limit fixes to (nil when no
    /// permission is needed), or the error that stops locating.
    public func grant() throws(LocationError) -> LocationGrant? {
        if let refusal { throw refusal }
        if case .allowed(let grant) = self { return grant }
        return nil
    }
}

/// The whole plan for one request, as the rule decides it from the records
/// as they are at that moment: whether locating may run (and at what
/// accuracy), which backends may run and in which order, and whether the
/// stored place answers when they may not. The chain of sources and the
/// guard around each carry it out, asking for it again before each source,
/// so a change made meanwhile holds at once; they decide nothing.
public struct LocatingPlan: Sendable, Hashable {
    /// What may be done for the backends as a whole: allowed (with its
    /// grant), not needed, must ask, or refused. A refusal ends the chain.
    public var decision: LocatingDecision
    /// The backends that may run, in the order asked (none unless the
    /// decision permits locating); a backend left out is skipped, with
    /// `refusal(of:)` as its reason.
    public var sources: [LocationSourceKind]
    /// The stored place answers when no backend may run: it needs no
    /// permission, since it is a place the user gave.
    public var fallsBackToStoredPlace: Bool
    /// Why each backend left out of `sources` may not run.
    public var refusals: [LocationSourceKind: LocationError]

    public init(
        decision: LocatingDecision, sources: [LocationSourceKind], fallsBackToStoredPlace: Bool,
        refusals: [LocationSourceKind: LocationError] = [:]
    ) {
        self.decision = decision
        self.sources = sources
        self.fallsBackToStoredPlace = fallsBackToStoredPlace
        self.refusals = refusals
    }

    /// What the chain does before asking `kind`: ask it, skip it (with the
    /// reason), or end with the refusal. The stored place is always asked:
    /// it needs no permission.
    public func step(_ kind: LocationSourceKind) -> Step {
        guard kind != .manual else { return .ask }
        if let refusal = decision.refusal { return .end(refusal) }
        if sources.contains(kind) { return .ask }
        return .skip(refusals[kind] ?? .restricted(.policyFile(path: nil), source: kind))
    }

    public enum Step: Sendable, Hashable {
        case ask
        case skip(LocationError)
        case end(LocationError)
    }
}

/// Where decisions come from: the plan for a request, the decision for a
/// set of sources, and each change of it while a run goes on. Implemented by
/// the application (its `Permission`), which decides with one function; a
/// test may hand in a fixed answer.
public protocol LocatingDecisions: Sendable {
    /// The plan for a request that would ask `sources`, in that order, now.
    func plan(for sources: [LocationSourceKind]) async -> LocatingPlan
    /// The decision for locating with `sources` now.
    func decision(for sources: Set<LocationSourceKind>) async -> LocatingDecision
    /// The decision now, then each change of it.
    func decisions(for sources: Set<LocationSourceKind>) async -> AsyncStream<LocatingDecision>
    /// Something a backend learnt that changes the authorization (GeoClue:
    /// the desktop's switch is off), for the state machine to handle; what
    /// it means for locating is the next plan's to say.
    func observed(_ event: AuthorizationEvent) async
}
