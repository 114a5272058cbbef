import ForecastlyBase
import Foundation

/// Turns MET's time series into a `Forecast`.
///
/// MET sends UTC steps with no time zone and no daily values: hourly for
/// about two and a half days, six-hourly after, and a last step with no
/// period. Each step is read with the period that reaches the next step
/// (`next_1_hours` while steps are hourly, `next_6_hours` after), so no
/// hour is counted twice. Hours are only those MET gives; days are built in
/// the place's own calendar, so a day across a daylight-saving change has
/// 23 or 25 hours, as it should.
extension MetNorwayPayload {
    struct Invalid: Error, Equatable {
        var field: String
        var detail: String
    }

    /// One step read: its instant, the period up to the next step, and that period's length.
    struct ReadStep {
        var time: Date
        var instant: InstantDetails
        var period: Period?
        var periodHours: Int?
        var condition: MetNorwaySymbol?
    }

    func forecast(requested: ForecastRequest, timeZone: TimeZone) throws(Invalid) -> Forecast {
        let coordinate = try readCoordinate()
        let steps = try readSteps()
        let units = UnitConversion(system: requested.units)
        let current = steps.first.map { step in self.current(step, units: units) }
        let hourly = requested.includesHourly ? hourly(steps, units: units) : []
        let daily = daily(steps, units: units, timeZone: timeZone, coordinate: coordinate, days: requested.days)
        return Forecast(
            coordinate: coordinate, requestedCoordinate: requested.coordinate,
            elevation: geometry.coordinates.count > 2 ? geometry.coordinates[2] : nil, timeZone: timeZone,
            units: ForecastUnits(system: requested.units), current: current, hourly: hourly, daily: daily)
    }

    // MARK: Reading

    private func readCoordinate() throws(Invalid) -> Coordinate {
        guard geometry.coordinates.count >= 2 else {
            throw Invalid(field: "geometry.coordinates", detail: "expected [longitude, latitude], got \(geometry.coordinates.count) numbers")
        }
        do {
            return try Coordinate(latitude: geometry.coordinates[1], longitude: geometry.coordinates[0])
        } catch {
            throw Invalid(field: "geometry.coordinates", detail: error.description)
        }
    }

    private func readSteps() throws(Invalid) -> [ReadStep] {
        let series = properties.timeseries
        guard !series.isEmpty else { throw Invalid(field: "properties.timeseries", detail: "no steps") }
        var times: [Date] = []
        for (index, step) in series.enumerated() {
            guard let time = Self.instant(step.time) else {
                throw Invalid(field: "properties.timeseries[\(index)].time", detail: "expected a UTC time such as 2026-02-06T21:00:00Z, got “\(step.time.strippingTerminalControls(limit: 40))”")
            }
            if let previous = times.last, time <= previous {
                throw Invalid(field: "properties.timeseries[\(index)].time", detail: "the times are not in order")
            }
            times.append(time)
        }
        return series.indices.map { index in
            let data = series[index].data
            let gap = index + 1 < times.count ? Int((times[index + 1].timeIntervalSince(times[index]) / 3600).rounded()) : nil
            // The period that reaches the next step; the last step has none to count.
            let period: Period? = switch gap {
            case 1?: data.next1Hours
            case 6?: data.next6Hours
            default: nil
            }
            // A symbol for the step all the same: the shortest period MET gives.
            let symbol = (data.next1Hours ?? data.next6Hours ?? data.next12Hours)?.summary?.symbolCode
            return ReadStep(time: times[index], instant: data.instant?.details ?? InstantDetails(),
                            period: period, periodHours: period == nil ? nil : gap,
                            condition: symbol.flatMap(MetNorwaySymbol.init(code:)))
        }
    }

    /// "2026-02-06T21:00:00Z" as an instant; nil for any other shape.
    static func instant(_ text: String) -> Date? {
        guard text.utf8.count == 20, text.hasSuffix("Z"),
              let seconds = WallClockTime.secondsSinceEpoch(String(text.dropLast())) else { return nil }
        return Date(timeIntervalSince1970: Double(seconds))
    }

    // MARK: Sections

