import Synchronization

/// The served story's time: the wall clock, `speed` times faster, that a
/// `pause` stops and a `resume` starts again. A step due at an offset
/// happens when that much story time has passed.
final class StoryTimeline: Sendable {
    private struct State {
        /// Story time passed before the current run of the clock.
        var banked: Duration = .zero
        /// When the clock last started running; nil while paused.
        var runningSince: ContinuousClock.Instant?
        /// Sleepers woken by a pause or a resume, to look again.
        var waiting: [Int: CheckedContinuation<Void, Never>] = [:]
        var next = 0
    }

    private let clock = ContinuousClock()
    private let speed: Double
    private let state: Mutex<State>

    /// `paused`: the story's clock stands until `resume`.
    init(speed: Double, paused: Bool = false) {
        self.speed = speed
        state = Mutex(State(runningSince: paused ? nil : ContinuousClock.now))
    }

    /// Story time passed so far.
    var now: Duration { state.withLock { Self.elapsed($0, at: clock.now, speed: speed) } }
    var isPaused: Bool { state.withLock { $0.runningSince == nil } }

    private static func elapsed(_ state: State, at instant: ContinuousClock.Instant, speed: Double) -> Duration {
        state.banked + (state.runningSince.map { $0.duration(to: instant) * speed } ?? .zero)
    }

    func pause() { change { state, now in
        state.banked = Self.elapsed(state, at: now, speed: speed)
        state.runningSince = nil
    } }

    func resume() { change { state, now in
        if state.runningSince == nil { state.runningSince = now }
    } }

    private func change(_ body: (inout State, ContinuousClock.Instant) -> Void) {
        let woken = state.withLock { state in
            body(&state, clock.now)
            defer { state.waiting = [:] }
            return Array(state.waiting.values)
        }
        for continuation in woken { continuation.resume() }
    }

    /// Returns when `offset` of story time has passed (or the task is cancelled).
    func sleep(until offset: Duration) async throws {
        while true {
            try Task.checkCancellation()
            let (remaining, id) = state.withLock { state -> (Duration?, Int) in
                defer { state.next += 1 }
                let remaining = state.runningSince == nil ? nil : (offset - Self.elapsed(state, at: clock.now, speed: speed)) / speed
                return (remaining, state.next)
            }
            if let remaining, remaining <= .zero { return }
            // Wait for the remaining wall time, or for a pause or resume to change it.
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    await withTaskCancellationHandler {
                        await withCheckedContinuation { continuation in
                            // Cancelled before it could wait: the handler found nothing to resume.
                            let cancelled = self.state.withLock { state -> Bool in
                                if Task.isCancelled { return true }
                                state.waiting[id] = continuation
                                return false
                            }
                            if cancelled { continuation.resume() }
                        }
                    } onCancel: {
                        self.state.withLock { $0.waiting.removeValue(forKey: id) }?.resume()
                    }
                }
                if let remaining {
                    group.addTask { try? await self.clock.sleep(for: remaining) }
                }
                await group.next()
                group.cancelAll()
                // The waiter, if the clock ended the wait, is released here.
                self.state.withLock { $0.waiting.removeValue(forKey: id) }?.resume()
            }
        }
    }
}
