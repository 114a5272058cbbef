public import Foundation

// Waiting for a child process, or for the end of its output, without holding
// a thread of Swift's cooperative pool. The pool has one thread per core: on
// a 2-core machine, two tests blocked in waitUntilExit() or
// readDataToEndOfFile() stall every other test's async work, and a request
// to a loopback stub then runs out of time (seen in CI).

extension Process {
    /// The exit status, once the process has ended. Polled: Foundation sets
    /// `isRunning` when it reaps the child, whenever that was.
    public func ended() async -> Int32 {
        while isRunning { try? await Task.sleep(for: .milliseconds(5)) }
        return terminationStatus
    }
}

extension FileHandle {
    /// Everything until the end of the file or pipe, read outside the cooperative pool.
    public func dataUntilEnd() async -> Data {
        await offThePool { self.readDataToEndOfFile() }
    }
}

/// `work`'s result, with `work` run on a Dispatch thread: blocking reads and
/// seconds of building hold no thread of the cooperative pool meanwhile.
public func offThePool<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(returning: work()) }
    }
}
