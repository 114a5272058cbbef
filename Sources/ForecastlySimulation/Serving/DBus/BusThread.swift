import CDBus
import Foundation
import Synchronization

/// A D-Bus service's thread: it connects, owns its name, then answers calls
/// and does what the story sent it (`send`) until stopped. An sd-bus
/// connection belongs to the thread that uses it, so everything that
/// touches the bus happens here. It sleeps in `poll` on the bus and on a
/// pipe that `send` and `stop` write to, so the story's news goes out at
/// once, not at the thread's next turn.
final class BusThread: Sendable {
    let connection: BusConnection
    private let outbox = Mutex<[@Sendable (BusConnection) -> Void]>([])
    private let running = Atomic<Bool>(true)
    private let exited = Mutex<(done: Bool, waiting: CheckedContinuation<Void, Never>?)>((false, nil))
    /// A pipe whose read end is readable while there is news for the thread.
    private let wakeUp: (read: Int32, write: Int32)

    init(calls: UnsafePointer<forecastly_sdbus_service>) {
        connection = BusConnection(calls: calls)
        var ends: [Int32] = [-1, -1]
        _ = pipe(&ends)
        for end in ends {
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        wakeUp = (ends[0], ends[1])
    }

    deinit {
        close(wakeUp.read)
        close(wakeUp.write)
    }

    private func wake() {
        var byte: UInt8 = 1
        _ = write(wakeUp.write, &byte, 1)
    }

    private func drainWakeUps() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(wakeUp.read, &bytes, bytes.count) > 0 {}
    }

    /// Connects to `address` as `name`, runs `ready` on the thread, then
    /// serves; nil, or why it could not connect. `context` is what `handler` is given.
    func start(
        address: String, name: String, context: UnsafeMutableRawPointer,
        handler: @escaping @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?, OpaquePointer?,
                                            UnsafeMutablePointer<sd_bus_error>?) -> Int32,
        ready: @escaping @Sendable (BusConnection) -> Void
    ) async -> String? {
        // The context is the service object, which outlives its thread; carried as a number across to it.
        let contextAddress = UInt(bitPattern: context)
        return await withCheckedContinuation { (continuation: CheckedContinuation<String?, Never>) in
            let thread = Thread { [self] in
                let context = UnsafeMutableRawPointer(bitPattern: contextAddress)!
                let failure = connection.connect(address: address, name: name, context: context, handler: handler)
                continuation.resume(returning: failure)
                if failure == nil {
                    ready(connection)
                    while running.load(ordering: .relaxed) {
                        drainWakeUps()
                        connection.processAll()
                        for work in outbox.withLock({ work in defer { work = [] }; return work }) { work(connection) }
                        connection.processAll()
                        connection.wait(orUntilReadable: wakeUp.read)
                    }
                }
                connection.close()
                let waiting = exited.withLock { state -> CheckedContinuation<Void, Never>? in
                    state.done = true
                    defer { state.waiting = nil }
                    return state.waiting
                }
                waiting?.resume()
            }
            thread.name = "forecastly \(name)"
            thread.start()
        }
    }

    /// `work`, on the bus thread, woken for it.
    func send(_ work: @escaping @Sendable (BusConnection) -> Void) {
        outbox.withLock { $0.append(work) }
        wake()
    }

    /// Stops serving; returns when the thread has closed the connection.
    func stop() async {
        running.store(false, ordering: .relaxed)
        wake()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = exited.withLock { state -> Bool in
                if !state.done { state.waiting = continuation }
                return state.done
            }
            if done { continuation.resume() }
        }
    }
}
