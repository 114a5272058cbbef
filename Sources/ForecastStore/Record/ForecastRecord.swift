import ForecastCore
import ForecastlyBase
import Foundation

/// The store's own form of a forecast: its values one after another, in a
/// fixed order, behind a four-byte mark and a version. A stored answer is
/// read on every run that is answered from the store, and reading it as
/// JSON through Codable was a twentieth of such a run (most of it the
/// runtime instantiating Codable's generic containers, the rest parsing);
/// this form is read with a few hundred bounds-checked loads.
///
/// Rows written by forecastly before it are JSON and are still read (see
/// `SQLiteStore.stored(_:)`). A record of a later version is unreadable to
/// this forecastly, which drops it as it drops a damaged one: the store is
/// a cache, and the forecast is fetched again.
enum ForecastRecord {
    /// "fcst", then the version.
    static let mark: [UInt8] = Array("fcst".utf8)
    static let version: UInt8 = 1

    static func isRecord(_ bytes: [UInt8]) -> Bool { bytes.starts(with: mark) }

    static func bytes(of forecast: Forecast) -> [UInt8] {
        var writer = RecordWriter()
        for byte in mark { writer.write(byte) }
        writer.write(version)
        writer.write(forecast.coordinate)
        writer.write(forecast.requestedCoordinate)
        writer.write(forecast.elevation)
        writer.write(forecast.timeZone.identifier)
        writer.write(forecast.units)
        writer.write(forecast.current) { $0.write($1) }
        writer.write(forecast.hourly) { $0.write($1) }
        writer.write(forecast.daily) { $0.write($1) }
        writer.write(forecast.past) { writer, past in
            writer.write(past.hours) { $0.write($1) }
            writer.write(past.yesterday) { $0.write($1) }
        }
        writer.write(forecast.fix) { $0.write($1) }
        writer.write(forecast.provider)
        return writer.bytes
    }

    static func forecast(from bytes: [UInt8]) throws(RecordReader.Unreadable) -> Forecast {
        guard isRecord(bytes) else { throw RecordReader.Unreadable(reason: "it is not a stored forecast") }
        var reader = RecordReader(bytes, from: mark.count)
        guard try reader.byte() == version else { throw RecordReader.Unreadable(reason: "a later forecastly stored it") }
        let coordinate = try reader.coordinate()
        let requestedCoordinate = try reader.coordinate()
        let elevation = try reader.optionalDouble()
        let zoneName = try reader.string()
        guard let timeZone = TimeZone(identifier: zoneName) else { throw RecordReader.Unreadable(reason: "a time zone this machine does not know") }
        let units = try reader.units()
        let current = try reader.optional { reader throws(RecordReader.Unreadable) in try reader.current() }
        let hourly = try reader.array { reader throws(RecordReader.Unreadable) in try reader.hour() }
        let daily = try reader.array { reader throws(RecordReader.Unreadable) in try reader.day() }
        let past = try reader.optional { reader throws(RecordReader.Unreadable) in
            PastWeather(hours: try reader.array { reader throws(RecordReader.Unreadable) in try reader.hour() },
                        yesterday: try reader.optional { reader throws(RecordReader.Unreadable) in try reader.day() })
        }
        let fix = try reader.optional { reader throws(RecordReader.Unreadable) in try reader.fix() }
        let provider = try reader.provider()
        guard reader.isAtEnd else { throw RecordReader.Unreadable(reason: "it goes on past its end") }
        var forecast = Forecast(
            coordinate: coordinate, requestedCoordinate: requestedCoordinate, elevation: elevation, timeZone: timeZone,
            units: units, current: current, hourly: hourly, daily: daily, provider: provider)
        forecast.past = past
        forecast.fix = fix
        return forecast
    }
}

// Each part of a forecast, written and read field by field in the same order.

extension RecordWriter {
    mutating func write(_ coordinate: Coordinate) {
        write(coordinate.latitude)
        write(coordinate.longitude)
    }

    mutating func write(_ units: ForecastUnits) {
        for label in [units.temperature, units.windSpeed, units.precipitation, units.pressure, units.distance] { write(label) }
    }

    mutating func write(_ current: CurrentConditions) {
        write(current.time)
        for value in [current.temperature, current.apparentTemperature, current.relativeHumidity, current.precipitation] { write(value) }
        write(current.weatherCode)
        write(current.isDay)
        for value in [current.windSpeed, current.windDirection, current.windGusts, current.pressure, current.dewPoint,
                      current.cloudCover, current.visibility] { write(value) }
    }

    mutating func write(_ hour: HourlyForecast) {
        write(hour.time)
        for value in [hour.temperature, hour.precipitationProbability, hour.precipitation] { write(value) }
        write(hour.weatherCode)
        write(hour.isDay)
        for value in [hour.windSpeed, hour.windDirection] { write(value) }
        write(hour.stepHours)
        for value in [hour.pressure, hour.dewPoint, hour.cloudCover, hour.visibility] { write(value) }
    }

