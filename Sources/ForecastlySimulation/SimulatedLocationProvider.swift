public import ForecastlyBase
public import Foundation
public import LocationProvider
import Synchronization

/// A scripted location backend for tests, previews and
/// `forecastly simulate`: fixes, waits, satellites seen and failures play
/// back in order, on an injected clock so tests need not wait.
///
/// ```swift
/// let provider = SimulatedLocationProvider(kind: .gpsd, script: [
///     .searching(visible: 7, used: 0), .wait(.seconds(2)),
///     .fix(try Coordinate(latitude: 52.52, longitude: 13.41), accuracy: 8),
/// ])
/// ```
public struct SimulatedLocationProvider: LocationProvider {
    public enum Step: Sendable, Hashable {
        case fix(Coordinate, accuracy: Double?)
        case wait(Duration)
        case searching(visible: Int, used: Int)
        case unavailable(String)
        case fail(LocationError)
    }

    public let kind: LocationSourceKind
    public let script: [Step]
    private let clock: any Clock<Duration>
    private let now: @Sendable () -> Date
    private let counter = Counter()

    public init(
        kind: LocationSourceKind = .gpsd,
        script: [Step],
        clock: any Clock<Duration> = ContinuousClock(),
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.kind = kind
        self.script = script
        self.clock = clock
        self.now = now
    }

    /// A provider that answers at once with one fix.
    public static func fixed(_ coordinate: Coordinate, kind: LocationSourceKind = .gpsd, accuracy: Double? = 5) -> SimulatedLocationProvider {
        SimulatedLocationProvider(kind: kind, script: [.fix(coordinate, accuracy: accuracy)])
    }

    /// How many times the backend was asked: the proof that a permission
    /// check stopped a request before it reached a backend.
    public var requestCount: Int { counter.value }

    public func currentLocation(timeout: Duration) async throws(LocationError) -> LocationFix {
        counter.increment()
        var waited: Duration = .zero
        var satellites: (visible: Int, used: Int)?
        for step in script {
            switch step {
            case .wait(let duration):
                if waited + duration > timeout {
                    try? await clock.sleep(for: timeout - waited)
                    throw timedOut(timeout, satellites)
                }
                try? await clock.sleep(for: duration)
                waited += duration
            case .searching(let visible, let used):
                satellites = (visible, used)
            case .unavailable:
                continue
            case .fail(let error):
                throw error
            case .fix(let coordinate, let accuracy):
                return makeFix(coordinate, accuracy: accuracy, satellites: satellites)
            }
        }
        throw timedOut(timeout, satellites)
    }

    public func updates() -> AsyncStream<LocationUpdate> {
        counter.increment()
        let script = self.script
        let clock = self.clock
        return AsyncStream { continuation in
            let task = Task.placed {
                var satellites: (visible: Int, used: Int)?
                for step in script {
                    guard !Task.isCancelled else { break }
                    switch step {
                    case .wait(let duration): try? await clock.sleep(for: duration)
                    case .searching(let visible, let used):
                        satellites = (visible, used)
                        continuation.yield(.diagnostic(.searching(satellitesVisible: visible, satellitesUsed: used)))
                    case .unavailable(let reason): continuation.yield(.diagnostic(.locationUnavailable(reason: reason)))
                    case .fail(let error): continuation.yield(.diagnostic(.failed(error)))
                    case .fix(let coordinate, let accuracy):
                        continuation.yield(.fix(makeFix(coordinate, accuracy: accuracy, satellites: satellites)))
                    }
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    private func makeFix(_ coordinate: Coordinate, accuracy: Double?, satellites: (visible: Int, used: Int)?) -> LocationFix {
        LocationFix(
            coordinate: coordinate, accuracyMeters: accuracy, source: kind, timestamp: now(),
            gps: kind == .gpsd ? GPSDetails(mode: 3, satellitesUsed: satellites?.used ?? 0, satellitesVisible: satellites?.visible ?? 0) : nil
        )
    }

    /// No fix in time, as the kind of source it stands for says it: a GPS
    /// receiver with its satellites, GeoClue, or the IP lookup (the default
    /// service's name).
    private func timedOut(_ timeout: Duration, _ satellites: (visible: Int, used: Int)?) -> LocationError {
        switch kind {
        case .gpsd, .manual: .noFix(timeoutSeconds: timeout.inSeconds, satellitesSeen: satellites?.visible, satellitesUsed: satellites?.used)
        case .geoclue: .geoclueNoFix(timeoutSeconds: timeout.inSeconds, placeholders: 0)
        case .ip: .lookupTimedOut(service: IPGeolocationProvider.defaultURL.host() ?? "ipwho.is")
        }
    }

    private final class Counter: Sendable {
        private let count = Mutex(0)
        var value: Int { count.withLock { $0 } }
        func increment() { count.withLock { $0 += 1 } }
    }
}
