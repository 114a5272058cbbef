public import ForecastlyBase
/// `--source auto`: the first backend that answers, in order (gpsd, then
/// GeoClue, then IP, then the stored place). Each is tried with its own
/// timeout; the error lists why every one failed. A permission answer
/// (undecided, denied, or restricted, as by the desktop's switch) ends the
/// chain: it is the answer, not a reason to ask the next source.
public struct AutomaticLocationProvider: LocationProvider {
    public let providers: [any LocationProvider]

    public init(_ providers: [any LocationProvider]) {
        self.providers = providers
    }

    public var kind: LocationSourceKind { providers.first?.kind ?? .manual }

    public func currentLocation(timeout: Duration) async throws(LocationError) -> LocationFix {
        var failures: [LocationError] = []
        for provider in providers {
            do {
                return try await provider.currentLocation(timeout: timeout)
            } catch {
                if error.endsTheChain { throw error }
                failures.append(error)
            }
        }
        throw failures.count == 1 ? failures[0] : .allSourcesFailed(failures)
    }

    /// The first backend that delivers a fix keeps the stream (so a moving
    /// gpsd fix is followed); one that fails before its first fix hands
    /// over to the next. When all fail, the last failure ends the stream.
    public func updates() -> AsyncStream<LocationUpdate> {
        AsyncStream { continuation in
            let task = Task {
                var failures: [LocationError] = []
                for provider in providers {
                    var delivered = false
                    for await update in provider.updates() {
                        if Task.isCancelled { break }
                        switch update {
                        case .fix:
                            delivered = true
                            continuation.yield(update)
                        case .diagnostic(.failed(let error)) where !delivered:
                            failures.append(error)
                        default:
                            continuation.yield(update)
                        }
                    }
                    if delivered || Task.isCancelled { break }
                    if let last = failures.last, last.endsTheChain { break }
                }
                if !failures.isEmpty, failures.count == providers.count || failures.last?.endsTheChain == true {
                    continuation.yield(.diagnostic(.failed(failures.count == 1 ? failures[0] : .allSourcesFailed(failures))))
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

extension LocationError {
    /// A permission answer: not a reason to try the next source. Only a
    /// policy that forbids one source (`"sources": {"ip": false}`) leaves
    /// the others to be asked.
    var endsTheChain: Bool {
        switch self {
        case .notDetermined, .denied: true
        case .restricted(.policyFile, let source): source == nil
        case .restricted: true
        default: false
        }
    }
}