    mutating func write(_ day: DailyForecast) {
        for part in [day.date.year, day.date.month, day.date.day] { write(part) }
        write(day.weatherCode)
        for value in [day.temperatureMax, day.temperatureMin, day.precipitationSum, day.precipitationProbabilityMax, day.windSpeedMax] { write(value) }
        write(day.sunrise)
        write(day.sunset)
        write(day.uvIndexMax)
    }

    mutating func write(_ fix: LocationFix) {
        write(fix.coordinate)
        write(fix.accuracyMeters)
        write(fix.source.rawValue)
        write(fix.timestamp)
        write(fix.city)
        write(fix.countryCode)
        write(fix.gps) { writer, gps in
            for count in [gps.mode, gps.satellitesUsed, gps.satellitesVisible] { writer.write(count) }
            writer.write(gps.altitudeMeters)
        }
    }

    /// What a stored forecast keeps of its provider, as its JSON did: what
    /// it was then (its credit, its terms), not its brief or plans.
    mutating func write(_ provider: WeatherProvider) {
        for text in [provider.id, provider.name, provider.source.name, provider.source.url, provider.source.license,
                     provider.source.attribution, provider.urlVariable] { write(text) }
        write(provider.apiKeyVariable)
        write(provider.apiKeySetting)
        write(provider.terms)
        for flag in [provider.needsKey, provider.sendsCacheHeaders, provider.answersManyPlacesAtOnce] { write(flag) }
        write(provider.maximumComparedPlaces)
        write(provider.fallbackID)
        write(provider.wantsIdentification)
        write(provider.rateLimitAdvice)
        write(provider.keyRefusedAdvice)
    }
}

extension RecordReader {
    mutating func coordinate() throws(Unreadable) -> Coordinate {
        let latitude = try double(), longitude = try double()
        do { return try Coordinate(latitude: latitude, longitude: longitude) } catch {
            throw Unreadable(reason: "a coordinate is out of range")
        }
    }

    mutating func units() throws(Unreadable) -> ForecastUnits {
        ForecastUnits(temperature: try string(), windSpeed: try string(), precipitation: try string(), pressure: try string(), distance: try string())
    }

    mutating func current() throws(Unreadable) -> CurrentConditions {
        CurrentConditions(
            time: try date(), temperature: try optionalDouble(), apparentTemperature: try optionalDouble(),
            relativeHumidity: try optionalDouble(), precipitation: try optionalDouble(), weatherCode: try optionalInt(),
            isDay: try optionalBool(), windSpeed: try optionalDouble(), windDirection: try optionalDouble(),
            windGusts: try optionalDouble(), pressure: try optionalDouble(), dewPoint: try optionalDouble(),
            cloudCover: try optionalDouble(), visibility: try optionalDouble())
    }

    mutating func hour() throws(Unreadable) -> HourlyForecast {
        HourlyForecast(
            time: try date(), temperature: try optionalDouble(), precipitationProbability: try optionalDouble(),
            precipitation: try optionalDouble(), weatherCode: try optionalInt(), isDay: try optionalBool(),
            windSpeed: try optionalDouble(), windDirection: try optionalDouble(), stepHours: try optionalInt(),
            pressure: try optionalDouble(), dewPoint: try optionalDouble(), cloudCover: try optionalDouble(),
            visibility: try optionalDouble())
    }

    mutating func day() throws(Unreadable) -> DailyForecast {
        guard let date = LocalDate(year: try int(), month: try int(), day: try int()) else { throw Unreadable(reason: "a day is not a date") }
        return DailyForecast(
            date: date, weatherCode: try optionalInt(), temperatureMax: try optionalDouble(), temperatureMin: try optionalDouble(),
            precipitationSum: try optionalDouble(), precipitationProbabilityMax: try optionalDouble(),
            windSpeedMax: try optionalDouble(), sunrise: try optionalDate(), sunset: try optionalDate(), uvIndexMax: try optionalDouble())
    }

    mutating func fix() throws(Unreadable) -> LocationFix {
        let coordinate = try coordinate()
        let accuracy = try optionalDouble()
        guard let source = LocationSourceKind(rawValue: try string()) else { throw Unreadable(reason: "a location source it does not know") }
        return LocationFix(
            coordinate: coordinate, accuracyMeters: accuracy, source: source, timestamp: try date(), city: try optionalString(),
            countryCode: try optionalString(), gps: try optional { reader throws(Unreadable) in
                GPSDetails(mode: try reader.int(), satellitesUsed: try reader.int(), satellitesVisible: try reader.int(),
                           altitudeMeters: try reader.optionalDouble())
            })
    }

    mutating func provider() throws(Unreadable) -> WeatherProvider {
        WeatherProvider(
            id: try string(), name: try string(),
            source: DataSource(name: try string(), url: try string(), license: try string(), attribution: try string()),
            urlVariable: try string(), apiKeyVariable: try optionalString(), apiKeySetting: try optionalString(),
            terms: try string(), brief: "", needsKey: try bool(), sendsCacheHeaders: try bool(),
            answersManyPlacesAtOnce: try bool(), maximumComparedPlaces: try int(), fallbackID: try optionalString(),
            wantsIdentification: try bool(), rateLimitAdvice: try string(), keyRefusedAdvice: try string())
    }
}
