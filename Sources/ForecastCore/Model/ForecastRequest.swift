public import ForecastlyBase

/// What to forecast: a place, how many days, in which units.
///
/// The initializer validates the ranges, so a service never receives a
/// request the API would reject with a 400.
public struct ForecastRequest: Sendable, Hashable {
    public static let dayRange: ClosedRange<Int> = 1...16
    public static let hourlyHorizon = 48

    public let coordinate: Coordinate
    public let days: Int
    public let units: UnitSystem
    /// Whether to ask for the next 48 hours; a comparison of many places needs only current and daily values.
    public let includesHourly: Bool

    public init(coordinate: Coordinate, days: Int = 7, units: UnitSystem = .metric, includesHourly: Bool = true) throws(ForecastError) {
        try Self.validate(days: days)
        self.coordinate = coordinate
        self.days = days
        self.units = units
        self.includesHourly = includesHourly
    }

    public static func validate(days: Int) throws(ForecastError) {
        guard dayRange.contains(days) else {
            throw .invalidInput("--days must be between 1 and 16 (Open-Meteo forecasts at most 16 days); got \(days).")
        }
    }
}
