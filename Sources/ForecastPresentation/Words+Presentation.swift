public import ForecastCore
public import ForecastlyLocalization
public import Foundation

/// The presentation's words in the user's language: conditions, the
/// compass, the Moon's phases, days.
extension Words {
    /// "Slight snow fall", "Leichter Schneefall".
    public func condition(_ condition: WeatherCondition) -> String {
        if case .unknown(let code) = condition { return self("Unknown (code {code})", ["code": "\(code)"]) }
        return self(condition.description)
    }

    /// "15 km/h NW", "15 km/h NO".
    public func wind(_ speed: Double?, direction: Double?, unit: String) -> String {
        guard speed != nil else { return ValueFormat.missing }
        let compass = ValueFormat.compass(direction)
        let shown = self.speed(speed, unit: unit)
        return compass.isEmpty ? shown : "\(shown) \(self(compass))"
    }

    /// A speed, an amount of precipitation, a pressure, a visibility: as
    /// `ValueFormat` writes them, in this language (`measure`).
    public func speed(_ value: Double?, unit: String) -> String { measure(ValueFormat.speed(value, unit: unit), unit: unit) }
    public func precipitation(_ value: Double?, unit: String) -> String { measure(ValueFormat.precipitation(value, unit: unit), unit: unit) }
    public func pressure(_ value: Double?, unit: String) -> String { measure(ValueFormat.pressure(value, unit: unit), unit: unit) }
    public func visibility(_ value: Double?, unit: String) -> String { measure(ValueFormat.visibility(value, unit: unit), unit: unit) }

    /// "761 мм рт. ст.", "12,5 mm": a value as `ValueFormat` writes it
    /// ("761 mmHg"), its number as the locale writes it and its unit as
    /// the language does.
    public func measure(_ formatted: String, unit: String) -> String {
        guard formatted.hasSuffix(" " + unit) else { return number(formatted) }
        return number(String(formatted.dropLast(unit.count + 1))) + " " + self.unit(unit)
    }

    /// "6 s", "6秒", "53 дн 14 ч": an age in this language.
    public func age(_ seconds: TimeInterval) -> String { say(ValueFormat.age(seconds)) }

    /// "Sat 21 Nov", "Sa. 21. Nov.", "11月21日(土)".
    public func day(_ date: LocalDate) -> String { day(year: date.year, month: date.month, day: date.day) }

    /// "Sat 21", "Sa. 21.".
    public func shortDay(_ date: LocalDate) -> String { shortDay(year: date.year, month: date.month, day: date.day) }

    /// Ukrainian, Russian and Japanese have no Latin letters for
    /// an ASCII terminal to show: such a terminal gets English instead.
    public func forASCII(_ ascii: Bool) -> Words {
        guard ascii, ["uk", "ru", "ja"].contains(language.code.split(separator: "_").first.map(String.init) ?? "") else { return self }
        return .english
    }
}
