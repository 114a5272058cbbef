import Foundation

extension Forecast {
    /// The first `days` days of a longer forecast: a stored seven-day answer
    /// standing for a three-day question gives what that question would
    /// have been answered with, its hours ending with the last day kept.
    public func limited(toDays days: Int) -> Forecast {
        guard days > 0, daily.count > days else { return self }
        var limited = self
        limited.daily = Array(daily.prefix(days))
        // The first day left out starts at local midnight there.
        let firstLeftOut = daily[days].date.daysSinceEpoch * 86_400
        limited.hourly = hourly.filter { hour in
            Int(hour.time.timeIntervalSince1970) + timeZone.secondsFromGMT(for: hour.time) < firstLeftOut
        }
        return limited
    }
}
