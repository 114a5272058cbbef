@testable import ForecastCore
import ForecastlyBase
@testable import ForecastProviders
import ForecastSamples
import Foundation
import Testing

/// Sunrise and sunset worked out locally, for providers that send none.
@Suite struct DaylightTests {
    /// Open-Meteo's own sunrise and sunset in the recorded Zagreb answer:
    /// the local calculation agrees to within 2 minutes (Open-Meteo gives
    /// whole minutes).
    @Test func agreesWithOpenMeteoWithinTwoMinutes() throws {
        let forecast = try Sample.decode("forecast_current_hourly_daily_zagreb.json")
        #expect(forecast.daily.count == 2)
        for day in forecast.daily {
            let sunrise = try #require(day.sunrise), sunset = try #require(day.sunset)
            let daylight = Daylight(on: day.date, at: forecast.coordinate, in: forecast.timeZone)
            let computedRise = try #require(daylight.sunrise), computedSet = try #require(daylight.sunset)
            #expect(abs(computedRise.timeIntervalSince(sunrise)) <= 120, "\(day.date) sunrise \(computedRise) vs \(sunrise)")
            #expect(abs(computedSet.timeIntervalSince(sunset)) <= 120, "\(day.date) sunset \(computedSet) vs \(sunset)")
        }
    }

    @Test func tromsoHasPolarNightInDecemberAndMidnightSunInJune() throws {
        let tromso = try Coordinate(latitude: 69.65, longitude: 18.96)
        let oslo = try #require(TimeZone(identifier: "Europe/Oslo"))
        #expect(Daylight(on: try #require(LocalDate(year: 2026, month: 12, day: 21)), at: tromso, in: oslo) == .none)
        #expect(Daylight(on: try #require(LocalDate(year: 2026, month: 6, day: 21)), at: tromso, in: oslo) == .allDay)
        // The same latitude south of the equator has the seasons the other way round.
        let south = try Coordinate(latitude: -69.65, longitude: 18.96)
        #expect(Daylight(on: try #require(LocalDate(year: 2026, month: 12, day: 21)), at: south, in: .gmt) == .allDay)
    }

    /// At the equator on an equinox a day is twelve hours and a few minutes
    /// (refraction and the sun's radius), and solar noon on the prime
    /// meridian is within the equation of time (±17 min) of 12:00 UTC.
    @Test func equatorAtTheEquinox() throws {
        let daylight = Daylight(on: try #require(LocalDate(year: 2026, month: 3, day: 20)), at: try Coordinate(latitude: 0, longitude: 0), in: .gmt)
        let sunrise = try #require(daylight.sunrise), sunset = try #require(daylight.sunset)
        let length: TimeInterval = sunset.timeIntervalSince(sunrise)
        let twelveHoursAndAFew: ClosedRange<TimeInterval> = 43_440...43_800  // 12 h 4 min to 12 h 10 min
        #expect(twelveHoursAndAFew.contains(length), "\(length / 60) minutes")
        let noon = sunrise.addingTimeInterval(length / 2).timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400)
        #expect(abs(noon - 43_200) < 17 * 60)
    }

    /// Either side of the date line the sunrise and sunset found are those
    /// of the local day asked for, not of the day before or after.
    @Test(arguments: [("Pacific/Kiritimati", -1.87, -157.4), ("Pacific/Pago_Pago", -14.28, -170.7),
                      ("Pacific/Tongatapu", -21.14, -175.2), ("Asia/Kamchatka", 53.0, 158.65)])
    func eventsFallOnTheLocalDayAskedFor(zone: String, latitude: Double, longitude: Double) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        for day in [1, 15, 28] {
            let date = try #require(LocalDate(year: 2026, month: 11, day: day))
            let daylight = Daylight(on: date, at: try Coordinate(latitude: latitude, longitude: longitude), in: timeZone)
            for event in [daylight.sunrise, daylight.sunset] {
                let local = calendar.dateComponents([.year, .month, .day], from: try #require(event))
                #expect([local.year, local.month, local.day] == [2026, 11, day], "\(zone) \(date)")
            }
        }
    }
}
