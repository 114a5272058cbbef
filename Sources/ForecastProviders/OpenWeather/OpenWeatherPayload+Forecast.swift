import ForecastCore
import ForecastlyBase
import Foundation

/// Turns OpenWeather's answers into a `Forecast`.
///
/// Times are Unix seconds (true instants); the place's time zone comes from
/// One Call's IANA name, or from the gazetteer for the free endpoints, whose
/// `timezone` is only the offset at the time of the request. The free
/// forecast's three-hour steps are shown as such (`stepHours`) and its days
/// are built in the place's calendar like MET Norway's (`SeriesDays`).
extension OpenWeatherPayload {
    typealias Invalid = InvalidPayload

    /// Asked with `units=metric`: wind in m/s, kept in km/h.
    static func kilometresPerHour(_ metresPerSecond: Double) -> Double { metresPerSecond * 3.6 }

    static func coordinate(latitude: Double, longitude: Double, field: String) throws(Invalid) -> Coordinate {
        do {
            return try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            throw Invalid(field: field, detail: error.description)
        }
    }

    static func date(_ seconds: Int) -> Date { Date(timeIntervalSince1970: Double(seconds)) }

    /// Rain and snow together; OpenWeather leaves both out when it is dry.
    static func total(_ rain: Double?, _ snow: Double?) -> Double { (rain ?? 0) + (snow ?? 0) }

    /// The free endpoints: current weather and the 5 day / 3 hour forecast.
    static func forecast(
        current: Current, fiveDays: FiveDays, requested: ForecastRequest, timeZone: TimeZone
    ) throws(Invalid) -> Forecast {
        let coordinate = try Self.coordinate(latitude: current.coord.lat, longitude: current.coord.lon, field: "coord")
        guard !fiveDays.list.isEmpty else { throw Invalid(field: "list", detail: "no steps") }
        for (earlier, later) in zip(fiveDays.list, fiveDays.list.dropFirst()) where later.dt <= earlier.dt {
            throw Invalid(field: "list", detail: "the times are not in order")
        }
        let condition = current.weather.first
        let now = CurrentConditions(
            time: date(current.dt), temperature: current.main.temp, apparentTemperature: current.main.feelsLike,
            relativeHumidity: current.main.humidity,
            precipitation: total(current.rain?.oneHour, current.snow?.oneHour),
            weatherCode: condition.flatMap { OpenWeatherCondition.condition(id: $0.id) }?.code,
            isDay: OpenWeatherCondition.isDay(icon: condition?.icon),
            windSpeed: current.wind?.speed.map(kilometresPerHour), windDirection: current.wind?.deg,
            windGusts: current.wind?.gust.map(kilometresPerHour),
            pressure: current.main.pressure, cloudCover: current.clouds?.all, visibility: current.visibility)
        let horizon = date(current.dt).addingTimeInterval(Double(ForecastRequest.hourlyHorizon) * 3600)
        var hourly: [HourlyForecast] = []
        var series: [SeriesStep] = []
        for step in fiveDays.list {
            let condition = step.weather.first
            let code = condition.flatMap { OpenWeatherCondition.condition(id: $0.id) }?.code
            let amount = total(step.rain?.threeHours, step.snow?.threeHours)
            let probability = step.pop.map { $0 * 100 }
            let wind = step.wind?.speed.map(kilometresPerHour)
            if requested.includesHourly, date(step.dt) < horizon {
                hourly.append(HourlyForecast(
                    time: date(step.dt), temperature: step.main.temp, precipitationProbability: probability,
                    precipitation: amount, weatherCode: code, isDay: OpenWeatherCondition.isDay(icon: condition?.icon),
                    windSpeed: wind, windDirection: step.wind?.deg, stepHours: 3,
                    pressure: step.main.pressure, cloudCover: step.clouds?.all, visibility: step.visibility))
            }
            series.append(SeriesStep(
                time: date(step.dt), periodHours: 3,
                temperatures: [step.main.temp, step.main.tempMin, step.main.tempMax].compactMap { $0 },
                precipitation: amount, precipitationProbability: probability, windSpeed: wind, weatherCode: code))
        }
        let daily = SeriesDays.days(series, timeZone: timeZone, coordinate: coordinate, limit: requested.days)
        return Forecast(
            coordinate: coordinate, requestedCoordinate: requested.coordinate, elevation: nil, timeZone: timeZone,
            units: .asProvided, current: now, hourly: hourly, daily: daily,
            provider: .openWeather)
    }

