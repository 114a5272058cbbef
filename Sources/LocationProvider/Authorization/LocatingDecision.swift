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

/// Where decisions come from: the current one for a set of sources, and each
/// change of it while a run goes on. Implemented by the application (its
/// `Permission`), which decides with one function; a test may hand in a
/// fixed answer.
public protocol LocatingDecisions: Sendable {
    /// The decision for locating with `sources` now.
    func decision(for sources: Set<LocationSourceKind>) async -> LocatingDecision
    /// The decision now, then each change of it.
    func decisions(for sources: Set<LocationSourceKind>) async -> AsyncStream<LocatingDecision>
    /// A backend met a restriction the user cannot lift (GeoClue: the
    /// desktop's switch is off, or its configuration forbids forecastly);
    /// from now on every source is refused for it.
    func restricted(by restriction: Restriction) async
}
