@testable import ForecastCore
import ForecastlyBase
import ForecastPresentation
@testable import ForecastProviders
import ForecastSamples
import Foundation
import Testing
import TestSupport

/// Decoding of every real recorded Open-Meteo response in Tests/Fixtures/open-meteo.
@Suite struct OpenMeteoDecodingTests {
    @Test func recordedZagrebAnswerDecodesEverySection() throws {
        let forecast = try Sample.decode("forecast_current_hourly_daily_zagreb.json")
        #expect(forecast.coordinate.latitude == 45.6)
        #expect(forecast.coordinate.longitude == 17.22)
        #expect(forecast.requestedCoordinate == Sample.zagreb)
        #expect(forecast.elevation == 166)
        #expect(forecast.timeZone.identifier == "Europe/Zagreb")
        #expect(forecast.units == ForecastUnits(temperature: "°C", windSpeed: "km/h", precipitation: "mm"))

        let current = try #require(forecast.current)
        // "2026-09-29T01:00" at UTC+2 is 23:00 UTC the day before.
        #expect(current.time == Sample.utc("2026-09-28T23:00"))
        #expect(current.temperature == 12.5)
        #expect(current.relativeHumidity == 63)
        #expect(current.weatherCode == 0)
        #expect(current.isDay == false)
        #expect(current.condition == .clearSky)
        #expect(current.apparentTemperature == nil) // not in this recording

        // The hour before the current one is the past (as `past_hours` sends
        // it), the rest the forecast from the current hour on.
        #expect(forecast.past?.hours.map(\.time) == [Sample.utc("2026-09-28T22:00")])
        #expect(forecast.past?.yesterday == nil)
        #expect(forecast.hourly.count == 47)
        #expect(forecast.hourly.first?.time == Sample.utc("2026-09-28T23:00"))
        #expect(forecast.hourly.last?.time == Sample.utc("2026-09-30T21:00"))
        #expect(forecast.hourly[13].temperature == 25.0)
        #expect(forecast.hourly.allSatisfy { $0.precipitationProbability == 0 })
        #expect(forecast.hourly.allSatisfy { $0.weatherCode == nil })

        #expect(forecast.daily.map(\.date.description) == ["2026-09-29", "2026-09-30"])
        #expect(forecast.daily.map(\.temperatureMax) == [25.0, 25.6])
        #expect(forecast.daily[0].sunrise == Sample.utc("2026-09-29T04:46"))
        #expect(forecast.daily[1].sunset == Sample.utc("2026-09-30T16:33"))
        #expect(forecast.daily[0].temperatureMin == nil)
    }

    @Test func hourlyNullsBeyondHorizonWithLegacyNames() throws {
        let forecast = try Sample.decode("forecast_hourly_nulls_beyond_horizon_hrrr_nyc.json")
        #expect(forecast.timeZone.identifier == "GMT")
        #expect(forecast.current == nil)
        #expect(forecast.daily.isEmpty)
        #expect(forecast.hourly.count == 72)
        // The last 23 steps are past the HRRR horizon: null, so nil.
        #expect(forecast.hourly.suffix(23).allSatisfy { $0.temperature == nil && $0.weatherCode == nil })
        #expect(forecast.hourly.prefix(49).allSatisfy { $0.temperature != nil })
        // Old spellings (weathercode, windspeed_10m) still decode.
        #expect(forecast.hourly.prefix(49).allSatisfy { $0.weatherCode != nil && $0.windSpeed != nil })
        #expect(forecast.hourly[1].time.timeIntervalSince(forecast.hourly[0].time) == 3600)
    }

