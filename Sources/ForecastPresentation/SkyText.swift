public import ForecastCore
public import Foundation

/// The sky's words: "Dawn 06:38", "Day 8 h 52 min (-2 min 41 s)",
/// "🌔 Waxing gibbous 82%", "Moonrise 14:02".
public enum SkyText {
    /// The Sun's parts, then the Moon's. The report's "Today" line has the
    /// sunrise and sunset already; `forecastly sky` asks for them here.
    public static func parts(_ day: SkyDay, yesterday: SkyDay?, clock: PlaceClock, ascii: Bool, southernHemisphere: Bool,
                             sunriseAndSunset: Bool = false) -> [String] {
        sun(day, yesterday: yesterday, clock: clock, ascii: ascii, sunriseAndSunset: sunriseAndSunset)
            + moon(day, clock: clock, ascii: ascii, southernHemisphere: southernHemisphere)
    }

    static func sun(_ day: SkyDay, yesterday: SkyDay?, clock: PlaceClock, ascii: Bool, sunriseAndSunset: Bool) -> [String] {
        var parts: [String] = []
        switch day.sun.kind {
        case .polarDay: parts.append("Polar day, the Sun up all day")
        case .polarNight: parts.append("Polar night, no sunrise")
        case .risesAndSets: break
        }
        if let dawn = day.sun.dawn { parts.append("Dawn \(clock.time(dawn))") }
        if sunriseAndSunset, let sunrise = day.sun.sunrise { parts.append("Sunrise \(clock.time(sunrise))") }
        if sunriseAndSunset, let sunset = day.sun.sunset { parts.append("Sunset \(clock.time(sunset))") }
        if let dusk = day.sun.dusk { parts.append("Dusk \(clock.time(dusk))") }
        var length = "Day \(dayLength(day.sun.dayLength))"
        if let yesterday { length += " (\(change(day.dayLengthChange(since: yesterday), ascii: ascii)))" }
        parts.append(length)
        return parts
    }

    static func moon(_ day: SkyDay, clock: PlaceClock, ascii: Bool, southernHemisphere: Bool) -> [String] {
        var parts = [moon(day.moon.phase, ascii: ascii, southernHemisphere: southernHemisphere)]
        // In the order they happen that day.
        let events = [(day.moon.moonrise, "Moonrise"), (day.moon.moonset, "Moonset")]
            .compactMap { time, word in time.map { ($0, word) } }.sorted { $0.0 < $1.0 }
        parts += events.map { "\($1) \(clock.time($0))" }
        if let up = day.moon.upAllDay { parts.append(up ? "Moon up all day" : "Moon down all day") }
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
