public import Foundation

extension Forecast {
    /// The sky over the forecast's place for each of its days (or `count`
    /// days from its first), in its time zone; computed, never fetched.
    public func sky(days count: Int? = nil) -> [SkyDay] {
        guard let first = daily.first?.date else { return [] }
        return Almanac.days(from: first, count: count ?? daily.count, at: requestedCoordinate, timeZone: timeZone)
    }

    /// The Moon's phase at `date` (the forecast's "now" by default).
    public func moonPhase(at date: Date? = nil) -> MoonPhase? {
        guard let time = date ?? current?.time ?? hourly.first?.time else { return nil }
        return Almanac.phase(at: time)
    }

    /// South of the equator the Moon is seen the other way up.
    public var isSouthernHemisphere: Bool { requestedCoordinate.latitude < 0 }
}

extension SkyDay {
    /// How much longer (positive) or shorter this day is than `previous`.
    public func dayLengthChange(since previous: SunDay) -> TimeInterval {
        sun.dayLength - previous.dayLength
    }
}

extension WeatherCondition {
    /// The glyph, with the Moon's phase for a clear night in place of a
    /// generic moon.
    public func glyph(isDay: Bool, moon: MoonPhase?, southernHemisphere: Bool) -> String {
        let plain = glyph(isDay: isDay)
        guard !isDay, plain == "🌙", let moon else { return plain }
        return moon.glyph(southernHemisphere: southernHemisphere)
    }
}
