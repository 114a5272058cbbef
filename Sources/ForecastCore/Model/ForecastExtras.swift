public import Foundation

/// What is shown beside a forecast when it was asked for and answered: the
/// air, the next two hours and the official warnings. One value, handed as
/// it is to every output (the report, one line, JSON, Waybar).
public struct ForecastExtras: Sendable, Equatable {
    /// The air now, on `airQualityScale`.
    public var airQuality: AirQuality?
    public var airQualityScale: AirQualityScale
    /// The next two hours' precipitation.
    public var nowcast: Nowcast?
    /// Official warnings at the place, or that no service covers it.
    public var alerts: PlaceAlerts?
    /// The warnings were asked for and could not be had (the service
    /// failed): unknown, which every output tells apart from "none".
    public var alertsUnknown = false
    /// When the air and the next two hours were fetched, when they came
    /// from the store (a report says their age when it matters).
    public var airQualityFetchedAt: Date?
    public var nowcastFetchedAt: Date?

    public init(airQuality: AirQuality? = nil, airQualityScale: AirQualityScale = .european, nowcast: Nowcast? = nil, alerts: PlaceAlerts? = nil) {
        self.airQuality = airQuality
        self.airQualityScale = airQualityScale
        self.nowcast = nowcast
        self.alerts = alerts
    }
}
