import ForecastCore
import ForecastSamples
@testable import ForecastStore
import ForecastlyBase
import Foundation
import Testing
import TestSupport

/// The store's own form of a forecast gives back every value it was given,
/// for every provider's recorded answer, and a damaged record is an error
/// that says so, whatever the damage.
@Suite struct ForecastRecordTests {
    /// Each provider's recording, with what a run may add: the fix it was
    /// made for, the past hours and yesterday, values a provider leaves out.
    static func forecasts() throws -> [Forecast] {
        var zagreb = Sample.zagrebForecast
        zagreb.fix = LocationFix(
            coordinate: zagreb.requestedCoordinate, accuracyMeters: 4.5, source: .gpsd, timestamp: Date(timeIntervalSince1970: 1_800_000_000.25),
            city: "Đakovo", countryCode: "HR", gps: GPSDetails(mode: 3, satellitesUsed: 9, satellitesVisible: 14, altitudeMeters: -3.5))
        zagreb.past = PastWeather(hours: Array(zagreb.hourly.prefix(3)), yesterday: zagreb.daily.first)
        var sparse = Sample.zagrebForecast
        sparse.elevation = nil
        sparse.current = nil
        sparse.hourly = sparse.hourly.prefix(2).map { HourlyForecast(time: $0.time) }
        sparse.daily = [DailyForecast(date: sparse.daily[0].date)]
        return [zagreb, sparse, try Sample.decode("forecast_hourly_nulls_beyond_horizon_hrrr_nyc.json"),
                try Sample.metNorwayBerlin(), try Sample.openWeatherLondon()]
    }

    @Test func everyValueComesBack() throws {
        for forecast in try Self.forecasts() {
            let bytes = ForecastRecord.bytes(of: forecast)
            let back = try ForecastRecord.forecast(from: bytes)
            #expect(back == forecast)
            // Equality of a forecast compares its provider by name; the rest of what was kept comes back too.
            #expect(back.provider.source == forecast.provider.source && back.provider.terms == forecast.provider.terms
                    && back.provider.rateLimitAdvice == forecast.provider.rateLimitAdvice && back.provider.fallbackID == forecast.provider.fallbackID)
            #expect(back.timeZone.identifier == forecast.timeZone.identifier && back.fix == forecast.fix && back.past == forecast.past)
            #expect(ForecastRecord.bytes(of: back) == bytes)
        }
    }

    /// The record of forecastly's first version of the form, kept in the
    /// fixtures: still read as it was, and still what is written (a change
    /// of the form needs a new version, or older stores would misread).
    @Test func theFirstVersionStillReads() throws {
        let kept = try Fixtures.data("store/zagreb-with-fix-and-past.forecast-record")
        let forecast = try Self.forecasts()[0]
        let back = try SQLiteStore.forecast(from: kept)
        #expect(back == forecast && back.fix == forecast.fix && back.past == forecast.past && back.hourly == forecast.hourly)
        #expect(ForecastRecord.bytes(of: forecast) == [UInt8](kept))
        // The same forecast as forecastly stored it before, as JSON.
        #expect(try SQLiteStore.forecast(from: try Fixtures.data("store/zagreb-with-fix-and-past.json")) == forecast)
    }

    /// A record cut anywhere is unreadable, never a trap or a shorter forecast.
    @Test func aCutRecordIsUnreadable() throws {
        let bytes = ForecastRecord.bytes(of: try Self.forecasts()[0])
        for length in 0..<bytes.count {
            #expect(throws: RecordReader.Unreadable.self) { try ForecastRecord.forecast(from: Array(bytes.prefix(length))) }
        }
    }

    @Test func damageIsNamed() throws {
        let bytes = ForecastRecord.bytes(of: try Self.forecasts()[1])
        func reason(_ damaged: [UInt8]) -> String? {
            do { _ = try ForecastRecord.forecast(from: damaged); return nil } catch { return error.reason }
        }
        #expect(reason(bytes + [0]) == "it goes on past its end")
        var later = bytes
        later[4] = ForecastRecord.version + 1
        #expect(reason(later) == "a later forecastly stored it")
        #expect(reason(Array("{\"coordinate\":{}}".utf8)) == "it is not a stored forecast")
        // The first coordinate made impossible: a latitude of 100°.
        var far = bytes
        withUnsafeBytes(of: (100.0).bitPattern.littleEndian) { far.replaceSubrange(5..<13, with: $0) }
        #expect(reason(far) == "a coordinate is out of range")
    }

    /// A count larger than the record is found before anything is made of it.
    @Test func anImpossibleCountIsUnreadable() throws {
        var writer = RecordWriter()
        writer.write(unsigned: UInt64.max >> 1)
        var reader = RecordReader(writer.bytes)
        #expect(throws: RecordReader.Unreadable(reason: "it ends early")) { try reader.array { reader throws(RecordReader.Unreadable) in try reader.double() } }
        var tooLong = RecordReader([UInt8](repeating: 0xFF, count: 11))
        #expect(throws: RecordReader.Unreadable(reason: "a number is too long")) { try tooLong.unsigned() }
        var notText = RecordReader([2, 0xC3, 0x28])
        #expect(throws: RecordReader.Unreadable(reason: "a text is not UTF-8")) { try notText.string() }
    }

    @Test func integersAndDoublesKeepEveryValue() throws {
        let integers = [0, 1, -1, 63, -64, 64, 127, 128, Int.max, Int.min]
        let doubles = [0.0, -0.0, .pi, -1e-300, .greatestFiniteMagnitude, .infinity, -.leastNonzeroMagnitude]
        var writer = RecordWriter()
        for value in integers { writer.write(value) }
        for value in doubles { writer.write(value) }
        var reader = RecordReader(writer.bytes)
        for value in integers { #expect(try reader.int() == value) }
        for value in doubles { #expect(try reader.double().bitPattern == value.bitPattern) }
        #expect(reader.isAtEnd)
    }
}
