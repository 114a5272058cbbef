import ForecastCore
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
    typealias Invalid = InvalidPayload

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
        let current = steps.first.map { step in self.current(step) }
        let hourly = requested.includesHourly ? hourly(steps) : []
        let daily = daily(steps, timeZone: timeZone, coordinate: coordinate, days: requested.days)
        return Forecast(
            coordinate: coordinate, requestedCoordinate: requested.coordinate,
            elevation: geometry.coordinates.count > 2 ? geometry.coordinates[2] : nil, timeZone: timeZone,
            units: .asProvided, current: current, hourly: hourly, daily: daily,
            provider: .metNorway)
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

    private func current(_ step: ReadStep) -> CurrentConditions {
        CurrentConditions(
            time: step.time,
            temperature: step.instant.airTemperature,
            // MET gives no feels-like temperature; none is made up.
            apparentTemperature: nil,
            relativeHumidity: step.instant.relativeHumidity,
            precipitation: step.periodHours == 1 ? step.period?.details?.precipitationAmount : nil,
            weatherCode: step.condition?.condition.code,
            isDay: step.condition?.isDay,
            windSpeed: step.instant.windSpeed.map(Self.kilometresPerHour),
            windDirection: step.instant.windFromDirection,
            windGusts: step.instant.windSpeedOfGust.map(Self.kilometresPerHour),
            pressure: step.instant.airPressureAtSeaLevel,
            dewPoint: step.instant.dewPointTemperature,
            cloudCover: step.instant.cloudAreaFraction)
    }

    /// MET's wind is in m/s; forecastly keeps km/h.
    static func kilometresPerHour(_ metresPerSecond: Double) -> Double { metresPerSecond * 3.6 }

    /// The steps of the next 48 hours as MET gives them: hourly at first,
    /// then six-hourly, each wider step marked with its length
    /// (`stepHours`) so the output can say where the steps widen. No hour
    /// is invented between them.
    private func hourly(_ steps: [ReadStep]) -> [HourlyForecast] {
        guard let first = steps.first?.time else { return [] }
        let horizon = first.addingTimeInterval(Double(ForecastRequest.hourlyHorizon) * 3600)
        return steps.prefix { $0.time < horizon && $0.periodHours != nil }.map { step in
            HourlyForecast(
                time: step.time,
                temperature: step.instant.airTemperature,
                precipitationProbability: step.period?.details?.probabilityOfPrecipitation,
                precipitation: step.period?.details?.precipitationAmount,
                weatherCode: step.condition?.condition.code,
                isDay: step.condition?.isDay,
                windSpeed: step.instant.windSpeed.map(Self.kilometresPerHour),
                windDirection: step.instant.windFromDirection,
                stepHours: step.periodHours == 1 ? nil : step.periodHours,
                pressure: step.instant.airPressureAtSeaLevel,
                dewPoint: step.instant.dewPointTemperature,
                cloudCover: step.instant.cloudAreaFraction)
        }
    }

    /// Days in the place's calendar (`SeriesDays`), each step read with
    /// the period that reaches the next one.
    private func daily(_ steps: [ReadStep], timeZone: TimeZone, coordinate: Coordinate, days: Int) -> [DailyForecast] {
        let series = steps.map { step in
            let details = step.period?.details
            let temperatures = [step.instant.airTemperature, details?.airTemperatureMax, details?.airTemperatureMin].compactMap { $0 }
            return SeriesStep(
                time: step.time, periodHours: step.periodHours,
                temperatures: temperatures,
                precipitation: details?.precipitationAmount,
                precipitationProbability: details?.probabilityOfPrecipitation,
                windSpeed: step.instant.windSpeed.map(Self.kilometresPerHour),
                weatherCode: step.period == nil ? nil : step.condition?.condition.code)
        }
        return SeriesDays.days(series, timeZone: timeZone, coordinate: coordinate, limit: days)
    }
}
