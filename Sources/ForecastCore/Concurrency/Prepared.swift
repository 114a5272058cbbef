public import Dispatch
import Synchronization

/// A value worked out on another thread from the moment it is made, for
/// whoever needs it later: start-up work that does not depend on a
/// program's arguments can run this way while its main thread parses them.
public final class Prepared<Value: Sendable>: Sendable {
    private let done = DispatchGroup()
    private let slot = Mutex<Slot>(.pending)

    private enum Slot {
        case pending
        case ready(Value)
        case taken
    }

    /// Starts `work` on `queue` at once.
    public init(on queue: DispatchQueue, _ work: @escaping @Sendable () -> Value) {
        done.enter()
        queue.async { [self] in
            let value = work()
            slot.withLock { $0 = .ready(value) }
            done.leave()
        }
    }

    /// Waits for the value and hands it over; nil once it was taken, so a
    /// resource with a single owner (a transport that is shut down after
    /// use) is never given out twice.
    public func take() -> Value? {
        done.wait()
        return slot.withLock { slot in
            guard case .ready(let value) = slot else { return nil }
            slot = .taken
            return value
        }
    }
}
