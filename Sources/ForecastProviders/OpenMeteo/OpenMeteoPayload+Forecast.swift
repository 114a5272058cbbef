import ForecastCore
import ForecastlyBase
import Foundation

/// Turns the loose payload into a `Forecast`, checking everything a
/// presentation relies on: finite coordinates, parseable times, series of
/// equal length, numbers where numbers belong.
extension OpenMeteoPayload {
    typealias Invalid = InvalidPayload

    func forecast(requested: ForecastRequest) throws(Invalid) -> Forecast {
        let coordinate: Coordinate
        do {
            coordinate = try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            throw Invalid(field: "latitude", detail: error.description)
        }
        // Open-Meteo writes every time as UTC plus the one offset in force
        // when the request was made. Undo exactly that to get true instants,
        // then show them in the IANA zone: hours after a daylight-saving
        // change then come out right, which the single offset cannot do.
        // Earth's zones lie within ±14 h; anything else would overflow the
        // arithmetic below, so it is an unreadable answer, not a time.
        guard (-18 * 3600...18 * 3600).contains(utcOffsetSeconds) else {
            throw Invalid(field: "utc_offset_seconds", detail: "\(utcOffsetSeconds) is not an offset from UTC")
        }
        let clock = OpenMeteoTimes(offset: utcOffsetSeconds)
        let zone = TimeZoneSupport.zone(identifier: timezone, fallbackOffset: utcOffsetSeconds)

        let metric = MetricValues(labels: [currentUnits, hourlyUnits, dailyUnits].compactMap { $0 })
        let current = try current.map { values throws(Invalid) in try currentConditions(values, clock: clock, metric: metric) }
        let allHours = try hourly.map { series throws(Invalid) in try hourlyForecasts(series, clock: clock, metric: metric) } ?? []
        let allDays = try daily.map { series throws(Invalid) in try dailyForecasts(series, clock: clock, metric: metric) } ?? []

        // `past_days` and `past_hours` put what was observed before now
        // first: the hours before the current one, and yesterday.
        var hourly = allHours, daily = allDays, past: PastWeather?
        if let now = current?.time {
            let hourStart = Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 3600).rounded(.down) * 3600)
            let today = LocalDate(daysSinceEpoch: Int(((now.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: now))) / 86_400).rounded(.down)))
            let pastHours = allHours.prefix { $0.time < hourStart }
            let pastDays = allDays.prefix { $0.date < today }
            hourly = Array(allHours.dropFirst(pastHours.count))
            daily = Array(allDays.dropFirst(pastDays.count))
            if !pastHours.isEmpty || !pastDays.isEmpty {
                past = PastWeather(hours: Array(pastHours), yesterday: pastDays.last { $0.date.daysSinceEpoch == today.daysSinceEpoch - 1 })
            }
        }
        var forecast = Forecast(
            coordinate: coordinate,
            requestedCoordinate: requested.coordinate,
            elevation: elevation,
            timeZone: zone,
            units: .asProvided,
            current: current,
            hourly: hourly,
            daily: daily,
            provider: .openMeteo
        )
        forecast.past = past
        return forecast
    }

    var hasWeatherData: Bool {
        current != nil || !(hourly?["time"]?.isEmpty ?? true) || !(daily?["time"]?.isEmpty ?? true)
    }

    // MARK: Sections

    private func currentConditions(_ values: [String: JSONScalar], clock: OpenMeteoTimes, metric: MetricValues) throws(Invalid) -> CurrentConditions {
        let field = CurrentFields(values: values)
        guard let timeValue = values["time"] else { throw Invalid(field: "current.time", detail: "missing") }
        return CurrentConditions(
            time: try clock.instant(timeValue, field: "current.time"),
            temperature: metric.temperature(try field.number(Variable.temperature)),
            apparentTemperature: metric.temperature(try field.number(Variable.apparentTemperature)),
            relativeHumidity: try field.number(Variable.humidity),
            precipitation: metric.precipitation(try field.number(Variable.precipitation)),
            weatherCode: try field.number(Variable.weatherCode).map(Self.code),
            isDay: try field.number(Variable.isDay).map { $0 != 0 },
            windSpeed: metric.speed(try field.number(Variable.windSpeed)),
            windDirection: try field.number(Variable.windDirection),
            windGusts: metric.speed(try field.number(Variable.windGusts)),
            pressure: try field.number(Variable.pressure),
            dewPoint: metric.temperature(try field.number(Variable.dewPoint)),
            cloudCover: try field.number(Variable.cloudCover),
            visibility: metric.distance(try field.number(Variable.visibility))
        )
    }

    private func hourlyForecasts(_ series: [String: JSONColumn], clock: OpenMeteoTimes, metric: MetricValues) throws(Invalid) -> [HourlyForecast] {
        let table = try SeriesTable(section: "hourly", series: series)
        var result: [HourlyForecast] = []
        result.reserveCapacity(table.count)
        for row in 0..<table.count {
            result.append(HourlyForecast(
                time: try clock.instant(table.times[row], field: "hourly.time[\(row)]"),
                temperature: metric.temperature(try table.number(Variable.temperature, row)),
                precipitationProbability: try table.number(Variable.precipitationProbability, row),
                precipitation: metric.precipitation(try table.number(Variable.precipitation, row)),
                weatherCode: try table.number(Variable.weatherCode, row).map(Self.code),
                isDay: try table.number(Variable.isDay, row).map { $0 != 0 },
                windSpeed: metric.speed(try table.number(Variable.windSpeed, row)),
                windDirection: try table.number(Variable.windDirection, row),
                pressure: try table.number(Variable.pressure, row),
                dewPoint: metric.temperature(try table.number(Variable.dewPoint, row)),
                cloudCover: try table.number(Variable.cloudCover, row),
                visibility: metric.distance(try table.number(Variable.visibility, row))
            ))
        }
        return result
    }

    private func dailyForecasts(_ series: [String: JSONColumn], clock: OpenMeteoTimes, metric: MetricValues) throws(Invalid) -> [DailyForecast] {
        let table = try SeriesTable(section: "daily", series: series)
        var result: [DailyForecast] = []
        result.reserveCapacity(table.count)
        for row in 0..<table.count {
            result.append(DailyForecast(
                date: try clock.date(table.times[row], field: "daily.time[\(row)]"),
                weatherCode: try table.number(Variable.weatherCode, row).map(Self.code),
                temperatureMax: metric.temperature(try table.number(Variable.temperatureMax, row)),
                temperatureMin: metric.temperature(try table.number(Variable.temperatureMin, row)),
                precipitationSum: metric.precipitation(try table.number(Variable.precipitationSum, row)),
                precipitationProbabilityMax: try table.number(Variable.precipitationProbabilityMax, row),
                windSpeedMax: metric.speed(try table.number(Variable.windSpeedMax, row)),
                sunrise: try table.value(Variable.sunrise, row).map { v throws(Invalid) in
                    try clock.instant(v, field: "daily.sunrise[\(row)]")
                },
                sunset: try table.value(Variable.sunset, row).map { v throws(Invalid) in
                    try clock.instant(v, field: "daily.sunset[\(row)]")
                },
                uvIndexMax: try table.number(Variable.uvIndexMax, row)
            ))
        }
        return result
    }

    private static func code(_ value: Double) -> Int {
        Int(exactly: value.rounded()) ?? -1
    }
}

