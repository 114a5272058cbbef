public import ForecastCore
public import ForecastlyLocalization

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
        return compass.isEmpty ? ValueFormat.speed(speed, unit: unit) : "\(ValueFormat.speed(speed, unit: unit)) \(self(compass))"
    }

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
