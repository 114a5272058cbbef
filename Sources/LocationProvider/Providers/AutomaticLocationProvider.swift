public import ForecastlyBase
import Synchronization

/// `--source auto`: the first backend that answers, in order (gpsd, then
/// GeoClue, then IP, then the stored place). Each is tried with its own
/// timeout; the error lists why every one failed. A permission answer
/// (undecided, denied, or restricted, as by the desktop's switch) ends the
/// chain: it is the answer, not a reason to ask the next source.
public struct AutomaticLocationProvider: LocationProvider {
    public let providers: [any LocationProvider]
    /// While watching, how long a backend may go without its first fix
    /// before the next one is asked: a gpsd that is not running is retried
    /// for ever by its own updates, which would otherwise keep the chain
    /// (and a status bar) waiting for ever.
    public let firstFixTimeout: Duration
    /// Told each source that failed before the next was asked (for a log:
    /// a fix from the IP service says nothing of why gpsd gave none).
    private let onSourceFailed: @Sendable (LocationSourceKind, LocationError) -> Void

    public init(
        _ providers: [any LocationProvider], firstFixTimeout: Duration = .seconds(10),
        onSourceFailed: @escaping @Sendable (LocationSourceKind, LocationError) -> Void = { _, _ in }
    ) {
        self.providers = providers
        self.firstFixTimeout = firstFixTimeout
        self.onSourceFailed = onSourceFailed
    }

    public var kind: LocationSourceKind { providers.first?.kind ?? .manual }

    public func currentLocation(timeout: Duration) async throws(LocationError) -> LocationFix {
        var failures: [LocationError] = []
        for provider in providers {
            do {
                return try await provider.currentLocation(timeout: timeout)
            } catch {
                if error.endsTheChain { throw error }
                onSourceFailed(provider.kind, error)
                failures.append(error)
            }
        }
        throw failures.count == 1 ? failures[0] : .allSourcesFailed(failures)
    }

    /// The first backend that delivers a fix keeps the stream (so a moving
    /// gpsd fix is followed); one that fails, or has no fix within
    /// `firstFixTimeout`, hands over to the next. When all fail, the last
    /// failure ends the stream.
    public func updates() -> AsyncStream<LocationUpdate> {
        let providers = self.providers
        let firstFixTimeout = self.firstFixTimeout
        let onSourceFailed = self.onSourceFailed
        return AsyncStream { continuation in
            let task = Task {
                var failures: [LocationError] = []
                for provider in providers {
                    let outcome = FollowedSource()
                    let following = Task {
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
                    let handover = Task {
                        try await Task.sleep(for: firstFixTimeout)
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
                    if error.endsTheChain { break }
                    onSourceFailed(provider.kind, error)
                }
                if !failures.isEmpty, failures.count == providers.count || failures.last?.endsTheChain == true {
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

extension LocationError {
    /// A permission answer: not a reason to try the next source. Only a
    /// policy that forbids one source (`"sources": {"ip": false}`) leaves
    /// the others to be asked.
    var endsTheChain: Bool {
        switch self {
        case .notDetermined, .notAnswered, .denied: true
        case .restricted(.policyFile, let source): source == nil
        case .restricted: true
        default: false
        }
    }
}