/// Variable names, current first, then the names older responses used.
enum Variable {
    static let temperature = ["temperature_2m"]
    static let apparentTemperature = ["apparent_temperature"]
    static let humidity = ["relative_humidity_2m", "relativehumidity_2m"]
    static let precipitation = ["precipitation"]
    static let precipitationProbability = ["precipitation_probability"]
    static let weatherCode = ["weather_code", "weathercode"]
    static let isDay = ["is_day"]
    static let windSpeed = ["wind_speed_10m", "windspeed_10m"]
    static let windDirection = ["wind_direction_10m", "winddirection_10m"]
    static let windGusts = ["wind_gusts_10m", "windgusts_10m"]
    static let temperatureMax = ["temperature_2m_max"]
    static let temperatureMin = ["temperature_2m_min"]
    static let precipitationSum = ["precipitation_sum"]
    static let precipitationProbabilityMax = ["precipitation_probability_max"]
    static let windSpeedMax = ["wind_speed_10m_max", "windspeed_10m_max"]
    static let sunrise = ["sunrise"]
    static let sunset = ["sunset"]
    static let uvIndexMax = ["uv_index_max"]
    static let pressure = ["pressure_msl"]
    static let dewPoint = ["dew_point_2m", "dewpoint_2m"]
    static let cloudCover = ["cloud_cover", "cloudcover"]
    static let visibility = ["visibility"]

