import Dispatch
import Synchronization

/// The executor a scenario runs the product on: its tasks, one job at a
/// time, on a queue of their own, counted. When no job is queued or
/// running, every task the product started has finished or is suspended,
/// and in a scenario a suspended task waits for something only the story
/// brings (the virtual clock, a fix, an answer, a permission change). That
/// is the product's idle signal (`idle()`): the runner waits for it after
/// each event instead of for time to pass, so a transcript depends on the
/// story alone, not on how busy the machine is.
///
/// A job is counted the moment it is enqueued, so a task that was woken
/// but not yet scheduled is busy, not idle.
final class ProductExecutor: TaskExecutor, Sendable {
    private let queue = DispatchQueue(label: "forecastly.simulation.product")
    private let state = Mutex<(pending: Int, waiting: [CheckedContinuation<Void, Never>])>((0, []))

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        state.withLock { $0.pending += 1 }
        queue.async {
            job.runSynchronously(on: self.asUnownedTaskExecutor())
            let idle = self.state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.pending -= 1
                guard state.pending == 0 else { return [] }
                defer { state.waiting = [] }
                return state.waiting
            }
            for waiter in idle { waiter.resume() }
        }
    }

    /// Returns when no job of the product is queued or running. Called by
    /// the runner's own job on this executor: that job counts until it
    /// suspends here, and ends the wait only when everything else has run.
    func idle() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                guard state.pending > 0 else { return true }
                state.waiting.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }
}
