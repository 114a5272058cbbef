import Synchronization

/// A clock whose time moves only when told (`advance(to:)`): a scenario's
/// hours of watching pass in an instant, and every refresh due meanwhile
/// happens in order. A simulation is a product feature
/// (`forecastly simulate`), so its clock is here rather than borrowed from
/// a test library.
public final class VirtualClock: Clock, Sendable {
    public struct Instant: InstantProtocol, Hashable, Sendable {
        /// Since the clock was made.
        public var offset: Duration

        public init(offset: Duration) { self.offset = offset }
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        var id: Int
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private let state = Mutex<(now: Instant, sleepers: [Sleeper], nextID: Int)>((Instant(offset: .zero), [], 0))

    public init() {}

    public var now: Instant { state.withLock { $0.now } }
    public var minimumResolution: Duration { .zero }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let due = state.withLock { state in
                    guard state.now < deadline else { return true }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return false
                }
                if due { continuation.resume() }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time to `deadline`, waking each sleeper due on the way at its
    /// own time, earliest first. After each, `settle` is awaited, so that
    /// what the sleeper does happens at its time and before time moves on
    /// (a scenario waits for its product's idle signal).
    public func advance(to deadline: Instant, settle: () async -> Void) async {
        while true {
            let next = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.indices.min(by: { state.sleepers[$0].deadline < state.sleepers[$1].deadline }),
                      state.sleepers[index].deadline <= deadline else {
                    state.now = max(state.now, deadline)
                    return nil
                }
                let sleeper = state.sleepers.remove(at: index)
                state.now = max(state.now, sleeper.deadline)
                return sleeper
            }
            guard let next else { return }
            next.continuation.resume()
            await settle()
        }
    }

    /// Moves time forward by `duration`.
    public func advance(by duration: Duration, settle: () async -> Void) async {
        await advance(to: now.advanced(by: duration), settle: settle)
    }
}
