public import Foundation
import LocationProvider
import Synchronization

/// How the cache answers a forecast request.
public enum CachePolicy: Sendable, Equatable {
    /// A stored forecast younger than `maxAge` answers without any request;
    /// otherwise fetch, and fall back to the stored one when the network fails.
    case preferStored(maxAge: TimeInterval)
    /// Always fetch (`--refresh`); still fall back when the network fails.
    case refresh

    public static let defaultMaxAge: TimeInterval = 15 * 60
}

/// Where the forecast that was shown came from.
public enum ForecastOrigin: Sendable, Equatable {
    case network
    /// Younger than the freshness window: no request was made.
    case stored(fetchedAt: Date)
    /// The network failed; this is the last stored forecast for the place.
    case stale(fetchedAt: Date, error: ForecastError)
    /// `--offline`: the stored forecast was asked for.
    case offline(fetchedAt: Date)
}

extension ForecastOrigin {
    /// "network", "stored", "stale" or "offline" (the JSON `cache.origin`).
    public var name: String {
        switch self {
        case .network: "network"
        case .stored: "stored"
        case .stale: "stale"
        case .offline: "offline"
        }
    }

    public var fetchedAt: Date? {
        switch self {
        case .network: nil
        case .stored(let date), .stale(let date, _), .offline(let date): date
        }
    }

    /// "fetched 14:05 UTC, 2 h 5 min ago" style label, for the report.
    public func label(now: Date) -> String? {
        guard let fetchedAt else { return nil }
        let age = ValueFormat.age(now.timeIntervalSince(fetchedAt))
        switch self {
        case .network: return nil
        case .stored: return "fetched \(age) ago (fresh enough; --refresh fetches again)"
        case .stale: return "fetched \(age) ago: STALE, the service could not be reached"
        case .offline: return "fetched \(age) ago (offline)"
        }
    }
}

/// When a fetched forecast is written to the store.
public enum StoreWriting: Sendable, Equatable {
    /// Before the forecast is answered: whoever reads the store next finds it.
    case beforeAnswering
    /// On another task, while the caller uses the forecast; the caller ends
    /// with `finishWriting()`. For one that shows the forecast and exits
    /// (the CLI): the write no longer delays the output.
    case inBackground
}

/// A `ForecastService` that keeps every forecast it fetches and answers
/// from the store when it can: offline-first. It wraps any other service,
/// so the view model, notes and the CLI use it unchanged.
public final class CachingForecastService: ForecastService, Sendable {
    private let base: any ForecastService
    private let cache: any ForecastCache
    private let policy: CachePolicy
    private let now: @Sendable () -> Date
    private let placeName: @Sendable (ForecastRequest) -> String?
    private let writing: StoreWriting
    private let history = Mutex(History())

    /// What the answers so far came from, for the caller to report.
    private struct History {
        var origins: [ForecastOrigin] = []
        var problems: [StoreError] = []
        /// `.inBackground` writes not yet waited for.
        var writes: [Task<Void, Never>] = []
    }

    public init(
        base: any ForecastService, cache: any ForecastCache, policy: CachePolicy,
        writing: StoreWriting = .beforeAnswering,
        now: @escaping @Sendable () -> Date = Date.init,
        placeName: @escaping @Sendable (ForecastRequest) -> String? = { _ in nil }
    ) {
        self.base = base
        self.cache = cache
        self.policy = policy
        self.writing = writing
        self.now = now
        self.placeName = placeName
    }

    public var source: DataSource { base.source }

    /// The origin of the last forecast answered.
    public var lastOrigin: ForecastOrigin? { history.withLock { $0.origins.last } }

    /// Store errors met while answering (the forecast was still shown);
    /// with `.inBackground`, complete after `finishWriting()`.
    public var problems: [StoreError] { history.withLock { $0.problems } }

    /// Waits for the `.inBackground` writes started so far.
    public func finishWriting() async {
        let writes = history.withLock { history in
            defer { history.writes = [] }
            return history.writes
        }
        for write in writes { await write.value }
    }

    public func forecast(for request: ForecastRequest) async throws(ForecastError) -> Forecast {
        let key = ForecastCacheKey(request)
        if case .preferStored(let maxAge) = policy, let fresh = stored(key, fetchedSince: now().addingTimeInterval(-maxAge)) {
            record(.stored(fetchedAt: fresh.fetchedAt))
            return fresh.forecast
        }
        do {
            let forecast = try await base.forecast(for: request)
            let fetchedAt = now()
            switch writing {
            case .beforeAnswering:
                save(forecast, for: request, key: key, fetchedAt: fetchedAt)
            case .inBackground:
                let write = Task { save(forecast, for: request, key: key, fetchedAt: fetchedAt) }
                history.withLock { $0.writes.append(write) }
            }
            record(.network)
            return forecast
        } catch {
            // Only now is an old forecast worth reading.
            guard error.canFallBackToStored, let stored = stored(key, fetchedSince: nil) else { throw error }
            record(.stale(fetchedAt: stored.fetchedAt, error: error))
            return stored.forecast
        }
    }

    /// A store that cannot be written is noted; the forecast is still answered.
    private func save(_ forecast: Forecast, for request: ForecastRequest, key: ForecastCacheKey, fetchedAt: Date) {
        let stored = StoredForecast(
            forecast: forecast, placeName: placeName(request), fetchedAt: fetchedAt, days: request.days, units: request.units)
        do {
            try cache.save(stored, key: key)
        } catch {
            record(problem: error)
        }
    }

    /// A store that cannot be read is noted, and treated as holding nothing.
    private func stored(_ key: ForecastCacheKey, fetchedSince: Date?) -> StoredForecast? {
        do {
            return try cache.latest(for: key, fetchedSince: fetchedSince)
        } catch {
            record(problem: error)
            return nil
        }
    }

    private func record(_ origin: ForecastOrigin) { history.withLock { $0.origins.append(origin) } }
    private func record(problem: StoreError) { history.withLock { $0.problems.append(problem) } }
}

extension ForecastError {
    /// The network or the service failed (not the request): a stored
    /// forecast is better than nothing.
    public var canFallBackToStored: Bool {
        exitStatus == .unavailable || exitStatus == .temporaryFailure
    }
}
