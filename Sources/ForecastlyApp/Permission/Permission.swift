public import ForecastlyBase
public import LocationProvider
import Synchronization

/// The location permission of one application: the live authorization (the
/// user's decision and the policy) and the rule that decides from it. It is
/// what the guard around every source, the view model and the watcher ask
/// (`LocatingDecisions`); none of them decides.
public struct Permission: LocatingDecisions {
    public let authorization: LocationAuthorization
    public let rule: LocatingRule
    /// Where the decision and policy are kept, followed while a run goes on;
    /// nil for an authorization a program keeps itself.
    public let records: (any PermissionRecords)?
    /// The records' version this permission last read.
    private let lastRead: LastRead

    /// The decision and the policy as the records hold them now; `warnings`
    /// says what could not be read (a damaged decision file, a bad policy).
    public static func load(records: any PermissionRecords, rule: LocatingRule = .standard) async -> (Permission, warnings: [MessageText]) {
        // The version before the reading: a change made meanwhile is read at the next look.
        let version = await records.version()
        let (authorization, warnings) = await LocationAuthorization.load(store: records.decisions, policy: await records.policy())
        return (Permission(authorization: authorization, rule: rule, records: records, read: version), warnings)
    }

    public init(authorization: LocationAuthorization, rule: LocatingRule = .standard, records: (any PermissionRecords)? = nil) {
        self.init(authorization: authorization, rule: rule, records: records, read: nil)
    }

    private init(authorization: LocationAuthorization, rule: LocatingRule, records: (any PermissionRecords)?, read: RecordsVersion?) {
        self.authorization = authorization
        self.rule = rule
        self.records = records
        self.lastRead = LastRead(read)
    }

    public func plan(for sources: [LocationSourceKind]) async -> LocatingPlan {
        rule.plan(await authorization.snapshot, sources: sources)
    }

    public func decision(for sources: Set<LocationSourceKind>) async -> LocatingDecision {
        rule(await authorization.snapshot, sources: sources)
    }

    public func decisions(for sources: Set<LocationSourceKind>) async -> AsyncStream<LocatingDecision> {
        let snapshots = await authorization.snapshots()
        let rule = self.rule
        return AsyncStream { continuation in
            let task = Task.placed {
                var last: LocatingDecision?
                for await snapshot in snapshots {
                    let decision = rule(snapshot, sources: sources)
                    if decision != last { continuation.yield(decision) }
                    last = decision
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// What a backend or the desktop reported (the switch turned off), for
    /// this run: handled by the transition table, not remembered.
    public func observed(_ event: AuthorizationEvent) async {
        _ = try? await authorization.handle(event, remembering: false)
    }

    /// The user's own answer or change (the prompt, `location allow|deny|reset`),
    /// through the transition table, saved; the state it leads to.
    @discardableResult
    public func handle(_ event: AuthorizationEvent) async throws(AuthorizationError) -> AuthorizationState {
        try await authorization.handle(event)
    }

    /// Follows the records while a run goes on: another `forecastly location
    /// allow|deny|reset`, or the administrator's new policy, takes effect
    /// here as it would at the next launch. Returns when cancelled.
    public func follow(clock: any Clock<Duration>) async {
        guard let records else { return }
        for await _ in records.changes(clock: clock) {
            await catchUp()
        }
    }

    /// Brings the permission up to the records as they are now, reading
    /// them only when their version changed since the last look: what every
    /// request of an application does first, so that a `forecastly location
    /// deny` run elsewhere, a new policy file or a reset takes effect at the
    /// next request of a program that keeps one `Application` for hours.
    public func catchUp() async {
        guard let records else { return }
        let version = await records.version()
        guard lastRead.replace(with: version) else { return }
        await readAgain()
    }

    /// Applies what the records hold now: the policy as it is, and a
    /// decision changed elsewhere (compared with what this run would
    /// remember, so an "allow once" of this run is kept).
    public func readAgain() async {
        guard let records else { return }
        await authorization.apply(await records.policy())
        let stored = await records.decisions.load()
        guard stored.problem == nil else { return }
        let state = await authorization.state
        guard stored.decision != state.decisionToRemember else { return }
        let event: AuthorizationEvent = switch stored.decision {
        case .notDetermined: .reset
        case .denied: .revoked
        case .authorized(let accuracy): .granted(accuracy)
        }
        // While restricted the user's changes wait, as the table says; the
        // next look after the restriction is lifted applies them, so this
        // version counts as not read yet.
        do {
            try await authorization.handle(event, remembering: false)
        } catch {
            lastRead.forget()
        }
    }
}

/// The version of the records a permission last read.
private final class LastRead: Sendable {
    private let version: Mutex<RecordsVersion?>

    init(_ version: RecordsVersion?) {
        self.version = Mutex(version)
    }

    /// Keeps `next`; whether it differs from the one kept before.
    func replace(with next: RecordsVersion) -> Bool {
        version.withLock { version in
            defer { version = next }
            return version != next
        }
    }

    /// The next look reads the records whatever their version.
    func forget() { version.withLock { $0 = nil } }
}

extension AuthorizedLocationProvider {
    /// `base`, run only while forecastly's rule permits it under `authorization`.
    public init(_ base: any LocationProvider, authorization: LocationAuthorization) {
        self.init(base, permission: Permission(authorization: authorization))
    }
}
