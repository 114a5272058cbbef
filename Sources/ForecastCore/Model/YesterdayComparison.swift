import Foundation

/// Today against yesterday, where the provider sends yesterday's observed
/// values with the forecast: the temperature now against the same hour
/// yesterday, and today's high against yesterday's. In the forecast's own
/// units, so it reads in the units shown.
public struct YesterdayComparison: Sendable, Hashable, Codable {
    /// Yesterday at this hour, and now minus it (positive: warmer now).
    public var temperatureThen: Double?
    public var temperatureDifference: Double?
    /// Yesterday's high, and today's high minus it.
    public var highThen: Double?
    public var highDifference: Double?
}

extension Forecast {
    /// Nil when the provider has no past (MET Norway, OpenWeather): nothing is guessed.
    public var yesterday: YesterdayComparison? {
        guard let past else { return nil }
        var comparison = YesterdayComparison()
        if let now = current, let temperature = now.temperature,
           let then = past.hours.last(where: { abs($0.time.timeIntervalSince(now.time.addingTimeInterval(-86_400))) <= 1800 })?.temperature {
            comparison.temperatureThen = then
            comparison.temperatureDifference = temperature - then
        }
        if let high = today?.temperatureMax, let then = past.yesterday?.temperatureMax {
            comparison.highThen = then
            comparison.highDifference = high - then
        }
        return comparison.temperatureDifference == nil && comparison.highDifference == nil ? nil : comparison
    }
}
