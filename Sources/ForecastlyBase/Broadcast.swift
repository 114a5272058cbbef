/// Fans one value sequence out to any number of `AsyncStream` subscribers,
/// each starting with the current value. Kept inside an actor (it is not
/// synchronised itself): `LocationAuthorization` and the forecast view model
/// both publish their states through it.
public struct Broadcast<Element: Sendable>: Sendable {
    private var continuations: [Int: AsyncStream<Element>.Continuation] = [:]
    private var nextID = 0

    public init() {}

    /// A new subscriber's stream. `onEnd` receives the id to pass to
    /// `remove(_:)` when the subscriber stops listening.
    public mutating func subscribe(current: Element, onEnd: @escaping @Sendable (Int) -> Void) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: .unbounded)
        let id = nextID
        nextID += 1
        continuations[id] = continuation
        continuation.yield(current)
        continuation.onTermination = { _ in onEnd(id) }
        return stream
    }

    public mutating func remove(_ id: Int) { continuations[id] = nil }

    public func send(_ value: Element) {
        for continuation in continuations.values { continuation.yield(value) }
    }

    public mutating func finish() {
        for continuation in continuations.values { continuation.finish() }
        continuations.removeAll()
    }
}
