public import ForecastCore
public import ForecastlyBase
public import Foundation

/// Where a forecast is filed in the cache: the provider, the place on a
/// 0.01° grid (about a kilometre, so a GPS fix that wanders a few metres
/// still hits), and the request's days and sections. Forecasts are kept
/// as provided, in metric units.
public struct ForecastCacheKey: Sendable, Hashable {
    public let provider: WeatherProvider
    public let grid: String
    public let days: Int
    public let includesHourly: Bool

    public init(_ request: ForecastRequest, provider: WeatherProvider) {
        self.init(request, provider: provider, includesHourly: request.includesHourly)
    }

    /// The key of `request`'s place and days, with or without hours.
    public init(_ request: ForecastRequest, provider: WeatherProvider, includesHourly: Bool) {
        self.provider = provider
        grid = Self.grid(request.coordinate)
        days = request.days
        self.includesHourly = includesHourly
    }

    public static func grid(_ coordinate: Coordinate) -> String {
        "\(coordinate.latitude.decimalText(places: 2)),\(coordinate.longitude.decimalText(places: 2))"
    }
}

/// A forecast as the store keeps it: the forecast itself, the name it was
/// shown with, when it was fetched, and what the service said about caching it.
public struct StoredForecast: Sendable, Equatable {
    public var forecast: Forecast
    public var placeName: String?
    public var fetchedAt: Date
    public var days: Int
    /// `Expires` and `Last-Modified` of the answer (MET Norway sends them).
    public var cacheHeaders: CacheHeaders

    public init(forecast: Forecast, placeName: String?, fetchedAt: Date, days: Int, cacheHeaders: CacheHeaders = CacheHeaders()) {
        self.cacheHeaders = cacheHeaders
        self.forecast = forecast
        self.placeName = placeName
        self.fetchedAt = fetchedAt
        self.days = days
    }

    public func age(at now: Date) -> TimeInterval { max(0, now.timeIntervalSince(fetchedAt)) }

    /// Whether the service said not to ask again yet: its `Expires` is
    /// still ahead. Until then this is the newest forecast there is.
    public func isUnexpired(at now: Date) -> Bool {
        cacheHeaders.expires.map { now < $0 } ?? false
    }
}

/// What `cache status` reports.
public struct ForecastCacheStatus: Sendable, Equatable {
    public var path: String
    public var forecastCount: Int
    public var placeCount: Int
    public var newest: Date?
    public var oldest: Date?
    public var noteCount: Int
}

/// The forecast cache. Behind a protocol so the pipeline can be tested with
/// any store; the tests use the real SQLite one on temporary files.
public protocol ForecastCache: Sendable {
    func save(_ forecast: StoredForecast, key: ForecastCacheKey) throws(StoreError)
    /// The newest forecast filed under `key`, if it was fetched at or after
    /// `fetchedSince` (any age when nil). Older rows are never decoded: a
    /// stale forecast is only read when it is needed.
    func latest(for key: ForecastCacheKey, fetchedSince: Date?) throws(StoreError) -> StoredForecast?
    /// The newest forecast for a grid cell with any provider, days and
    /// units, or of any place when `grid` is nil (for `--offline`).
    func latest(grid: String?) throws(StoreError) -> StoredForecast?
    func status() throws(StoreError) -> ForecastCacheStatus
    /// Removes every stored forecast (notes stay); returns how many.
    func clear() throws(StoreError) -> Int
}

extension ForecastCache {
    /// The newest forecast filed under `key`, however old.
    public func latest(for key: ForecastCacheKey) throws(StoreError) -> StoredForecast? {
        try latest(for: key, fetchedSince: nil)
    }
}
