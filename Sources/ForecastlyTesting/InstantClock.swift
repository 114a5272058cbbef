import Synchronization

/// A clock on which every sleep ends at once, with its time moved to the
/// sleep's deadline: a timeout or a scripted wait is passed through in
/// order without a test waiting for it, and nothing depends on how busy
/// the machine is.
public final class InstantClock: Clock, Sendable {
    public typealias Instant = VirtualInstant

    private let current = Mutex(VirtualInstant(offset: .zero))

    public init() {}

    public var now: VirtualInstant { current.withLock { $0 } }
    public var minimumResolution: Duration { .zero }

    public func sleep(until deadline: VirtualInstant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        current.withLock { $0 = max($0, deadline) }
    }
}

/// An instant of a clock that counts from zero.
public struct VirtualInstant: InstantProtocol, Hashable, Sendable {
    public var offset: Duration

    public init(offset: Duration) { self.offset = offset }
    public func advanced(by duration: Duration) -> VirtualInstant { VirtualInstant(offset: offset + duration) }
    public func duration(to other: VirtualInstant) -> Duration { other.offset - offset }
    public static func < (lhs: VirtualInstant, rhs: VirtualInstant) -> Bool { lhs.offset < rhs.offset }
}
