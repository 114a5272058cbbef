public import ForecastlyBase
public import Foundation

/// The sky over a place, day by day, in the place's time zone: the Sun's
/// civil dawn, rise, set and dusk, the Moon's rise and set, and its phase.
/// Rise and set are the moments the upper limb touches the horizon, with
/// the standard refraction (34′), as almanacs give them.
public enum Almanac {
    /// The Sun's centre at sunrise and sunset: 50′ below the horizon
    /// (its radius and refraction).
    static let sunriseAltitude = -0.8333
    /// Civil twilight ends with the Sun's centre 6° below the horizon.
    static let civilAltitude = -6.0

    public static func day(_ date: LocalDate, at coordinate: Coordinate, timeZone: TimeZone) -> SkyDay {
        let (start, end) = bounds(of: date, timeZone: timeZone)
        let (latitude, longitude) = (coordinate.latitude, coordinate.longitude)
        let moonAltitude = { (time: Date) -> Double in
            let moon = SkyPosition.moon(at: time)
            // The upper limb on the horizon, seen from the surface: the
            // centre's geocentric altitude is 0.7275 of the parallax less 34′.
            return SkyPosition.altitude(of: moon, latitude: latitude, longitude: longitude, at: time) - (0.7275 * moon.parallax - 0.5667)
        }
        let moon = crossings(of: moonAltitude, from: start, to: end)
        let middle = start.addingTimeInterval(end.timeIntervalSince(start) / 2)
        return SkyDay(date: date, sun: sun(date, at: coordinate, timeZone: timeZone),
                      moon: MoonDay(moonrise: moon.rising, moonset: moon.setting, phase: phase(at: middle), upAllDay: moonAltitude(middle) > 0))
    }

    /// The Sun alone on `date`: what the day before the days shown is
    /// computed for (its length, to say how the first day's changed),
    /// without the Moon's rise and set, the larger part of a day's sky.
    public static func sun(_ date: LocalDate, at coordinate: Coordinate, timeZone: TimeZone) -> SunDay {
        let (start, end) = bounds(of: date, timeZone: timeZone)
        let (latitude, longitude) = (coordinate.latitude, coordinate.longitude)
        let sunAltitude = { (time: Date) in
            SkyPosition.altitude(of: SkyPosition.sun(at: time), latitude: latitude, longitude: longitude, at: time)
        }
        let rise = crossings(of: { sunAltitude($0) - sunriseAltitude }, from: start, to: end)
        let civil = crossings(of: { sunAltitude($0) - civilAltitude }, from: start, to: end)
        let middle = start.addingTimeInterval(end.timeIntervalSince(start) / 2)
        let kind: SunDay.Kind = if rise.rising != nil || rise.setting != nil {
            .risesAndSets
        } else {
            sunAltitude(middle) > sunriseAltitude ? .polarDay : .polarNight
        }
        return SunDay(
            kind: kind, dawn: civil.rising, sunrise: rise.rising, sunset: rise.setting, dusk: civil.setting,
            dayLength: daylight(from: start, to: end, kind: kind, rise: rise))
    }

    /// The instants `date` begins and ends in the place's time zone.
    private static func bounds(of date: LocalDate, timeZone: TimeZone) -> (start: Date, end: Date) {
        (localMidnight(date, timeZone: timeZone), localMidnight(LocalDate(daysSinceEpoch: date.daysSinceEpoch + 1), timeZone: timeZone))
    }

    /// The days from `first`, one after another.
    public static func days(from first: LocalDate, count: Int, at coordinate: Coordinate, timeZone: TimeZone) -> [SkyDay] {
        (0..<max(0, count)).map { day(LocalDate(daysSinceEpoch: first.daysSinceEpoch + $0), at: coordinate, timeZone: timeZone) }
    }

    /// The Moon's phase at `date`.
    public static func phase(at date: Date) -> MoonPhase {
        let sun = SkyPosition.sun(at: date), moon = SkyPosition.moon(at: date)
        return MoonPhase(angle: (moon.eclipticLongitude - sun.eclipticLongitude).normalizedDegrees)
    }

    /// Time above the horizon between `start` and `end`: sunrise to sunset,
    /// or from the day's start or to its end when one of them is missing.
    private static func daylight(from start: Date, to end: Date, kind: SunDay.Kind, rise: Crossings) -> TimeInterval {
        switch kind {
        case .polarDay: return end.timeIntervalSince(start)
        case .polarNight: return 0
        case .risesAndSets:
            switch (rise.rising, rise.setting) {
            case (let up?, let down?) where up < down: return down.timeIntervalSince(up)
            // Set before it rose: up at midnight, down, then up again.
            case (let up?, let down?): return down.timeIntervalSince(start) + end.timeIntervalSince(up)
            case (let up?, nil): return end.timeIntervalSince(up)
            case (nil, let down?): return down.timeIntervalSince(start)
            case (nil, nil): return 0
            }
        }
    }

    struct Crossings {
        var rising: Date?
        var setting: Date?
    }

    /// The first upward and downward zero of `height` in [start, end):
    /// sampled every ten minutes, each sign change found to the second.
    static func crossings(of height: (Date) -> Double, from start: Date, to end: Date) -> Crossings {
        var result = Crossings()
        let step: TimeInterval = 600
        var time = start
        var value = height(time)
        while time < end {
            let next = min(time.addingTimeInterval(step), end)
            let nextValue = height(next)
            if (value < 0) != (nextValue < 0) {
                var (low, high) = (time, next)
                let rising = nextValue >= 0
                while high.timeIntervalSince(low) > 1 {
                    let middle = low.addingTimeInterval(high.timeIntervalSince(low) / 2)
                    if (height(middle) >= 0) == rising { high = middle } else { low = middle }
                }
                if rising, result.rising == nil { result.rising = high }
                if !rising, result.setting == nil { result.setting = high }
            }
            (time, value) = (next, nextValue)
        }
        return result
    }

    /// The instant the local date begins (a daylight-saving change moves it
    /// by an hour; a zone that skips midnight starts the day at its first hour).
    static func localMidnight(_ date: LocalDate, timeZone: TimeZone) -> Date {
        let utcMidnight = Date(timeIntervalSince1970: TimeInterval(date.daysSinceEpoch) * 86_400)
        var guess = utcMidnight.addingTimeInterval(-TimeInterval(timeZone.secondsFromGMT(for: utcMidnight)))
        guess = utcMidnight.addingTimeInterval(-TimeInterval(timeZone.secondsFromGMT(for: guess)))
        return guess
    }
}
