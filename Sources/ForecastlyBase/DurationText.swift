/// A duration as people type it: "90s", "15m", "1h30m", "2d", "1.5h", or
/// plain seconds ("900"). The one reader of durations, for options and for
/// scenario files.
public enum DurationText {
    /// The seconds `text` says; nil when it is no such duration.
    public static func seconds(_ text: String) -> Double? {
        let text = text.trimmingWhitespace().lowercased()
        if let plain = Double(text), plain.isFinite, plain >= 0, text.allSatisfy({ $0.isNumber || $0 == "." }) { return plain }
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        var total = 0.0
        var number = ""
        var sawUnit = false
        for character in text {
            if character.isNumber || character == "." {
                number.append(character)
            } else if let unit = units[character], let value = Double(number), value.isFinite {
                total += value * unit
                number = ""
                sawUnit = true
            } else {
                return nil
            }
        }
        return sawUnit && number.isEmpty && total.isFinite ? total : nil
    }
}
