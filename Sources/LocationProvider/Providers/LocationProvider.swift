public import ForecastlyBase
/// A way to find where the user is. Backends: gpsd, IP geolocation, the
/// stored or typed place, and `SimulatedLocationProvider` for tests.
///
/// Implementations do no permission checks of their own;
/// `AuthorizedLocationProvider` wraps them so nothing leaves the machine
/// unless the user allowed it.
public protocol LocationProvider: Sendable {
    var kind: LocationSourceKind { get }

    /// One fix, or an error, within `timeout`.
    func currentLocation(timeout: Duration) async throws(LocationError) -> LocationFix

    /// Fixes and diagnostics as they happen, until the consumer stops.
    func updates() -> AsyncStream<LocationUpdate>
}

/// What a live location stream reports, in the manner of Core Location's
/// live updates: fixes, and why there is no (good) fix right now.
public enum LocationUpdate: Sendable, Hashable {
    case fix(LocationFix)
    case diagnostic(LocationDiagnostic)
}

public enum LocationDiagnostic: Sendable, Hashable {
    case authorizationDenied
    case authorizationRestricted
    case authorizationRequestInProgress
    /// Transient: the consumer should keep waiting.
    case locationUnavailable(reason: String)
    case accuracyLimited
    /// Satellites seen and used while waiting for a GPS fix.
    case searching(satellitesVisible: Int, satellitesUsed: Int)
    /// The last fix is older than the staleness limit.
    case fixStale(ageSeconds: Double)
    /// The source failed for good; the stream ends after this.
    case failed(LocationError)
}

extension LocationProvider {
    /// `updates()` for a source that answers once (an IP address does not
    /// move while watching): one fix or one failure, then the stream ends.
    public func oneShotUpdates(timeout: Duration) -> AsyncStream<LocationUpdate> {
        AsyncStream { continuation in
            let task = Task.placed {
                do throws(LocationError) {
                    continuation.yield(.fix(try await currentLocation(timeout: timeout)))
                } catch {
                    continuation.yield(.diagnostic(.failed(error)))
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
