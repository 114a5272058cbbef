import ArgumentParser
import ForecastlyBase

/// A duration typed as "90s", "15m", "1h30m", "2d" or plain seconds ("900").
struct DurationOption: ExpressibleByArgument, Sendable, Equatable, CustomStringConvertible {
    let seconds: Double

    init(seconds: Double) { self.seconds = seconds }

    /// As typed ("10m"); ArgumentParser's default interpolates through reflection.
    var defaultValueDescription: String { description }

    init?(argument: String) {
        guard let seconds = DurationText.seconds(argument) else { return nil }
        self.seconds = seconds
    }

    var description: String {
        let whole = Int(seconds)
        if whole % 3600 == 0, whole > 0 { return "\(whole / 3600)h" }
        if whole % 60 == 0, whole > 0 { return "\(whole / 60)m" }
        return "\(whole)s"
    }

    var duration: Duration { .milliseconds(Int64(seconds * 1000)) }
}
