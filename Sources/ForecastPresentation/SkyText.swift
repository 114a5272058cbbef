public import ForecastCore
public import Foundation

/// The sky's words: "Dawn 06:38", "Day 8 h 52 min (-2 min 41 s)",
/// "🌔 Waxing gibbous 82%", "Moonrise 14:02".
public enum SkyText {
    public static func parts(_ day: SkyDay, yesterday: SkyDay?, clock: PlaceClock, ascii: Bool, southernHemisphere: Bool) -> [String] {
        var parts: [String] = []
        switch day.sun.kind {
        case .polarDay: parts.append("Polar day, the Sun up all day")
        case .polarNight: parts.append("Polar night, no sunrise")
        case .risesAndSets: break
        }
        if let dawn = day.sun.dawn { parts.append("Dawn \(clock.time(dawn))") }
        if let dusk = day.sun.dusk { parts.append("Dusk \(clock.time(dusk))") }
        var length = "Day \(dayLength(day.sun.dayLength))"
        if let yesterday { length += " (\(change(day.dayLengthChange(since: yesterday), ascii: ascii)))" }
        parts.append(length)
        parts.append(moon(day.moon.phase, ascii: ascii, southernHemisphere: southernHemisphere))
        if let rise = day.moon.moonrise { parts.append("Moonrise \(clock.time(rise))") }
        if let set = day.moon.moonset { parts.append("Moonset \(clock.time(set))") }
        return parts
    }

    /// "🌔 Waxing gibbous 82%"; in ASCII without the glyph.
    public static func moon(_ phase: MoonPhase, ascii: Bool, southernHemisphere: Bool) -> String {
        let words = "\(phase.name.words) \(Int((phase.illumination * 100).rounded()))%"
        return ascii ? words : "\(phase.glyph(southernHemisphere: southernHemisphere)) \(words)"
    }

    /// "8 h 52 min", "24 h", "0 min".
    public static func dayLength(_ seconds: TimeInterval) -> String {
        let minutes = Int((seconds / 60).rounded())
        let (hours, rest) = (minutes / 60, minutes % 60)
        if hours == 0 { return "\(rest) min" }
        return rest == 0 ? "\(hours) h" : "\(hours) h \(rest) min"
    }

    /// "+2 min 41 s", "-1 min 5 s", "+12 s", "±0 s" (the minus as the
    /// temperatures write it).
    public static func change(_ seconds: TimeInterval, ascii: Bool) -> String {
        let total = Int(seconds.rounded())
        let sign = total > 0 ? "+" : total < 0 ? "-" : (ascii ? "+" : "±")
        let magnitude = abs(total)
        let (minutes, rest) = (magnitude / 60, magnitude % 60)
        if minutes == 0 { return "\(sign)\(rest) s" }
        return rest == 0 ? "\(sign)\(minutes) min" : "\(sign)\(minutes) min \(rest) s"
    }
}

/// Today against yesterday in words: "3°C warmer than yesterday at this hour".
public enum YesterdayText {
    public static func difference(_ value: Double, unit: String, than what: String) -> String {
        let rounded = Int(value.rounded())
        if rounded == 0 { return "as warm as \(what)" }
        return "\(abs(rounded))\(unit) \(rounded > 0 ? "warmer" : "cooler") than \(what)"
    }

    /// "+3°C", "-2°F", "±0°C": for a status bar.
    public static func signed(_ value: Double, unit: String, ascii: Bool) -> String {
        let rounded = Int(value.rounded())
        let sign = rounded > 0 ? "+" : rounded < 0 ? "-" : (ascii ? "+" : "±")
        return "\(sign)\(abs(rounded))\(unit)"
    }
}
