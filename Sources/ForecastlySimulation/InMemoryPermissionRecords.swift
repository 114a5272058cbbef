public import ForecastlyApp
public import ForecastlyBase
public import LocationProvider
import Synchronization

/// The user's decision and the administrator's policy, held in memory as
/// the files would hold them: kept across a restart, and followed by a
/// running application, which is told at once when they change (a change
/// made by "another forecastly", a new policy).
public final class InMemoryPermissionRecords: PermissionRecords {
    public let store: InMemoryAuthorizationStore
    private let current: Mutex<LocationPolicy>
    /// Bumped by every change said with `touch()` or `setPolicy`.
    private let touches = Mutex(0)
    private let listeners = Mutex<(next: Int, all: [Int: AsyncStream<Void>.Continuation])>((0, [:]))

    /// The policy file's name, as messages name it.
    public static let policyFile = "simulated-policy.json"

    public init(decision: UserDecision = .notDetermined, policyDisabled: Bool = false, forbiddenSources: Set<LocationSourceKind> = []) {
        store = InMemoryAuthorizationStore(decision: decision)
        current = Mutex(Self.policy(disabled: policyDisabled, forbidding: forbiddenSources))
    }

    public var decisions: any AuthorizationStore { store }
    public var decisionPath: String { "(simulated, in memory)" }
    public var policyPath: String { Self.policyFile }

    public func policy() async -> LocationPolicy { current.withLock { $0 } }

    /// Every save of the decision (by any application) and every touch.
    public func version() async -> RecordsVersion { RecordsVersion([await store.saveCount, touches.withLock { $0 }]) }

    static func policy(disabled: Bool, forbidding sources: Set<LocationSourceKind> = []) -> LocationPolicy {
        disabled || !sources.isEmpty ? LocationPolicy(path: policyFile, locationEnabled: !disabled, forbiddenSources: sources) : .unrestricted
    }

    /// The administrator turns locating off or on in the policy file; the
    /// sources it forbids stay forbidden.
    public func setPolicy(disabled: Bool) {
        current.withLock { $0 = Self.policy(disabled: disabled, forbidding: $0.forbiddenSources) }
        touch()
    }

    /// Tells every running application that the records changed.
    public func touch() {
        touches.withLock { $0 += 1 }
        for listener in listeners.withLock({ Array($0.all.values) }) { listener.yield() }
    }

    public func changes(clock: any Clock<Duration>) -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        let id = listeners.withLock { listeners in
            defer { listeners.next += 1 }
            listeners.all[listeners.next] = continuation
            return listeners.next
        }
        continuation.onTermination = { [weak self] _ in _ = self?.listeners.withLock { $0.all.removeValue(forKey: id) } }
        return stream
    }
}
