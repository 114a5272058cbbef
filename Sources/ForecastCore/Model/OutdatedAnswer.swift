public import Foundation

/// An answer whose "now" is far from the machine's clock: a recording
/// replayed, a service's cache gone wrong, or a machine whose clock is off (a
/// Raspberry Pi without a clock battery starts in the past until its time is
/// set). It is still shown, but never as "now".
public enum OutdatedAnswer {
    /// How far an answer's time may be from the clock, either way.
    public static let threshold: TimeInterval = 3 * 3600

    /// How far `time` is from `now` (positive: in the past), when that is
    /// beyond the threshold; nil when it is near enough to be "now".
    public static func distance(of time: Date, from now: Date) -> TimeInterval? {
        let distance = now.timeIntervalSince(time)
        return abs(distance) > threshold ? distance : nil
    }
}

extension Forecast {
    /// The time the forecast's "now" describes: its current conditions', or
    /// (a provider without them) the hour nearest the clock.
    public func describedTime(at now: Date) -> Date? {
        if let current { return current.time }
        return hourly.min { abs($0.time.timeIntervalSince(now)) < abs($1.time.timeIntervalSince(now)) }?.time
    }

    /// Whether its "now" is too far from `now` to be shown as such.
    public func isOutdated(at now: Date) -> Bool {
        describedTime(at: now).map { OutdatedAnswer.distance(of: $0, from: now) != nil } ?? false
    }
}

extension AirQuality {
    /// Whether the reading is too far from `now` to be shown as the air now.
    public func isOutdated(at now: Date) -> Bool {
        OutdatedAnswer.distance(of: time, from: now) != nil
    }
}