    private func current(_ step: ReadStep, units: UnitConversion) -> CurrentConditions {
        CurrentConditions(
            time: step.time,
            temperature: step.instant.airTemperature.map(units.temperature),
            // MET gives no feels-like temperature; none is made up.
            apparentTemperature: nil,
            relativeHumidity: step.instant.relativeHumidity,
            precipitation: (step.periodHours == 1 ? step.period?.details?.precipitationAmount : nil).map(units.precipitation),
            weatherCode: step.condition?.condition.code,
            isDay: step.condition?.isDay,
            windSpeed: step.instant.windSpeed.map(units.windSpeed),
            windDirection: step.instant.windFromDirection,
            windGusts: step.instant.windSpeedOfGust.map(units.windSpeed))
    }

    /// Only the hours MET gives hour by hour, up to the hourly horizon: the
    /// six-hourly part is no hourly forecast, and no hour is invented.
    private func hourly(_ steps: [ReadStep], units: UnitConversion) -> [HourlyForecast] {
        steps.prefix { $0.periodHours == 1 }.prefix(ForecastRequest.hourlyHorizon).map { step in
            HourlyForecast(
                time: step.time,
                temperature: step.instant.airTemperature.map(units.temperature),
                precipitationProbability: step.period?.details?.probabilityOfPrecipitation,
                precipitation: step.period?.details?.precipitationAmount.map(units.precipitation),
                weatherCode: step.condition?.condition.code,
                isDay: step.condition?.isDay,
                windSpeed: step.instant.windSpeed.map(units.windSpeed),
                windDirection: step.instant.windFromDirection)
        }
    }

    /// Days in the place's calendar, from the first step's day: the highest
    /// and lowest temperature, the precipitation of the periods that start
    /// that day, their highest chance of precipitation, the strongest wind,
    /// the most severe condition (as Open-Meteo's daily code is), and
    /// sunrise and sunset worked out for the place. A later day whose
    /// periods cover less than half of it (the end of the series) is left
    /// out rather than shown with half a day's extremes.
    private func daily(_ steps: [ReadStep], units: UnitConversion, timeZone: TimeZone, coordinate: Coordinate, days: Int) -> [DailyForecast] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        var order: [LocalDate] = []
        var byDay: [LocalDate: [ReadStep]] = [:]
        for step in steps {
            let parts = calendar.dateComponents([.year, .month, .day], from: step.time)
            guard let year = parts.year, let month = parts.month, let day = parts.day,
                  let date = LocalDate(year: year, month: month, day: day) else { continue }
            if byDay[date] == nil { order.append(date) }
            byDay[date, default: []].append(step)
        }
        var result: [DailyForecast] = []
        for (index, date) in order.enumerated() where result.count < days {
            let daySteps = byDay[date] ?? []
            let coveredHours = daySteps.compactMap(\.periodHours).reduce(0, +)
            if index > 0, coveredHours < 12 { continue }
            let periods = daySteps.compactMap(\.period)
            let temperatures = daySteps.compactMap(\.instant.airTemperature)
                + periods.compactMap(\.details?.airTemperatureMax) + periods.compactMap(\.details?.airTemperatureMin)
            let amounts = periods.compactMap(\.details?.precipitationAmount)
            let daylight = Daylight(on: date, at: coordinate, in: timeZone)
            result.append(DailyForecast(
                date: date,
                weatherCode: daySteps.filter { $0.period != nil }.compactMap(\.condition?.condition.code).max(),
                temperatureMax: temperatures.max().map(units.temperature),
                temperatureMin: temperatures.min().map(units.temperature),
                precipitationSum: amounts.isEmpty ? nil : units.precipitation(amounts.reduce(0, +)),
                precipitationProbabilityMax: periods.compactMap(\.details?.probabilityOfPrecipitation).max(),
                windSpeedMax: daySteps.compactMap(\.instant.windSpeed).max().map(units.windSpeed),
                sunrise: daylight.sunrise, sunset: daylight.sunset,
                uvIndexMax: nil))
        }
        return result
    }
}

/// MET's units are fixed (°C, m/s, mm); forecastly shows the user's.
struct UnitConversion {
    let system: UnitSystem

    init(system: UnitSystem) { self.system = system }

    func temperature(_ celsius: Double) -> Double {
        system == .metric ? celsius : celsius * 9 / 5 + 32
    }

    func windSpeed(_ metresPerSecond: Double) -> Double {
        system == .metric ? metresPerSecond * 3.6 : metresPerSecond * 3600 / 1609.344
    }

    func precipitation(_ millimetres: Double) -> Double {
        system == .metric ? millimetres : millimetres / 25.4
    }
}
