/// `--source auto`: the first backend that answers, in order (gpsd, then IP,
/// then the stored place). Each is tried with its own timeout; the error
/// lists why every one failed.
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
                // A permission problem is the answer, not a reason to try the next source.
                switch error {
                case .notDetermined, .denied: throw error
                default: failures.append(error)
                }
            }
        }
        throw failures.count == 1 ? failures[0] : .allSourcesFailed(failures)
    }

    public func updates() -> AsyncStream<LocationUpdate> {
        oneShotUpdates(timeout: .seconds(10))
    }
}
