import ForecastlyBase
public import ForecastCore
public import ForecastlySettings

/// What a forecast run is asked for.
public struct ForecastSettings: Sendable {
    public var place: PlaceChoice
    /// Days to forecast, 1…16.
    public var days: Int
    public var service: ServiceSettings
    /// The extras to ask beside the forecast.
    public var extras: ExtrasWanted
    /// When the store may answer instead of the network.
    public var cache: CachePolicy

    public init(
        place: PlaceChoice, days: Int = 7, service: ServiceSettings = ServiceSettings(),
        extras: ExtrasWanted = .none, cache: CachePolicy = .preferStored(maxAge: CachePolicy.defaultMaxAge)
    ) {
        self.place = place
        self.days = days
        self.service = service
        self.extras = extras
        self.cache = cache
    }

    func request(_ coordinate: Coordinate) throws(ForecastError) -> ForecastRequest {
        try ForecastRequest(coordinate: coordinate, days: days)
    }
}

/// Which extras a run asks beside the forecast: only what its output shows.
public struct ExtrasWanted: Sendable, Hashable {
    public var airQuality: Bool
    /// The air's index; nil: the place's region's (European in Europe, US elsewhere).
    public var airQualityScale: AirQualityScale?
    public var nowcast: Bool
    public var alerts: Bool

    public init(airQuality: Bool = false, airQualityScale: AirQualityScale? = nil, nowcast: Bool = false, alerts: Bool = false) {
        self.airQuality = airQuality
        self.airQualityScale = airQualityScale
        self.nowcast = nowcast
        self.alerts = alerts
    }

    public static let none = ExtrasWanted()

    var any: Bool { airQuality || nowcast || alerts }
}

extension ForecastSettings {
    /// A forecast as the user's settings (config.toml, the environment, the
    /// locale) have it: their days, provider and key, and the extras they
    /// did not turn off (the units are the display's: `settings.units`).
    public init(place: PlaceChoice, settings: Settings) {
        self.init(
            place: place, days: settings.days.value,
            service: ServiceSettings(provider: settings.provider.value, apiKey: settings.apiKey?.value, extrasWait: settings.extrasWait.value),
            extras: ExtrasWanted(airQuality: settings.airQuality.value, airQualityScale: settings.aqi?.value,
                                 nowcast: settings.nowcast.value, alerts: settings.alerts.value))
    }
}