    @Test func responseWithoutVariablesIsEmptyData() {
        #expect(throws: ForecastError.emptyData(service: .openMeteo)) {
            try Sample.decode("forecast_no_variables_minimal.json")
        }
    }

    @Test func bareNanIsInvalidJSONNotACrash() {
        #expect {
            try Sample.decode("edge_nan_not_covered_satellite.txt")
        } throws: { error in
            guard case ForecastError.undecodable(nil, let detail, _) = error else { return false }
            return detail.contains("not valid JSON") && (error as! ForecastError).exitStatus == .dataError
        }
    }

    @Test func dailyLimitIsRateLimitedWithTheServersReason() throws {
        let error = #expect(throws: ForecastError.self) {
            try Sample.decode("error_429_daily_limit.json", status: 429)
        }
        #expect(error == .httpStatus(429, reason: "Daily API request limit exceeded. Please try again tomorrow.", service: .openMeteo))
        #expect(error?.exitStatus == .temporaryFailure)
        #expect(error?.userMessage.contains("Daily API request limit exceeded") == true)
    }

    /// A geocoding answer where a forecast was expected: JSON of the wrong shape.
    @Test(arguments: ["geocoding_no_results.json", "geocoding_search_enschede.json"])
    func wrongShapeNamesTheMissingField(fixture: String) {
        #expect(throws: ForecastError.undecodable(field: "latitude", detail: "it is missing", service: .openMeteo)) {
            try Sample.decode(fixture)
        }
    }

    @Test func truncatedJSONIsUndecodable() throws {
        let full = try Fixtures.bytes("open-meteo/forecast_current_hourly_daily_zagreb.json")
        #expect {
            try Sample.decode(bytes: Array(full.prefix(full.count / 2)))
        } throws: { error in
            if case ForecastError.undecodable(nil, let detail, _) = error { return detail.contains("not valid JSON") }
            return false
        }
    }

    @Test func htmlErrorPageWith200() {
        #expect(throws: ForecastError.undecodable(field: nil, detail: "it sent an HTML page instead of JSON", service: .openMeteo)) {
            try Sample.decode(json: "\n<html><body>502 Bad Gateway</body></html>")
        }
    }

    @Test func seriesOfUnequalLengthNamesTheField() {
        let json = """
        {"latitude":1,"longitude":2,"utc_offset_seconds":0,"timezone":"GMT",
         "hourly":{"time":["2026-01-01T00:00","2026-01-01T01:00"],"temperature_2m":[1.0]}}
        """
        #expect(throws: ForecastError.undecodable(field: "hourly.temperature_2m", detail: "has 1 values for 2 times", service: .openMeteo)) {
            try Sample.decode(json: json)
        }
    }

    @Test func textWhereANumberBelongsNamesTheField() {
        let json = """
        {"latitude":1,"longitude":2,"utc_offset_seconds":0,"timezone":"GMT",
         "current":{"time":"2026-01-01T00:00","temperature_2m":"warm"}}
        """
        #expect(throws: ForecastError.undecodable(field: "current.temperature_2m", detail: "expected a number, got “warm”", service: .openMeteo)) {
            try Sample.decode(json: json)
        }
    }

    @Test func malformedTimeNamesTheField() {
        let json = """
        {"latitude":1,"longitude":2,"utc_offset_seconds":0,"timezone":"GMT",
         "daily":{"time":["2026-02-30"]}}
        """
        #expect(throws: ForecastError.undecodable(field: "daily.time[0]", detail: "“2026-02-30” is not a YYYY-MM-DD date", service: .openMeteo)) {
            try Sample.decode(json: json)
        }
    }

    @Test func outOfRangeCoordinateInAnswer() {
        let json = #"{"latitude":123,"longitude":2,"utc_offset_seconds":0,"timezone":"GMT","current":{"time":"2026-01-01T00:00"}}"#
        #expect {
            try Sample.decode(json: json)
        } throws: { error in
            if case ForecastError.undecodable(field: "latitude", _, _) = error { return true }
            return false
        }
    }

    @Test func unixTimeFormatIsAlsoUnderstood() throws {
        let json = """
        {"latitude":52.52,"longitude":13.41,"utc_offset_seconds":3600,"timezone":"Europe/Berlin",
         "current":{"time":1767225600,"interval":900,"temperature_2m":-1.5},
         "daily":{"time":[1767222000],"temperature_2m_max":[2.0]}}
        """
        let forecast = try Sample.decode(json: json)
        #expect(forecast.current?.time == Date(timeIntervalSince1970: 1_767_225_600))
        #expect(forecast.daily.first?.date.description == "2026-01-01")
    }

    /// Open-Meteo writes every time with the single offset in force when
    /// asked; after a DST change that is an hour off. forecastly turns the
    /// strings back into instants and shows them in the IANA zone instead.
    @Test func hoursAfterDaylightSavingChangeAreInTheRightLocalHour() throws {
        // Asked on 24 Oct 2026 in Berlin (CEST, +2). Clocks go back at 01:00 UTC on 25 Oct.
        let json = """
        {"latitude":52.52,"longitude":13.41,"utc_offset_seconds":7200,"timezone":"Europe/Berlin",
         "hourly":{"time":["2026-10-25T02:00","2026-10-25T03:00","2026-10-25T04:00"],"temperature_2m":[9,8,7]}}
        """
        let forecast = try Sample.decode(json: json)
        let clock = PlaceClock(timeZone: forecast.timeZone)
        #expect(forecast.hourly.map(\.time) == [Sample.utc("2026-10-25T00:00"), Sample.utc("2026-10-25T01:00"), Sample.utc("2026-10-25T02:00")])
        // 00:00 UTC is 02:00 CEST; 01:00 UTC is 02:00 CET (the repeated hour); 02:00 UTC is 03:00 CET.
        #expect(forecast.hourly.map { clock.time($0.time) } == ["02:00", "02:00", "03:00"])
        #expect(forecast.hourly.map { clock.iso8601($0.time) } == [
            "2026-10-25T02:00:00+02:00", "2026-10-25T02:00:00+01:00", "2026-10-25T03:00:00+01:00",
        ])
    }

    @Test func unknownTimeZoneFallsBackToTheOffset() throws {
        let json = #"{"latitude":1,"longitude":2,"utc_offset_seconds":-14400,"timezone":"Mars/Olympus","current":{"time":"2026-01-01T08:00"}}"#
        let forecast = try Sample.decode(json: json)
        #expect(forecast.timeZone.secondsFromGMT() == -14400)
        #expect(forecast.current?.time == Sample.utc("2026-01-01T12:00"))
    }
}

