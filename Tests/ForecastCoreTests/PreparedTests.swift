import Dispatch
import ForecastCore
import Synchronization
import Testing

/// `Prepared`: work that starts when it is made and is handed over once.
@Suite struct PreparedTests {
    static let queue = DispatchQueue(label: "prepared-tests")

    @Test func theWorkStartsWithoutAnyoneAskingForIt() {
        let started = DispatchSemaphore(value: 0)
        let prepared = Prepared(on: Self.queue) { started.signal(); return 42 }
        // Nothing has called take(): the work must run on its own.
        #expect(started.wait(timeout: .now() + 10) == .success)
        #expect(prepared.take() == 42)
    }

    @Test func takeWaitsForWorkThatIsStillRunning() {
        let release = DispatchSemaphore(value: 0)
        let finished = Mutex(false)
        let prepared = Prepared(on: Self.queue) { () -> String in
            release.wait()
            finished.withLock { $0 = true }
            return "ready"
        }
        // Let the work finish only a moment after take() has begun waiting.
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) { release.signal() }
        #expect(prepared.take() == "ready")
        #expect(finished.withLock { $0 })
    }

    @Test func theValueIsHandedOverOnce() {
        let prepared = Prepared(on: Self.queue) { [1, 2, 3] }
        #expect(prepared.take() == [1, 2, 3])
        #expect(prepared.take() == nil)
        #expect(prepared.take() == nil)
    }

    @Test func workOnOneQueueRunsInTheOrderItWasMade() {
        let order = Mutex<[String]>([])
        let first = Prepared(on: Self.queue) { order.withLock { $0.append("store") }; return 1 }
        let second = Prepared(on: Self.queue) { order.withLock { $0.append("transport") }; return 2 }
        #expect(second.take() == 2)
        #expect(first.take() == 1)
        #expect(order.withLock { $0 } == ["store", "transport"])
    }
}
