@testable import ForecastCore
import ForecastlyBase
@testable import ForecastProviders
import Foundation
import Testing
import TestSupport

/// MET Norway's answers as forecasts: the recorded ones, and short series
/// made to cross a daylight-saving change or the date line.
@Suite struct MetNorwayDecodingTests {
    /// The body of a recorded answer (the `data` member of the files that
    /// were recorded with their headers).
    static func body(_ name: String) throws -> Data {
        let data = try Fixtures.data("met-norway/\(name)")
        let object = try JSONSerialization.jsonObject(with: data)
        guard let wrapped = (object as? [String: Any])?["data"] else { return data }
        return try JSONSerialization.data(withJSONObject: wrapped)
    }

    static func forecast(_ body: Data, zone: String, days: Int = 16) throws -> Forecast {
        let payload = try JSONDecoder().decode(MetNorwayPayload.self, from: body)
        let request = try ForecastRequest(coordinate: try Coordinate(latitude: 50, longitude: 10), days: days)
        return try payload.forecast(requested: request, timeZone: try #require(TimeZone(identifier: zone)))
    }

    static let recorded: [(file: String, zone: String)] = [
        ("compact_newyork_2020-07-20_wrapped-with-headers.json", "America/New_York"),
        ("complete_london_2020-07-20_wrapped-with-headers.json", "Europe/London"),
        ("complete_berlin_2022-08-02_raw.json", "Europe/Berlin"),
        ("compact_oslo_2026-02-06_snow_reformatted.json", "Europe/Oslo"),
    ]

    /// Every recorded answer, compact and complete, 2020 to 2026, becomes a
    /// forecast: hours only where MET gives hours, days in the local calendar
    /// with sunrise and sunset, nothing missing that MET sent.
    @Test(arguments: recorded)
    func everyRecordedAnswerBecomesAForecast(file: String, zone: String) throws {
        let forecast = try Self.forecast(try Self.body(file), zone: zone)
        let current = try #require(forecast.current)
        #expect(current.temperature != nil && current.weatherCode != nil && current.windSpeed != nil)
        #expect(current.apparentTemperature == nil)  // MET sends none, and none is made up
        #expect(forecast.hourly.count == ForecastRequest.hourlyHorizon)
        for (earlier, later) in zip(forecast.hourly, forecast.hourly.dropFirst()) {
            #expect(later.time.timeIntervalSince(earlier.time) == 3600)
        }
        #expect(forecast.hourly.allSatisfy { $0.weatherCode.map(WeatherCondition.init(wmoCode:))?.isKnown == true })
        #expect((8...11).contains(forecast.daily.count), "\(forecast.daily.count) days")  // about nine and a half days, from the current hour
        for day in forecast.daily {
            #expect(day.sunrise != nil && day.sunset != nil)
            let high = try #require(day.temperatureMax), low = try #require(day.temperatureMin)
            #expect(high >= low)
            #expect(day.precipitationSum.map { $0 >= 0 } ?? true)
        }
        #expect(zip(forecast.daily, forecast.daily.dropFirst()).allSatisfy { $0.date < $1.date })
    }

    /// New York in July is UTC−4: the first step, 11:00Z, is 07:00 on the
    /// 20th, and the 21st runs from 04:00Z to 04:00Z. Its extremes are those
    /// of the steps in that window, read here straight from the JSON.
    @Test func newYorksDaysFollowNewYorksClock() throws {
        let body = try Self.body("compact_newyork_2020-07-20_wrapped-with-headers.json")
        let forecast = try Self.forecast(body, zone: "America/New_York")
        #expect(forecast.daily.first?.date == LocalDate(year: 2020, month: 7, day: 20))
        let root = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        let series = try #require((root["properties"] as? [String: Any])?["timeseries"] as? [[String: Any]])
        let temperatures = series.filter { step in
            let time = step["time"] as? String ?? ""
            return time >= "2020-07-21T04:00:00Z" && time < "2020-07-22T04:00:00Z"
        }.compactMap { step in
            (((step["data"] as? [String: Any])?["instant"] as? [String: Any])?["details"] as? [String: Any])?["air_temperature"] as? Double
        }
        let day = try #require(forecast.daily.first { $0.date == LocalDate(year: 2020, month: 7, day: 21) })
        #expect(temperatures.count == 24)
        #expect(day.temperatureMax == temperatures.max())
        #expect(day.temperatureMin == temperatures.min())
    }

    // MARK: Series made for the edges

    /// A series of steps `hours` apart from `start`, each with 1 mm in its
    /// period and the given symbol; the last step has only its instant.
    static func series(start: String, steps: Int, hours: Int = 1, symbol: (Int) -> String = { _ in "cloudy" }) -> Data {
        let first = MetNorwayPayload.instant(start)!
        let period = hours == 1 ? "next_1_hours" : "next_6_hours"
        let items = (0..<steps).map { index -> String in
            let time = first.addingTimeInterval(Double(index * hours * 3600)).formatted(.iso8601)
            let details = #"{"air_temperature":\#(Double(index)),"wind_speed":10,"wind_from_direction":180,"relative_humidity":80}"#
            guard index < steps - 1 else { return #"{"time":"\#(time)","data":{"instant":{"details":\#(details)}}}"# }
            return #"{"time":"\#(time)","data":{"instant":{"details":\#(details)},"\#(period)":{"summary":{"symbol_code":"\#(symbol(index))"},"details":{"precipitation_amount":1}}}}"#
        }
        return Data(#"{"type":"Feature","geometry":{"type":"Point","coordinates":[13.4,52.5,40]},"properties":{"meta":{},"timeseries":[\#(items.joined(separator: ","))]}}"#.utf8)
    }

    /// Berlin's spring day has 23 hours and its autumn day 25: the day's
    /// precipitation counts each of its hours once.
    @Test(arguments: [("2026-03-28T23:00:00Z", "2026-03-29", 23.0), ("2026-10-24T22:00:00Z", "2026-10-25", 25.0)])
    func aDayAcrossADaylightSavingChangeHasItsOwnLength(start: String, date: String, hours: Double) throws {
        let forecast = try Self.forecast(Self.series(start: start, steps: 50), zone: "Europe/Berlin")
        let day = try #require(forecast.daily.first { $0.date == LocalDate(iso8601: date) })
        #expect(day.precipitationSum == hours)
    }

    /// The same UTC instant is tomorrow in Kiribati and yesterday in Samoa:
    /// the first day is the local one either side of the date line.
    @Test(arguments: [("Pacific/Kiritimati", "2026-11-25"), ("Pacific/Pago_Pago", "2026-11-23"), ("UTC", "2026-11-24")])
    func theFirstDayIsTheLocalDay(zone: String, date: String) throws {
        let forecast = try Self.forecast(Self.series(start: "2026-11-24T10:00:00Z", steps: 60), zone: zone)
        #expect(forecast.daily.first?.date == LocalDate(iso8601: date))
    }

    /// Six-hourly steps are shown as such (no hour is made up between
    /// them), and their periods count in the day they start; a last day with
    /// a few hours is left out.
    @Test func sixHourlyStepsAreShownAsSixHourStepsAndMakeDays() throws {
        let forecast = try Self.forecast(Self.series(start: "2026-11-24T00:00:00Z", steps: 10, hours: 6), zone: "UTC")
        #expect(forecast.hourly.count == 8)  // the 48 hours from the first step; the last step has no period
        #expect(forecast.hourly.allSatisfy { $0.stepHours == 6 })
        #expect(zip(forecast.hourly, forecast.hourly.dropFirst()).allSatisfy { $1.time.timeIntervalSince($0.time) == 6 * 3600 })
        #expect(forecast.daily.map(\.precipitationSum) == [4, 4])  // the 26th has one step with no period
        #expect(forecast.current?.precipitation == nil)  // a six-hour amount is not this hour's
    }

    /// The day's condition is its most severe, as Open-Meteo's daily code is.
    @Test func theDayShowsItsMostSevereCondition() throws {
        let body = Self.series(start: "2026-11-24T00:00:00Z", steps: 25) { $0 == 15 ? "heavyrainshowers_day" : "clearsky_day" }
        let forecast = try Self.forecast(body, zone: "UTC")
        #expect(forecast.daily.first?.weatherCode == WeatherCondition.violentRainShowers.code)
        #expect(forecast.hourly[14].weatherCode == WeatherCondition.clearSky.code)
        #expect(forecast.hourly[15].weatherCode == WeatherCondition.violentRainShowers.code)
    }

    /// MET answers in m/s; the forecast is kept in km/h like every other
    /// provider's, and a display converts it once.
    @Test func metsMetricIsKeptAsProvidedAndConvertedForDisplay() throws {
        let kept = try Self.forecast(Self.series(start: "2026-11-24T00:00:00Z", steps: 30), zone: "UTC")
        #expect(kept.units == .asProvided)
        #expect(abs((kept.hourly.first?.windSpeed ?? 0) - 36) < 1e-9)       // 10 m/s
        let forecast = kept.converted(to: UnitSystem.imperial.units)
        let hour = try #require(forecast.hourly.first)
        #expect(hour.temperature == 32)                                       // 0 °C
        #expect(abs((hour.windSpeed ?? 0) - 22.369) < 0.001)                  // 10 m/s
        #expect(abs((hour.precipitation ?? 0) - 1 / 25.4) < 1e-9)             // 1 mm
        #expect(forecast.units == ForecastUnits(UnitSystem.imperial.units))
        #expect(forecast.converted(to: UnitSystem.metric.units) == forecast)  // once only
    }

    /// What MET might add or change is not a reason to fail: an unknown
    /// symbol has no condition, unknown keys are skipped.
    @Test func unknownSymbolsAndKeysAreSkipped() throws {
        var text = String(decoding: Self.series(start: "2026-11-24T00:00:00Z", steps: 3) { _ in "meteorshowers" }, as: UTF8.self)
        text = text.replacingOccurrences(of: #""meta":{}"#, with: #""meta":{},"novelty":[1,2,3]"#)
        let forecast = try Self.forecast(Data(text.utf8), zone: "UTC")
        #expect(forecast.hourly.count == 2)
        #expect(forecast.hourly.allSatisfy { $0.weatherCode == nil })
    }

    @Test(arguments: [
        (#"{"type":"Feature","geometry":{"coordinates":[13.4,52.5]},"properties":{"timeseries":[]}}"#, "properties.timeseries"),
        (#"{"type":"Feature","geometry":{"coordinates":[13.4]},"properties":{"timeseries":[{"time":"2026-11-24T00:00:00Z","data":{}}]}}"#, "geometry.coordinates"),
        (#"{"type":"Feature","geometry":{"coordinates":[13.4,91]},"properties":{"timeseries":[{"time":"2026-11-24T00:00:00Z","data":{}}]}}"#, "geometry.coordinates"),
        (#"{"type":"Feature","geometry":{"coordinates":[13.4,52.5]},"properties":{"timeseries":[{"time":"24.11.2026 00:00","data":{}}]}}"#, "properties.timeseries[0].time"),
        (#"{"type":"Feature","geometry":{"coordinates":[13.4,52.5]},"properties":{"timeseries":[{"time":"2026-11-24T01:00:00Z","data":{}},{"time":"2026-11-24T00:00:00Z","data":{}}]}}"#, "properties.timeseries[1].time"),
    ])
    func answersThatMakeNoForecastSayWhichField(json: String, field: String) throws {
        let error = #expect(throws: MetNorwayPayload.Invalid.self) { try Self.forecast(Data(json.utf8), zone: "UTC") }
        #expect(error?.field == field)
    }
}
