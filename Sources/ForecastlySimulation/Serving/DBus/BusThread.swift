import CDBus
import Foundation
import Synchronization

/// A D-Bus service's thread: it connects, owns its name, then answers calls
/// and does what the story sent it (`send`) until stopped. An sd-bus
/// connection belongs to the thread that uses it, so everything that
/// touches the bus happens here.
final class BusThread: Sendable {
    let connection: BusConnection
    private let outbox = Mutex<[@Sendable (BusConnection) -> Void]>([])
    private let running = Atomic<Bool>(true)
    private let exited = Mutex<(done: Bool, waiting: CheckedContinuation<Void, Never>?)>((false, nil))

    init(calls: UnsafePointer<forecastly_sdbus_service>) {
        connection = BusConnection(calls: calls)
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
                        connection.processAll()
                        for work in outbox.withLock({ work in defer { work = [] }; return work }) { work(connection) }
                        connection.wait(microseconds: 20_000)
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

    /// `work`, on the bus thread at its next turn (within 20 ms).
    func send(_ work: @escaping @Sendable (BusConnection) -> Void) {
        outbox.withLock { $0.append(work) }
    }

    /// Stops serving; returns when the thread has closed the connection.
    func stop() async {
        running.store(false, ordering: .relaxed)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = exited.withLock { state -> Bool in
                if !state.done { state.waiting = continuation }
                return state.done
            }
            if done { continuation.resume() }
        }
    }
}
