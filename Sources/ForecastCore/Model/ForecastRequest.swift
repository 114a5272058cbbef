public import ForecastlyBase

/// What to forecast: a place and how many days. Every provider is asked in
/// metric units; a display converts (`Forecast.converted(to:)`).
///
/// The initializer validates the ranges, so a service never receives a
/// request the API would reject with a 400.
public struct ForecastRequest: Sendable, Hashable {
    /// The days a request may ask for: the most any provider forecasts
    /// (Open-Meteo's 16); one that forecasts fewer answers the days it has.
    public static let dayRange: ClosedRange<Int> = 1...16
    public static let hourlyHorizon = 48
    /// Hours before now asked with the forecast, where a provider has them:
    /// yesterday at this hour, and three more for the pressure's trend.
    public static let pastHours = 27

    public let coordinate: Coordinate
    public let days: Int
    /// Whether to ask for the next 48 hours; a comparison of many places needs only current and daily values.
    public let includesHourly: Bool

    public init(coordinate: Coordinate, days: Int = 7, includesHourly: Bool = true) throws(ForecastError) {
        try Self.validate(days: days)
        self.coordinate = coordinate
        self.days = days
        self.includesHourly = includesHourly
    }

    public static func validate(days: Int) throws(ForecastError) {
        guard dayRange.contains(days) else {
            throw .invalidInput(MessageText("A forecast covers 1 to 16 days, not {days}.", ["days": "\(days)"]))
        }
    }
}
