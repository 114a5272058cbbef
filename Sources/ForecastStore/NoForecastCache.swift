public import Foundation

/// A cache that keeps nothing: for a run whose store cannot be opened, so
/// the forecast still goes through the one answering path (provider, then
/// fallback provider) of `CachingForecastService`.
public struct NoForecastCache: ForecastCache {
    public init() {}

    public func save(_ forecast: StoredForecast, key: ForecastCacheKey) throws(StoreError) {}
    public func latest(for key: ForecastCacheKey, fetchedSince: Date?) throws(StoreError) -> StoredForecast? { nil }
    public func latest(grid: String?) throws(StoreError) -> StoredForecast? { nil }
    public func status() throws(StoreError) -> ForecastCacheStatus {
        ForecastCacheStatus(path: "", forecastCount: 0, placeCount: 0, newest: nil, oldest: nil, noteCount: 0)
    }
    public func clear() throws(StoreError) -> Int { 0 }
}
