public import ForecastlyBase
import Synchronization

/// `--source auto`: the first backend that answers, in order (gpsd, then
/// GeoClue, then IP, then the stored place). Each is tried with its own
/// timeout; the error lists why every one failed. Before each backend the
/// chain asks `permission` for the plan as it is then, and does what it
/// says: ask the backend, skip it, or end with the plan's refusal (a
/// restriction a backend met on the way has changed the plan by then). It
/// decides nothing itself; without a permission it asks every backend.
public struct AutomaticLocationProvider: LocationProvider {
    public let providers: [any LocationProvider]
    /// Where the plan comes from; nil for a chain that needs no permission.
    public let permission: (any LocatingDecisions)?
    /// While watching, how long a backend may go without its first fix
    /// before the next one is asked: a gpsd that is not running is retried
    /// for ever by its own updates, which would otherwise keep the chain
    /// (and a status bar) waiting for ever.
    public let firstFixTimeout: Duration
    /// What the first-fix timeout is measured on: the application's clock,
    /// so a simulation hands over when its virtual time says so.
    public let clock: any Clock<Duration>
    /// Told each source that failed before the next was asked (for a log:
    /// a fix from the IP service says nothing of why gpsd gave none).
    private let onSourceFailed: @Sendable (LocationSourceKind, LocationError) -> Void

    public init(
        _ providers: [any LocationProvider], permission: (any LocatingDecisions)? = nil, firstFixTimeout: Duration = .seconds(10),
        clock: any Clock<Duration> = ContinuousClock(),
        onSourceFailed: @escaping @Sendable (LocationSourceKind, LocationError) -> Void = { _, _ in }
    ) {
        self.providers = providers
        self.permission = permission
        self.firstFixTimeout = firstFixTimeout
        self.clock = clock
        self.onSourceFailed = onSourceFailed
    }

    public var kind: LocationSourceKind { providers.first?.kind ?? .manual }

    public func currentLocation(timeout: Duration) async throws(LocationError) -> LocationFix {
        var failures: [LocationError] = []
        for provider in providers {
            switch await step(provider.kind) {
            case .end(let refusal):
                throw refusal
            case .skip(let reason):
                failures.append(reason)
                continue
            case .ask:
                break
            }
            do {
                return try await provider.currentLocation(timeout: timeout)
            } catch {
                onSourceFailed(provider.kind, error)
                failures.append(error)
            }
        }
        throw failures.count == 1 ? failures[0] : .allSourcesFailed(failures)
    }

    /// The plan's word on `kind`, as the plan is now.
    private func step(_ kind: LocationSourceKind) async -> LocatingPlan.Step {
        guard let permission else { return .ask }
        return await permission.plan(for: providers.map(\.kind)).step(kind)
    }

    /// The first backend that delivers a fix keeps the stream (so a moving
    /// gpsd fix is followed); one that fails, or has no fix within
    /// `firstFixTimeout`, hands over to the next. When all fail, the last
    /// failure ends the stream.
    public func updates() -> AsyncStream<LocationUpdate> {
        let providers = self.providers
        let firstFixTimeout = self.firstFixTimeout
        let clock = self.clock
        let onSourceFailed = self.onSourceFailed
        return AsyncStream { continuation in
            let task = Task.placed {
                var failures: [LocationError] = []
                var ended = false
                for provider in providers {
                    switch await step(provider.kind) {
                    case .end(let refusal):
                        failures.append(refusal)
                        ended = true
                    case .skip(let reason):
                        failures.append(reason)
                        continue
                    case .ask:
                        break
                    }
                    if ended { break }
                    let outcome = FollowedSource()
                    let following = Task.placed {
                        for await update in provider.updates() {
                            switch update {
                            case .fix:
                                outcome.deliver()
                                continuation.yield(update)
                            case .diagnostic(.failed(let error)) where !outcome.delivered:
                                outcome.fail(error)
                            default:
                                continuation.yield(update)
                            }
                        }
                    }
                    let handover = Task.placed {
                        guard (try? await clock.sleep(for: firstFixTimeout)) != nil else { return }  // cancelled: the fix came
                        if !outcome.delivered { following.cancel() }
                    }
                    await withTaskCancellationHandler {
                        await following.value
                    } onCancel: {
                        following.cancel()
                    }
                    handover.cancel()
                    if outcome.delivered || Task.isCancelled { break }
                    let error = outcome.failure ?? Self.noFirstFix(provider.kind, within: firstFixTimeout)
                    failures.append(error)
                    onSourceFailed(provider.kind, error)
                }
                if ended {
                    continuation.yield(.diagnostic(.failed(failures[failures.count - 1])))
                } else if !failures.isEmpty, failures.count == providers.count {
                    continuation.yield(.diagnostic(.failed(failures.count == 1 ? failures[0] : .allSourcesFailed(failures))))
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Why a backend that neither fixed nor failed in time was left.
    static func noFirstFix(_ kind: LocationSourceKind, within timeout: Duration) -> LocationError {
        switch kind {
        case .geoclue: .geoclueNoFix(timeoutSeconds: timeout.inSeconds, placeholders: 0)
        case .ip: .lookupTimedOut(service: "the IP location service")
        case .gpsd, .manual: .noFix(timeoutSeconds: timeout.inSeconds, satellitesSeen: nil, satellitesUsed: nil)
        }
    }
}

/// What one backend of the chain did: fixed, or failed before its first fix.
private final class FollowedSource: Sendable {
    private let state = Mutex<(delivered: Bool, failure: LocationError?)>((false, nil))

    var delivered: Bool { state.withLock { $0.delivered } }
    var failure: LocationError? { state.withLock { $0.failure } }
    func deliver() { state.withLock { $0.delivered = true } }
    func fail(_ error: LocationError) { state.withLock { $0.failure = error } }
}
