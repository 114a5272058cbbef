import ArgumentParser
import ForecastlyBase

/// A duration typed as "90s", "15m", "1h30m", "2d" or plain seconds ("900").
struct DurationOption: ExpressibleByArgument, Sendable, Equatable, CustomStringConvertible {
    let seconds: Double

    init(seconds: Double) { self.seconds = seconds }

    /// As typed ("10m"); ArgumentParser's default interpolates through reflection.
    var defaultValueDescription: String { description }

    init?(argument: String) {
        let text = argument.trimmingWhitespace().lowercased()
        if let plain = Double(text), plain.isFinite, plain >= 0, text.allSatisfy({ $0.isNumber || $0 == "." }) {
            seconds = plain
            return
        }
        var total = 0.0
        var number = ""
        var sawUnit = false
        for character in text {
            if character.isNumber || character == "." {
                number.append(character)
                continue
            }
            let unit: Double
            switch character {
            case "s": unit = 1
            case "m": unit = 60
            case "h": unit = 3600
            case "d": unit = 86_400
            default: return nil
            }
            guard let value = Double(number), value.isFinite else { return nil }
            total += value * unit
            number = ""
            sawUnit = true
        }
        guard sawUnit, number.isEmpty else { return nil }
        seconds = total
    }

    var description: String {
        let whole = Int(seconds)
        if whole % 3600 == 0, whole > 0 { return "\(whole / 3600)h" }
        if whole % 60 == 0, whole > 0 { return "\(whole / 60)m" }
        return "\(whole)s"
    }

    var duration: Duration { .milliseconds(Int64(seconds * 1000)) }
}
