import ForecastlyBase
import Foundation
import LocationProvider
import Synchronization

/// One location source of a scenario (gpsd, GeoClue or the IP service): it
/// delivers what the timeline says, to whoever is listening, and records
/// when it runs, so the transcript can prove it never ran without
/// permission. When a listener starts it is told the current position at
/// once, as a receiver with a fix would.
final class ScenarioLocationSource: LocationProvider, Sendable {
    private struct State {
        var listener: AsyncStream<LocationUpdate>.Continuation?
        var starts = 0
        var current: LocationFix?
    }

    private let state = Mutex(State())
    let kind: LocationSourceKind

    init(kind: LocationSourceKind) {
        self.kind = kind
    }

    /// Whether something is being located right now.
    var isRunning: Bool { state.withLock { $0.listener != nil } }
    /// How many times locating started.
    var starts: Int { state.withLock { $0.starts } }

    func currentLocation(timeout: Duration) async throws(LocationError) -> LocationFix {
        state.withLock { $0.starts += 1 }
        guard let fix = state.withLock({ $0.current }) else { throw .noFix(timeoutSeconds: timeout.inSeconds, satellitesSeen: nil, satellitesUsed: nil) }
        return fix
    }

    func updates() -> AsyncStream<LocationUpdate> {
        let (stream, continuation) = AsyncStream<LocationUpdate>.makeStream()
        let current = state.withLock { state in
            state.listener?.finish()
            state.listener = continuation
            state.starts += 1
            return state.current
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { state in state.listener = nil }
        }
        if let current { continuation.yield(.fix(current)) }
        return stream
    }

    func deliver(_ change: Scenario.LocationChange, at time: Date) {
        let update: LocationUpdate
        switch change {
        case .fix(let latitude, let longitude, let accuracy):
            guard let coordinate = try? Coordinate(latitude: latitude, longitude: longitude) else { return }
            let fix = LocationFix(coordinate: coordinate, accuracyMeters: accuracy, source: kind, timestamp: time)
            state.withLock { $0.current = fix }
            update = .fix(fix)
        case .searching(let visible, let used):
            update = .diagnostic(.searching(satellitesVisible: visible, satellitesUsed: used))
        case .lost:
            state.withLock { $0.current = nil }
            update = .diagnostic(.locationUnavailable(reason: "the receiver lost its fix"))
        case .failure:
            state.withLock { $0.current = nil }
            update = .diagnostic(.locationUnavailable(reason: "the receiver failed"))
        }
        _ = state.withLock { $0.listener }?.yield(update)
    }
}
