public import ForecastlySimulation
import Synchronization

/// A clock on which every sleep ends at once, with its time moved to the
/// sleep's deadline: a timeout or a scripted wait is passed through in
/// order without a test waiting for it, and nothing depends on how busy
/// the machine is.
public final class InstantClock: Clock, Sendable {
    public typealias Instant = VirtualClock.Instant

    private let current = Mutex(VirtualClock.Instant(offset: .zero))

    public init() {}

    public var now: VirtualClock.Instant { current.withLock { $0 } }
    public var minimumResolution: Duration { .zero }

    public func sleep(until deadline: VirtualClock.Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        current.withLock { $0 = max($0, deadline) }
    }
}
