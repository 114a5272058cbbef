public import ForecastlyBase
/// The live authorization: the user's remembered decision combined with the
/// administrator's policy, changed only through the transition table, saved
/// on every change the user makes, and published as an `AsyncSequence`.
///
/// It holds state, not judgement: whether a source may locate now is decided
/// from a `Snapshot` by one function of the application (ForecastlyApp's
/// `LocatingRule`), which the guard, the view model and the watcher enforce.
public actor LocationAuthorization {
    public private(set) var state: AuthorizationState
    /// The administrator's policy as last read; it changes while a run goes
    /// on when the policy file does (`apply(_:)`).
    public private(set) var policy: LocationPolicy
    private let store: any AuthorizationStore
    private var subscribers = Broadcast<Snapshot>()

    /// The state and the policy together: what a decision is made from.
    public struct Snapshot: Sendable, Hashable {
        public var state: AuthorizationState
        public var policy: LocationPolicy

        public init(state: AuthorizationState, policy: LocationPolicy) {
            self.state = state
            self.policy = policy
        }
    }

    public var snapshot: Snapshot { Snapshot(state: state, policy: policy) }

    /// Loads the decision and applies the policy. `warnings` says what could
    /// not be read (a corrupt decision file, an unreadable policy).
    public static func load(store: any AuthorizationStore, policy: LocationPolicy) async -> (LocationAuthorization, warnings: [MessageText]) {
        let stored = await store.load()
        let state = initialState(decision: stored.decision, policy: policy)
        let warnings = [stored.problem, policy.problem].compactMap { $0 }
        return (LocationAuthorization(state: state, store: store, policy: policy), warnings)
    }

    /// The state a launch starts in: the remembered decision, restricted
    /// when the policy turns locating off.
    public static func initialState(decision: UserDecision, policy: LocationPolicy) -> AuthorizationState {
        let state = AuthorizationState(decision: decision)
        guard !policy.locationEnabled else { return state }
        return (try? state.applying(.policyRestricted(.policyFile(path: policy.path)))) ?? state
    }

    private init(state: AuthorizationState, store: any AuthorizationStore, policy: LocationPolicy) {
        self.state = state
        self.store = store
        self.policy = policy
    }

    /// The current state, then every change.
    public func updates() -> AsyncStream<AuthorizationState> {
        let snapshots = self.snapshots()
        return AsyncStream { continuation in
            let task = Task.placed {
                var last: AuthorizationState?
                for await snapshot in snapshots where snapshot.state != last {
                    last = snapshot.state
                    continuation.yield(snapshot.state)
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The current state and policy, then every change of either.
    public func snapshots() -> AsyncStream<Snapshot> {
        subscribers.subscribe(current: snapshot) { [weak self] id in Task.placed { await self?.unsubscribe(id) } }
    }

    /// Applies an event, saves the decision when it changed (unless
    /// `remembering` is false: the change was read from the store), and
    /// publishes the new state. Nothing changes when the event is rejected
    /// or the decision cannot be saved.
    @discardableResult
    public func handle(_ event: AuthorizationEvent, remembering: Bool = true) async throws(AuthorizationError) -> AuthorizationState {
        let next: AuthorizationState
        do {
            next = try state.applying(event)
        } catch {
            throw .transition(error)
        }
        if remembering, next.decisionToRemember != state.decisionToRemember || event == .reset {
            do {
                try await store.save(next.decisionToRemember)
            } catch {
                throw .store(error)
            }
        }
        if next != state {
            state = next
            subscribers.send(snapshot)
        }
        return next
    }

    /// A policy read anew (the administrator changed the file while a run
    /// goes on): the state is restricted or lifted through the transition
    /// table as it says, and the new policy's per-source rules apply.
    public func apply(_ newPolicy: LocationPolicy) {
        guard newPolicy != policy else { return }
        // The file turns locating off or on; the table says what that does
        // to the state (a restriction already there stands, as the first).
        let event: AuthorizationEvent? = if !newPolicy.locationEnabled {
            .policyRestricted(.policyFile(path: newPolicy.path))
        } else if case .restricted(_, .policyFile) = state {
            .policyLifted
        } else {
            nil
        }
        if let event, let next = try? state.applying(event) { state = next }
        policy = newPolicy
        subscribers.send(snapshot)
    }

    public func finish() { subscribers.finish() }

    private func unsubscribe(_ id: Int) { subscribers.remove(id) }
}

public enum AuthorizationError: Error, Sendable, Equatable, UserFacingError {
    /// The state machine refused the event; a restricted state names who restricts.
    case transition(AuthorizationTransitionError)
    case store(AuthorizationStoreError)

    public var summaryMessage: MessageText {
        switch self {
        case .transition(let error):
            switch (error.state, error.event) {
            case (.restricted(_, let restriction), _):
                return MessageText("{restriction} turns location off; this cannot be changed by the user.", messages: ["restriction": [restriction.subject]])
            case (_, .answered):
                return MessageText("The permission prompt was answered while no answer was pending (state {state}).", ["state": error.state.name])
            case (_, .policyLifted):
                return MessageText("The policy was lifted while location was not restricted.")
            default:
                return MessageText("{event} is not possible while authorization is {state}.", ["event": "\(error.event)", "state": error.state.name])
            }
        case .store(let error):
            return error.summaryMessage
        }
    }

    public var adviceMessage: MessageText? {
        switch self {
        case .transition(let error):
            if case .restricted(_, let restriction) = error.state { return restriction.whoCanChangeIt }
            return MessageText("See 'forecastly location status'.")
        case .store(let error):
            return error.adviceMessage
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .transition(let error):
            if case .restricted = error.state { return .noPermission }
            return .usage
        case .store(let error):
            return error.exitStatus
        }
    }
}
