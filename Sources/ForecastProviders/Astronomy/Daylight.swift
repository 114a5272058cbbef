public import ForecastCore
public import ForecastlyBase
public import Foundation

/// Sunrise and sunset for a place and a local calendar day, worked out
/// here for providers that send none (MET Norway's answer has no daily
/// values at all).
///
/// The equations are NOAA's solar calculator ones (after Meeus,
/// "Astronomical Algorithms"): the sun's declination and the equation of
/// time from the Julian century, and the hour angle at which the sun's
/// centre is 0.833° below the horizon (refraction and the sun's radius).
/// They agree with published tables to about a minute between the polar
/// circles; nearer the poles a day may have no sunrise or no sunset.
public enum Daylight: Sendable, Equatable {
    case sunriseAndSunset(sunrise: Date, sunset: Date)
    /// The sun stays above the horizon all day (midnight sun).
    case allDay
    /// The sun stays below the horizon all day (polar night).
    case none

    /// The daylight of `date`, a calendar day in `timeZone`, at `coordinate`.
    public init(on date: LocalDate, at coordinate: Coordinate, in timeZone: TimeZone) {
        // The solar noon nearest to the day's local noon: the sun's position
        // is then taken at the right instant wherever the zone puts the day.
        let localNoon = Self.localNoon(of: date, in: timeZone)
        var noon = Self.solarNoon(near: localNoon, longitude: coordinate.longitude)
        noon = Self.solarNoon(near: noon, longitude: coordinate.longitude)  // once more, at the noon found
        guard let halfDay = Self.hourAngle(at: noon, latitude: coordinate.latitude) else {
            self = Self.sunDeclination(at: noon) * coordinate.latitude > 0 ? .allDay : .none
            return
        }
        // Each event again with the sun as it is at that event's own time.
        let rise = noon.addingTimeInterval(-halfDay * 240)
        let set = noon.addingTimeInterval(halfDay * 240)
        let riseAngle = Self.hourAngle(at: rise, latitude: coordinate.latitude) ?? halfDay
        let setAngle = Self.hourAngle(at: set, latitude: coordinate.latitude) ?? halfDay
        self = .sunriseAndSunset(
            sunrise: Self.solarNoon(near: rise, longitude: coordinate.longitude).addingTimeInterval(-riseAngle * 240),
            sunset: Self.solarNoon(near: set, longitude: coordinate.longitude).addingTimeInterval(setAngle * 240))
    }

    public var sunrise: Date? {
        if case .sunriseAndSunset(let sunrise, _) = self { sunrise } else { nil }
    }

    public var sunset: Date? {
        if case .sunriseAndSunset(_, let sunset) = self { sunset } else { nil }
    }

    // MARK: - The sun's position

    /// 12:00 on `date` in `timeZone` (or the nearest instant that exists).
    static func localNoon(of date: LocalDate, in timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(year: date.year, month: date.month, day: date.day, hour: 12)
        return calendar.date(from: components)
            ?? Date(timeIntervalSince1970: Double(date.daysSinceEpoch) * 86_400 + 43_200)
    }

    /// The instant of solar noon on the UTC day nearest `instant`: noon at
    /// the longitude, less the equation of time.
    static func solarNoon(near instant: Date, longitude: Double) -> Date {
        let minutes = 720 - 4 * longitude - equationOfTime(at: instant)
        let utcMidnight = (instant.timeIntervalSince1970 / 86_400).rounded(.down) * 86_400
        var noon = utcMidnight + minutes * 60
        // Far east or west, the noon that belongs to `instant` is on the next or previous UTC day.
        while noon - instant.timeIntervalSince1970 > 43_200 { noon -= 86_400 }
        while instant.timeIntervalSince1970 - noon > 43_200 { noon += 86_400 }
        return Date(timeIntervalSince1970: noon)
    }

    /// Degrees the earth turns between solar noon and sunset; nil when the
    /// sun does not cross the horizon that day.
    static func hourAngle(at instant: Date, latitude: Double) -> Double? {
        let declination = sunDeclination(at: instant) * .pi / 180
        let phi = latitude * .pi / 180
        let cosine = (cos(90.833 * .pi / 180) - sin(phi) * sin(declination)) / (cos(phi) * cos(declination))
        guard cosine.isFinite, (-1...1).contains(cosine) else { return nil }
        return acos(cosine) * 180 / .pi
    }

    /// Julian centuries since J2000.0.
    private static func julianCentury(_ instant: Date) -> Double {
        (instant.timeIntervalSince1970 / 86_400 + 2_440_587.5 - 2_451_545) / 36_525
    }

    private struct Orbit {
        var meanLongitude: Double  // degrees
        var meanAnomaly: Double  // degrees
        var eccentricity: Double
        var obliquity: Double  // degrees, corrected
        var apparentLongitude: Double  // degrees
    }

    private static func orbit(at instant: Date) -> Orbit {
        let t = julianCentury(instant)
        let meanLongitude = (280.46646 + t * (36_000.76983 + t * 0.0003032)).truncatingRemainder(dividingBy: 360)
        let meanAnomaly = 357.52911 + t * (35_999.05029 - 0.0001537 * t)
        let eccentricity = 0.016708634 - t * (0.000042037 + 0.0000001267 * t)
        let m = meanAnomaly * .pi / 180
        let centre = sin(m) * (1.914602 - t * (0.004817 + 0.000014 * t))
            + sin(2 * m) * (0.019993 - 0.000101 * t) + sin(3 * m) * 0.000289
        let omega = (125.04 - 1934.136 * t) * .pi / 180
        let apparentLongitude = meanLongitude + centre - 0.00569 - 0.00478 * sin(omega)
        let meanObliquity = 23 + (26 + (21.448 - t * (46.815 + t * (0.00059 - t * 0.001813))) / 60) / 60
        return Orbit(meanLongitude: meanLongitude, meanAnomaly: meanAnomaly, eccentricity: eccentricity,
                     obliquity: meanObliquity + 0.00256 * cos(omega), apparentLongitude: apparentLongitude)
    }

    /// The sun's declination, in degrees.
    static func sunDeclination(at instant: Date) -> Double {
        let orbit = orbit(at: instant)
        let sine = sin(orbit.obliquity * .pi / 180) * sin(orbit.apparentLongitude * .pi / 180)
        return asin(sine) * 180 / .pi
    }

    /// Apparent minus mean solar time, in minutes.
    static func equationOfTime(at instant: Date) -> Double {
        let orbit = orbit(at: instant)
        let y = pow(tan(orbit.obliquity * .pi / 360), 2)
        let l0 = orbit.meanLongitude * .pi / 180
        let m = orbit.meanAnomaly * .pi / 180
        let e = orbit.eccentricity
        let radians = y * sin(2 * l0) - 2 * e * sin(m) + 4 * e * y * sin(m) * cos(2 * l0)
            - 0.5 * y * y * sin(4 * l0) - 1.25 * e * e * sin(2 * m)
        return 4 * radians * 180 / .pi
    }
}
