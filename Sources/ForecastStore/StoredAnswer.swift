public import ForecastCore
public import Foundation

/// The store's part of answering a request, decided in this one place for
/// `CachingForecastService` and for a caller that looks before it builds
/// any network service (the CLI answers a fresh forecast without starting
/// an HTTP client): which stored forecast matters, and whether it answers
/// without a request.
public struct StoredAnswer: Sendable {
    /// What was looked up.
    public let key: ForecastCacheKey?
    /// The stored forecast worth knowing about: for a provider that sends
    /// caching headers its newest (for `Expires` and `Last-Modified`),
    /// otherwise one within the freshness window; nil with `.refresh` for
    /// the others, and when nothing is stored.
    public let stored: StoredForecast?
    /// `.held` when the provider's `Expires` has not passed (even with
    /// `--refresh`), `.stored` when it is fresh enough for the policy; nil
    /// when a request is due.
    public let origin: ForecastOrigin?

    public init(key: ForecastCacheKey?, stored: StoredForecast?, origin: ForecastOrigin?) {
        self.key = key
        self.stored = stored
        self.origin = origin
    }

    /// Reads the store for `key` as `policy` says, at `now`.
    public static func lookUp(
        _ key: ForecastCacheKey, in cache: any ForecastCache, policy: CachePolicy, now: Date
    ) throws(StoreError) -> StoredAnswer {
        let stored: StoredForecast? = if key.provider.sendsCacheHeaders {
            try cache.latest(for: key, fetchedSince: nil)
        } else if case .preferStored(let maxAge) = policy {
            try cache.latest(for: key, fetchedSince: now.addingTimeInterval(-maxAge))
        } else {
            nil
        }
        guard let stored else { return StoredAnswer(key: key, stored: nil, origin: nil) }
        if let expires = stored.cacheHeaders.expires, now < expires {
            return StoredAnswer(key: key, stored: stored, origin: .held(fetchedAt: stored.fetchedAt, until: expires))
        }
        if case .preferStored(let maxAge) = policy, stored.fetchedAt >= now.addingTimeInterval(-maxAge) {
            return StoredAnswer(key: key, stored: stored, origin: .stored(fetchedAt: stored.fetchedAt))
        }
        return StoredAnswer(key: key, stored: stored, origin: nil)
    }
}
