import ForecastCore
import ForecastlyBase
import ForecastSamples
import Foundation
import Testing
import TestSupport

/// The limits of the physical world, in the units an answer carries.
@Suite struct PhysicalLimitsTests {
    static func sample() throws -> Forecast { try Sample.decode("forecast_current_hourly_daily_zagreb.json") }

    @Test func aRecordedForecastIsWithinTheLimits() throws {
        try PhysicalLimits.check(try Self.sample())
    }

    /// Each kind of value, just inside and just outside, and not a number at all.
    @Test func eachFieldIsNamed() throws {
        var forecast = try Self.sample()
        forecast.current?.temperature = 56.7  // Death Valley: allowed
        try PhysicalLimits.check(forecast)
        for (value, field) in [(70.1, "current.temperature"), (-100.1, "current.temperature"), (Double.nan, "current.temperature"),
                               (Double.infinity, "current.temperature")] {
            var bad = try Self.sample()
            bad.current?.temperature = value
            #expect(throws: PhysicalLimits.Violation.self) { try PhysicalLimits.check(bad) }
            do { try PhysicalLimits.check(bad) } catch { #expect(error.field == field) }
        }
        var humid = try Self.sample()
        humid.current?.relativeHumidity = 101
        do { try PhysicalLimits.check(humid); Issue.record("101 % humidity") } catch { #expect(error.field == "current.humidity") }
        var windy = try Self.sample()
        windy.hourly[5].windSpeed = 600
        do { try PhysicalLimits.check(windy); Issue.record("600 km/h") } catch { #expect(error.field == "hourly[5].windSpeed") }
        var wet = try Self.sample()
        wet.daily[1].precipitationSum = -1
        do { try PhysicalLimits.check(wet); Issue.record("-1 mm") } catch { #expect(error.field == "daily[1].precipitationSum") }
        var late = try Self.sample()
        late.hourly[0].time = Date(timeIntervalSince1970: 1e12)
        do { try PhysicalLimits.check(late); Issue.record("the year 33658") } catch { #expect(error.field == "hourly[0].time") }
        var high = try Self.sample()
        high.elevation = 12_000
        do { try PhysicalLimits.check(high); Issue.record("12 km up") } catch { #expect(error.field == "elevation") }
    }

    /// Pressure, dew point, cloud cover and visibility have bounds of their
    /// own, and the past hours and yesterday are checked as the forecast is.
    @Test func theNewQuantitiesAndThePastHaveBounds() throws {
        var forecast = try Self.sample()
        forecast.current?.pressure = 1013
        forecast.current?.visibility = 24_140
        forecast.current?.cloudCover = 100
        forecast.current?.dewPoint = -3
        try PhysicalLimits.check(forecast)
        let cases: [(String, (inout Forecast) -> Void)] = [
            ("current.pressure", { $0.current?.pressure = 10_130 }),        // Pa, not hPa
            ("current.pressure", { $0.current?.pressure = 760 }),
            ("current.dewPoint", { $0.current?.dewPoint = 150 }),
            ("current.cloudCover", { $0.current?.cloudCover = 101 }),
            ("current.visibility", { $0.current?.visibility = -1 }),
            ("hourly[2].pressure", { $0.hourly[2].pressure = .infinity }),
            ("past.hourly[0].temperature", { $0.past = PastWeather(hours: [HourlyForecast(time: $0.hourly[0].time, temperature: 90)], yesterday: nil) }),
            ("yesterday.temperatureMax", { $0.past = PastWeather(hours: [], yesterday: DailyForecast(date: $0.daily[0].date, temperatureMax: -120)) }),
        ]
        for (field, spoil) in cases {
            var bad = forecast
            spoil(&bad)
            do { try PhysicalLimits.check(bad); Issue.record("\(field) passed") } catch { #expect(error.field == field) }
        }
        // In inHg and miles, as a converted forecast carries them.
        var shown = forecast.converted(to: UnitSystem.imperial.units)
        try PhysicalLimits.check(shown)
        shown.current?.pressure = 29.92 * 1.2
        do { try PhysicalLimits.check(shown); Issue.record("35.9 inHg") } catch { #expect(error.field == "current.pressure") }
    }

    /// °F, mph and inches are converted before they are compared.
    @Test func imperialUnitsAreConverted() throws {
        var forecast = try Self.sample()
        forecast.units = ForecastUnits(UnitSystem.imperial.units)
        forecast.current?.temperature = 134  // 56.7 °C
        forecast.current?.windSpeed = 250  // 402 km/h
        forecast.daily[0].precipitationSum = 70  // 1,778 mm
        for index in forecast.daily.indices {
            forecast.daily[index].temperatureMax = forecast.daily[index].temperatureMax.map { $0 * 9 / 5 + 32 }
            forecast.daily[index].temperatureMin = forecast.daily[index].temperatureMin.map { $0 * 9 / 5 + 32 }
        }
        for index in forecast.hourly.indices { forecast.hourly[index].temperature = forecast.hourly[index].temperature.map { $0 * 9 / 5 + 32 } }
        let apparent = forecast.current?.apparentTemperature
        forecast.current?.apparentTemperature = apparent.map { $0 * 9 / 5 + 32 }
        try PhysicalLimits.check(forecast)
        forecast.current?.temperature = 160  // 71 °C
        do { try PhysicalLimits.check(forecast); Issue.record("160 °F") } catch { #expect(error.field == "current.temperature") }
    }

    /// A provider's reader refuses it as bad data, exit 65.
    @Test func aReaderRefusesItAsBadData() throws {
        let text = try String(contentsOf: Fixtures.url("open-meteo/forecast_current_hourly_daily_zagreb.json"), encoding: .utf8)
        let bad = text.replacingOccurrences(of: #""temperature_2m":12.5,"#, with: #""temperature_2m":1e300,"#)
        #expect(bad != text)
        let error = #expect(throws: ForecastError.self) { try Sample.decode(json: bad) }
        #expect(error?.exitStatus == .dataError)
        #expect(error?.userMessage.contains("current.temperature") == true, "\(error?.userMessage ?? "")")
    }
}
