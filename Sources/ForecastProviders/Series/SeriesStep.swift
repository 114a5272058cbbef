import ForecastCore
import ForecastlyBase
import Foundation

/// One step of a provider's time series, already in the user's units: what
/// holds at `time`, and what falls in the period up to the next step.
/// Providers that send no days of their own (MET Norway, OpenWeather's
/// 3-hour forecast) turn their answers into these, and `SeriesDays` builds
/// the days from them the same way for both.
struct SeriesStep: Sendable {
    var time: Date
    /// The length of the period up to the next step; nil for the last step,
    /// whose period is not known.
    var periodHours: Int?
    /// Every temperature that describes the step: the instant one, and the
    /// period's extremes where the provider gives them.
    var temperatures: [Double]
    /// The period's total, when it has one.
    var precipitation: Double?
    var precipitationProbability: Double?
    var windSpeed: Double?
    /// The period's condition (WMO code); nil when the step has no period.
    var weatherCode: Int?
}

/// Days in the place's own calendar from a time series.
enum SeriesDays {
    /// From the first step's day: the highest and lowest temperature, the
    /// precipitation of the periods that start that day, their highest
    /// chance of precipitation, the strongest wind, the most severe
    /// condition (as Open-Meteo's daily code is), and sunrise and sunset
    /// worked out for the place. A later day whose periods cover less than
    /// half of it (the end of the series) is left out rather than shown
    /// with half a day's extremes.
    static func days(_ steps: [SeriesStep], timeZone: TimeZone, coordinate: Coordinate, limit: Int) -> [DailyForecast] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        var order: [LocalDate] = []
        var byDay: [LocalDate: [SeriesStep]] = [:]
        for step in steps {
            let parts = calendar.dateComponents([.year, .month, .day], from: step.time)
            guard let year = parts.year, let month = parts.month, let day = parts.day,
                  let date = LocalDate(year: year, month: month, day: day) else { continue }
            if byDay[date] == nil { order.append(date) }
            byDay[date, default: []].append(step)
        }
        var result: [DailyForecast] = []
        for (index, date) in order.enumerated() where result.count < limit {
            let daySteps = byDay[date] ?? []
            let periods = daySteps.filter { $0.periodHours != nil }
            let coveredHours = periods.compactMap(\.periodHours).reduce(0, +)
            if index > 0, coveredHours < 12 { continue }
            let amounts = periods.compactMap(\.precipitation)
            let daylight = Daylight(on: date, at: coordinate, in: timeZone)
            let temperatures = daySteps.flatMap(\.temperatures)
            result.append(DailyForecast(
                date: date,
                weatherCode: periods.compactMap(\.weatherCode).max(),
                temperatureMax: temperatures.max(),
                temperatureMin: temperatures.min(),
                precipitationSum: amounts.isEmpty ? nil : amounts.reduce(0, +),
                precipitationProbabilityMax: periods.compactMap(\.precipitationProbability).max(),
                windSpeedMax: daySteps.compactMap(\.windSpeed).max(),
                sunrise: daylight.sunrise.map(wholeSecond), sunset: daylight.sunset.map(wholeSecond),
                uvIndexMax: nil))
        }
        return result
    }

    /// To the second, as every provider's times are: a fraction of a second
    /// would not survive the store's round trip, and a stored forecast must
    /// read back equal to the one that was shown.
    private static func wholeSecond(_ date: Date) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded())
    }
}
