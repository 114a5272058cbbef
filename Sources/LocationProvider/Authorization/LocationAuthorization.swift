public import ForecastlyBase
/// The live authorization: the user's remembered decision combined with the
/// administrator's policy, changed only through the transition table, saved
/// on every change, and published as an `AsyncSequence` that feeds the
/// forecast pipeline.
public actor LocationAuthorization {
    public private(set) var state: AuthorizationState
    public nonisolated let policy: LocationPolicy
    private let store: any AuthorizationStore
    private var subscribers = Broadcast<AuthorizationState>()

    /// Loads the decision and applies the policy. `warnings` says what could
    /// not be read (a corrupt decision file, an unreadable policy).
    public static func load(store: any AuthorizationStore, policy: LocationPolicy) async -> (LocationAuthorization, warnings: [String]) {
        let stored = await store.load()
        var state = AuthorizationState(decision: stored.decision)
        if !policy.locationEnabled {
            state = (try? state.applying(.policyRestricted(.policyFile(path: policy.path)))) ?? state
        }
        let warnings = [stored.problem, policy.problem].compactMap { $0 }
        return (LocationAuthorization(state: state, store: store, policy: policy), warnings)
    }

    private init(state: AuthorizationState, store: any AuthorizationStore, policy: LocationPolicy) {
        self.state = state
        self.store = store
        self.policy = policy
    }

    /// The current state, then every change.
    public func updates() -> AsyncStream<AuthorizationState> {
        subscribers.subscribe(current: state) { [weak self] id in Task { await self?.unsubscribe(id) } }
    }

    /// Applies an event, saves the decision when it changed, and publishes
    /// the new state. Nothing changes when the event is rejected or the
    /// decision cannot be saved.
    @discardableResult
    public func handle(_ event: AuthorizationEvent) async throws(AuthorizationError) -> AuthorizationState {
        let next: AuthorizationState
        do {
            next = try state.applying(event)
        } catch {
            throw .transition(error)
        }
        if next.decisionToRemember != state.decisionToRemember || event == .reset {
            do {
                try await store.save(next.decisionToRemember)
            } catch {
                throw .store(error)
            }
        }
        if next != state {
            state = next
            subscribers.send(next)
        }
        return next
    }

    public func finish() { subscribers.finish() }

    private func unsubscribe(_ id: Int) { subscribers.remove(id) }
}

public enum AuthorizationError: Error, Sendable, Equatable, UserFacingError {
    /// The state machine refused the event; a restricted state names who restricts.
    case transition(AuthorizationTransitionError)
    case store(AuthorizationStoreError)

    public var summary: String {
        switch self {
        case .transition(let error):
            if case .restricted(_, let restriction) = error.state {
                return "\(restriction.description) turns location off; this cannot be changed by the user."
            }
            return error.description.prefix(1).uppercased() + error.description.dropFirst() + "."
        case .store(let error):
            return error.summary
        }
    }

    public var advice: String? {
        switch self {
        case .transition(let error):
            if case .restricted(_, let restriction) = error.state { return restriction.whoCanChangeIt }
            return "See 'forecastly location status'."
        case .store(let error):
            return error.advice
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