    /// One Call 3.0: hourly for 48 hours and true daily values for 8 days.
    static func forecast(oneCall: OneCall, requested: ForecastRequest, fallbackTimeZone: TimeZone) throws(Invalid) -> Forecast {
        let coordinate = try Self.coordinate(latitude: oneCall.lat, longitude: oneCall.lon, field: "lat")
        let timeZone = TimeZone(identifier: oneCall.timezone) ?? fallbackTimeZone
        guard oneCall.current != nil || !(oneCall.hourly ?? []).isEmpty || !(oneCall.daily ?? []).isEmpty else {
            throw Invalid(field: "current", detail: "no current, hourly or daily values")
        }
        let current = oneCall.current.map { now in
            CurrentConditions(
                time: date(now.dt), temperature: now.temp, apparentTemperature: now.feelsLike, relativeHumidity: now.humidity,
                precipitation: total(now.rain?.oneHour, now.snow?.oneHour),
                weatherCode: now.weather.first.flatMap { OpenWeatherCondition.condition(id: $0.id) }?.code,
                isDay: OpenWeatherCondition.isDay(icon: now.weather.first?.icon),
                windSpeed: now.windSpeed.map(kilometresPerHour), windDirection: now.windDeg, windGusts: now.windGust.map(kilometresPerHour),
                pressure: now.pressure, dewPoint: now.dewPoint, cloudCover: now.clouds, visibility: now.visibility)
        }
        let hourly = !requested.includesHourly ? [] : (oneCall.hourly ?? []).prefix(ForecastRequest.hourlyHorizon).map { hour in
            HourlyForecast(
                time: date(hour.dt), temperature: hour.temp, precipitationProbability: hour.pop.map { $0 * 100 },
                precipitation: total(hour.rain?.oneHour, hour.snow?.oneHour),
                weatherCode: hour.weather.first.flatMap { OpenWeatherCondition.condition(id: $0.id) }?.code,
                isDay: OpenWeatherCondition.isDay(icon: hour.weather.first?.icon),
                windSpeed: hour.windSpeed.map(kilometresPerHour), windDirection: hour.windDeg,
                pressure: hour.pressure, dewPoint: hour.dewPoint, cloudCover: hour.clouds, visibility: hour.visibility)
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        var daily: [DailyForecast] = []
        for day in (oneCall.daily ?? []).prefix(requested.days) {
            // `dt` is the local noon, so its date in the place's zone is the day's.
            let parts = calendar.dateComponents([.year, .month, .day], from: date(day.dt))
            guard let year = parts.year, let month = parts.month, let dayOfMonth = parts.day,
                  let local = LocalDate(year: year, month: month, day: dayOfMonth) else { continue }
            daily.append(DailyForecast(
                date: local,
                weatherCode: day.weather.first.flatMap { OpenWeatherCondition.condition(id: $0.id) }?.code,
                temperatureMax: day.temp.max, temperatureMin: day.temp.min,
                precipitationSum: total(day.rain, day.snow),
                precipitationProbabilityMax: day.pop.map { $0 * 100 },
                windSpeedMax: day.windSpeed.map(kilometresPerHour),
                sunrise: day.sunrise.map(date), sunset: day.sunset.map(date), uvIndexMax: day.uvi))
        }
        return Forecast(
            coordinate: coordinate, requestedCoordinate: requested.coordinate, elevation: nil, timeZone: timeZone,
            units: .asProvided, current: current, hourly: Array(hourly), daily: daily,
            provider: .openWeather)
    }
}
