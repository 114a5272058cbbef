/// How long to wait before trying again after the service failed: capped
/// exponential backoff with jitter, so many status bars coming back online
/// at once do not all ask in the same second.
public struct WatchBackoff: Sendable {
    public var initial: Duration
    public var cap: Duration
    /// A number in 0...1; the delay is scaled into its upper half by it.
    public var random: @Sendable () -> Double

    public init(initial: Duration = .seconds(15), cap: Duration = .seconds(300), random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }) {
        self.initial = initial
        self.cap = cap
        self.random = random
    }

    /// The wait after `failures` failures in a row (1 = the first failure):
    /// initial × 2^(failures-1), at most `cap`, then jittered to 50–100 %.
    public func delay(afterFailures failures: Int) -> Duration {
        let exponent = min(max(failures - 1, 0), 30)
        let full = min(initial * (1 << exponent), cap)
        let fraction = 0.5 + 0.5 * min(max(random(), 0), 1)
        return full * fraction
    }
}
