import ForecastlyBase
import Foundation
public import LocationProvider

/// Where the user's decision and the administrator's policy are kept: the
/// files in the XDG configuration directory and `/etc` for the CLI, memory
/// for a simulation. Every request looks at their `version()` and reads them
/// again when it changed; a running watch also follows `changes`.
public protocol PermissionRecords: Sendable {
    /// The user's remembered decision.
    var decisions: any AuthorizationStore { get }
    /// Where the decision is kept, as `location status` names it.
    var decisionPath: String { get }
    /// Where the policy is read from.
    var policyPath: String { get }
    /// The policy as it is now.
    func policy() async -> LocationPolicy
    /// What the records hold now, told cheaply (the files' `stat`): when it
    /// is the version last read, nothing is read again.
    func version() async -> RecordsVersion
    /// A tick whenever the records may have changed: files are looked at
    /// every few seconds on `clock`; records in memory say so at once.
    func changes(clock: any Clock<Duration>) -> AsyncStream<Void>
}

/// The decision in `$XDG_CONFIG_HOME/forecastly/location.json` and the
/// policy in `/etc/forecastly/policy.json` (or `FORECASTLY_POLICY_FILE`).
public struct FilePermissionRecords: PermissionRecords {
    public let decisions: any AuthorizationStore
    public let decisionPath: String
    public let policyPath: String
    /// How often a running watch reads the files again.
    public var interval: Duration = .seconds(3)

    public init(environment: [String: String]) {
        let store = FileAuthorizationStore(directories: XDGDirectories(environment: environment))
        decisions = store
        decisionPath = store.path
        policyPath = LocationPolicy.path(environment: environment)
    }

    public func policy() async -> LocationPolicy { LocationPolicy.load(path: policyPath) }

    public func version() async -> RecordsVersion { .files([decisionPath, policyPath]) }

    public func changes(clock: any Clock<Duration>) -> AsyncStream<Void> {
        let interval = self.interval
        return AsyncStream { continuation in
            let task = Task.placed {
                while !Task.isCancelled {
                    do { try await clock.sleep(for: interval) } catch { break }
                    continuation.yield()
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