    /// What forecastly asks for; `OpenMeteoService` sends these names.
    static let requestedCurrent = [
        "temperature_2m", "apparent_temperature", "relative_humidity_2m", "precipitation", "weather_code",
        "is_day", "wind_speed_10m", "wind_direction_10m", "wind_gusts_10m", "pressure_msl", "dew_point_2m", "cloud_cover", "visibility",
    ]
    static let requestedHourly = [
        "temperature_2m", "precipitation_probability", "precipitation", "weather_code", "is_day",
        "wind_speed_10m", "wind_direction_10m", "pressure_msl", "dew_point_2m", "cloud_cover", "visibility",
    ]
    static let requestedDaily = [
        "weather_code", "temperature_2m_max", "temperature_2m_min", "precipitation_sum",
        "precipitation_probability_max", "wind_speed_10m_max", "sunrise", "sunset", "uv_index_max",
    ]
}

/// An answer's values in the units forecastly keeps (°C, km/h, mm, hPa,
/// metres), whatever units its labels say it was sent in: forecastly asks
/// in these, and an answer in others (a proxy's, an old recording) is
/// converted rather than shown wrong.
struct MetricValues {
    private let temperatureLabel: String?
    private let speedLabel: String?
    private let precipitationLabel: String?
    private let distanceLabel: String?

    init(labels: [[String: String]]) {
        func label(_ names: [String]) -> String? {
            for units in labels { for name in names { if let unit = units[name], unit != "undefined" { return unit } } }
            return nil
        }
        temperatureLabel = label(Variable.temperature + Variable.temperatureMax)
        speedLabel = label(Variable.windSpeed + Variable.windSpeedMax)
        precipitationLabel = label(Variable.precipitation + Variable.precipitationSum)
        distanceLabel = label(Variable.visibility)
    }

    func temperature(_ value: Double?) -> Double? {
        guard let value else { return nil }
        return temperatureLabel == "°F" ? (value - 32) * 5 / 9 : value
    }

    func speed(_ value: Double?) -> Double? {
        guard let value else { return nil }
        switch speedLabel {
        case "mp/h", "mph": return value * 1.609_344
        case "m/s": return value * 3.6
        case "kn": return value * 1.852
        default: return value
        }
    }

    func precipitation(_ value: Double?) -> Double? {
        guard let value else { return nil }
        return precipitationLabel == "inch" ? value * 25.4 : value
    }

    func distance(_ value: Double?) -> Double? {
        guard let value else { return nil }
        return distanceLabel == "ft" ? value * 0.3048 : value
    }
}

private struct CurrentFields {
    var values: [String: JSONScalar]

    func number(_ names: [String]) throws(OpenMeteoPayload.Invalid) -> Double? {
        for name in names {
            guard let value = values[name] else { continue }
            return try value.number(field: "current.\(name)")
        }
        return nil
    }
}

/// A section's columns, checked to be as long as its `time` column.
private struct SeriesTable {
    let section: String
    let series: [String: JSONColumn]
    let times: JSONColumn
    var count: Int { times.count }

    init(section: String, series: [String: JSONColumn]) throws(OpenMeteoPayload.Invalid) {
        guard let times = series["time"] else { throw .init(field: "\(section).time", detail: "missing") }
        for (name, column) in series where column.count != times.count {
            throw .init(field: "\(section).\(name)", detail: "has \(column.count) values for \(times.count) times")
        }
        self.section = section
        self.series = series
        self.times = times
    }

    func value(_ names: [String], _ row: Int) -> JSONScalar? {
        for name in names {
            if let column = series[name] { return column[row] == .null ? nil : column[row] }
        }
        return nil
    }

    func number(_ names: [String], _ row: Int) throws(OpenMeteoPayload.Invalid) -> Double? {
        for name in names {
            guard let column = series[name] else { continue }
            return try column[row].number(field: "\(section).\(name)[\(row)]")
        }
        return nil
    }
}

extension JSONScalar {
    func number(field: String) throws(OpenMeteoPayload.Invalid) -> Double? {
        switch self {
        case .number(let value) where value.isFinite: return value
        case .number: throw .init(field: field, detail: "is not a finite number")
        case .null: return nil
        case .text(let text): throw .init(field: field, detail: "expected a number, got “\(text.strippingTerminalControlsForField())”")
        }
    }
}

extension String {
    fileprivate func strippingTerminalControlsForField() -> String {
        String(unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.prefix(40))
    }
}
