public import ForecastCore
public import ForecastlyLocalization
public import Foundation

/// The sky's words: "Dawn 06:38", "Day 8 h 52 min (-2 min 41 s)",
/// "🌔 Waxing gibbous 82%", "Moonrise 14:02".
public enum SkyText {
    /// The Sun's parts, then the Moon's. The report's "Today" line has the
    /// sunrise and sunset already; `forecastly sky` asks for them here.
    public static func parts(_ day: SkyDay, yesterday: SunDay?, clock: PlaceClock, ascii: Bool, southernHemisphere: Bool,
                             sunriseAndSunset: Bool = false, words: Words = .english) -> [String] {
        sun(day, yesterday: yesterday, clock: clock, ascii: ascii, sunriseAndSunset: sunriseAndSunset, words: words)
            + moon(day, clock: clock, ascii: ascii, southernHemisphere: southernHemisphere, words: words)
    }

    static func sun(_ day: SkyDay, yesterday: SunDay?, clock: PlaceClock, ascii: Bool, sunriseAndSunset: Bool, words: Words) -> [String] {
        var parts: [String] = []
        switch day.sun.kind {
        case .polarDay: parts.append(words("Polar day, the Sun up all day"))
        case .polarNight: parts.append(words("Polar night, no sunrise"))
        case .risesAndSets: break
        }
        if let dawn = day.sun.dawn { parts.append(words("Dawn {time}", ["time": clock.time(dawn)])) }
        if sunriseAndSunset, let sunrise = day.sun.sunrise { parts.append(words("Sunrise {time}", ["time": clock.time(sunrise)])) }
        if sunriseAndSunset, let sunset = day.sun.sunset { parts.append(words("Sunset {time}", ["time": clock.time(sunset)])) }
        if let dusk = day.sun.dusk { parts.append(words("Dusk {time}", ["time": clock.time(dusk)])) }
        var length = dayLength(day.sun.dayLength, words: words)
        if let yesterday { length += " (\(change(day.dayLengthChange(since: yesterday), ascii: ascii, words: words)))" }
        parts.append(words("Day {length}", ["length": length]))
        return parts
    }

    static func moon(_ day: SkyDay, clock: PlaceClock, ascii: Bool, southernHemisphere: Bool, words: Words) -> [String] {
        var parts = [moon(day.moon.phase, ascii: ascii, southernHemisphere: southernHemisphere, words: words)]
        // In the order they happen that day.
        let events = [(day.moon.moonrise, "Moonrise {time}"), (day.moon.moonset, "Moonset {time}")]
            .compactMap { time, message in time.map { ($0, message) } }.sorted { $0.0 < $1.0 }
        parts += events.map { words($1, ["time": clock.time($0)]) }
        if let up = day.moon.upAllDay { parts.append(words(up ? "Moon up all day" : "Moon down all day")) }
        return parts
    }

    /// "🌔 Waxing gibbous 82%"; in ASCII without the glyph.
    public static func moon(_ phase: MoonPhase, ascii: Bool, southernHemisphere: Bool, words: Words = .english) -> String {
        let text = "\(words(phase.name.words)) \(Int((phase.illumination * 100).rounded()))%"
        return ascii ? text : "\(phase.glyph(southernHemisphere: southernHemisphere)) \(text)"
    }

    /// "8 h 52 min", "24 h", "0 min".
    public static func dayLength(_ seconds: TimeInterval, words: Words = .english) -> String {
        let minutes = Int((seconds / 60).rounded())
        let (hours, rest) = (minutes / 60, minutes % 60)
        if hours == 0 { return words("{minutes} min", ["minutes": "\(rest)"]) }
        return rest == 0 ? words("{hours} h", ["hours": "\(hours)"]) : words("{hours} h {minutes} min", ["hours": "\(hours)", "minutes": "\(rest)"])
    }

    /// "+2 min 41 s", "-1 min 5 s", "+12 s", "±0 s" (the minus as the
    /// temperatures write it).
    public static func change(_ seconds: TimeInterval, ascii: Bool, words: Words = .english) -> String {
        let total = Int(seconds.rounded())
        let sign = total > 0 ? "+" : total < 0 ? "-" : (ascii ? "+" : "±")
        let magnitude = abs(total)
        let (minutes, rest) = (magnitude / 60, magnitude % 60)
        if minutes == 0 { return sign + words("{seconds} s", ["seconds": "\(rest)"]) }
        return sign + (rest == 0 ? words("{minutes} min", ["minutes": "\(minutes)"])
                                 : words("{minutes} min {seconds} s", ["minutes": "\(minutes)", "seconds": "\(rest)"]))
    }
}

/// Today against yesterday in words: "3°C warmer than yesterday at this hour".
public enum YesterdayText {
    /// Now against yesterday at this hour, or (`atThisHour` false) today's high against yesterday's.
    public static func difference(_ value: Double, unit: String, atThisHour: Bool, words: Words = .english) -> String {
        let rounded = Int(value.rounded())
        let suffix = atThisHour ? " at this hour" : ""
        if rounded == 0 { return words("as warm as yesterday" + suffix) }
        let message = "{difference} \(rounded > 0 ? "warmer" : "cooler") than yesterday" + suffix
        return words(message, ["difference": "\(abs(rounded))\(unit)"])
    }

    /// "+3°C", "-2°F", "±0°C": for a status bar.
    public static func signed(_ value: Double, unit: String, ascii: Bool) -> String {
        let rounded = Int(value.rounded())
        let sign = rounded > 0 ? "+" : rounded < 0 ? "-" : (ascii ? "+" : "±")
        return "\(sign)\(abs(rounded))\(unit)"
    }
}