/// Numbers at the edges of their range: each was a runtime trap (the
/// process died by SIGILL with no message) and is now one clear error.
@Suite struct OpenMeteoEdgeNumberTests {
    static let cases: [(String, String)] = [
        (#"{"latitude":1,"longitude":1,"utc_offset_seconds":9223372036854775807,"timezone":"GMT","current":{"time":"2026-01-01T00:00","temperature_2m":1}}"#,
         "utc_offset_seconds"),
        (#"{"latitude":1,"longitude":1,"utc_offset_seconds":-9223372036854775808,"timezone":"GMT","hourly":{"time":["2026-01-01T00:00"],"temperature_2m":[1]}}"#,
         "utc_offset_seconds"),
        (#"{"latitude":1,"longitude":1,"utc_offset_seconds":0,"timezone":"GMT","daily":{"time":[1e300],"temperature_2m_max":[1]}}"#,
         "daily.time[0]"),
        (#"{"latitude":1,"longitude":1,"utc_offset_seconds":0,"timezone":"GMT","daily":{"time":[-9.3e18],"temperature_2m_max":[1]}}"#,
         "daily.time[0]"),
        (#"{"latitude":1,"longitude":1,"utc_offset_seconds":0,"timezone":"GMT","current":{"time":1e300,"temperature_2m":1}}"#,
         "current.time"),
    ]

    @Test(arguments: cases)
    func edgeNumbersAreUnreadableNotFatal(json: String, field: String) {
        let error = #expect(throws: ForecastError.self) { try Sample.decode(json: json) }
        guard case .undecodable(let named, _, _)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(named == field)
        #expect(error?.exitStatus == .dataError)
    }
}
