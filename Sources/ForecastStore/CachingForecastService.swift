public import ForecastlyBase
public import ForecastCore
public import Foundation
import Synchronization

/// When a fetched forecast is written to the store.
public enum StoreWriting: Sendable, Equatable {
    /// Before the forecast is answered: whoever reads the store next finds it.
    case beforeAnswering
    /// On another task, while the caller uses the forecast; the caller ends
    /// with `finishWriting()`. For a program that shows the forecast at once
    /// and writes afterwards (the CLI writes before it returns the forecast).
    case inBackground
}

/// A `ForecastService` that keeps every forecast it fetches and answers
/// from the store when it can: offline-first. It wraps any other service,
/// so the view model, notes and the CLI use it unchanged.
///
/// For one request it tries, in order: a stored forecast the provider
/// asked not to replace yet (its `Expires`, even with `--refresh`); a
/// stored forecast within the freshness window; the provider (a conditional
/// request when the stored answer has a `Last-Modified`); the fallback
/// provider, when the first is unavailable and one is given; and last the
/// newest stored forecast of either, shown as stale.
public final class CachingForecastService: ForecastService, Sendable {
    private let base: any ForecastService
    /// Built only when the first provider is unavailable.
    private let makeFallback: @Sendable () -> (any ForecastService)?
    /// The store's answer for the first request, when the caller looked it
    /// up already: the store is read once.
    private let prior: StoredAnswer?
    private let cache: any ForecastCache
    private let policy: CachePolicy
    private let now: @Sendable () -> Date
    private let placeName: @Sendable (ForecastRequest) -> String?
    private let writing: StoreWriting
    /// How long one answer may take in all (`--timeout`): the fallback is
    /// asked only within what the first provider left of it.
    private let budget: Duration?
    private let history = Mutex(History())

    /// What the answers so far came from, for the caller to report.
    private struct History {
        var lastOrigin: ForecastOrigin?
        /// The origin of the last answer to each request (a comparison asks many).
        var byRequest: [ForecastRequest: ForecastOrigin] = [:]
        var problems: [StoreError] = []
        var notices: [MessageText] = []
        /// `.inBackground` writes not yet waited for.
        var writes: [Task<Void, Never>] = []
    }

    /// Answers through `base`, keeping forecasts in `cache` as `policy` and
    /// `writing` say; `fallback` is asked when `base` fails with an
    /// unavailable or temporary error (exit 69 or 75) and nothing fresh is
    /// stored. `placeName` names what is stored, for `--offline`.
    public convenience init(
        base: any ForecastService, fallback: (any ForecastService)? = nil, cache: any ForecastCache, policy: CachePolicy,
        writing: StoreWriting = .beforeAnswering,
        now: @escaping @Sendable () -> Date = Date.init,
        placeName: @escaping @Sendable (ForecastRequest) -> String? = { _ in nil }
    ) {
        self.init(base: base, makingFallback: { fallback }, cache: cache, policy: policy, writing: writing, now: now, placeName: placeName)
    }

    /// As above, with the fallback provider built only when it is needed, and
    /// `prior`, the store's answer the caller already looked up for its
    /// request (`StoredAnswer.lookUp` with the same policy and time).
    public init(
        base: any ForecastService, makingFallback: @escaping @Sendable () -> (any ForecastService)?, cache: any ForecastCache,
        policy: CachePolicy, writing: StoreWriting = .beforeAnswering, now: @escaping @Sendable () -> Date = Date.init,
        prior: StoredAnswer? = nil, budget: Duration? = nil, placeName: @escaping @Sendable (ForecastRequest) -> String? = { _ in nil }
    ) {
        self.budget = budget
        self.base = base
        self.makeFallback = makingFallback
        self.prior = prior
        self.cache = cache
        self.policy = policy
        self.writing = writing
        self.now = now
        self.placeName = placeName
    }

    public var provider: WeatherProvider { base.provider }

    /// The origin of the last forecast answered.
    public var lastOrigin: ForecastOrigin? { history.withLock { $0.lastOrigin } }

    /// The origin of the last answer to `request`.
    public func origin(of request: ForecastRequest) -> ForecastOrigin? { history.withLock { $0.byRequest[request] } }

    /// Store errors met while answering (the forecast was still shown);
    /// with `.inBackground`, complete after `finishWriting()`.
    public var problems: [StoreError] { history.withLock { $0.problems } }

    /// Lines worth showing beside the forecast: that the fallback provider
    /// answered, or that a provider flagged its API as deprecated.
    public var notices: [MessageText] { history.withLock { $0.notices } }

    /// Waits for the `.inBackground` writes started so far.
    public func finishWriting() async {
        let writes = history.withLock { history in
            defer { history.writes = [] }
            return history.writes
        }
        for write in writes { await write.value }
    }

    public func forecast(for request: ForecastRequest) async throws(ForecastError) -> Forecast {
        let started = ContinuousClock.now
        do {
            return try await answer(request, from: base)
        } catch {
            guard error.canFallBackToStored else { throw error }
            let fallback = makeFallback()
            // The fallback is asked only within what the first provider left of the budget.
            let left = budget.map { $0 - (ContinuousClock.now - started) }
            var failure = error
            if let fallback, let left, left <= .zero {
                failure = .fallbackFailed(error, fallback: ServiceName(fallback.provider), failure: nil)
            } else if let fallback {
                do {
                    let forecast = try await within(left, asking: fallback) { () async throws(ForecastError) in
                        try await self.answer(request, from: fallback)
                    }
                    // Said only when it answered: when both fail, the stored forecast's warning says enough.
                    note(MessageText("{error} {provider} answered instead.", ["provider": fallback.provider.name], messages: ["error": [error.summaryMessage]]))
                    return forecast
                } catch let second where second.canFallBackToStored {
                    // Both are unavailable: the stored forecast below, or an error that names both.
                    failure = .fallbackFailed(error, fallback: ServiceName(fallback.provider), failure: second)
                }
            }
            // Only now is an old forecast worth reading: the newest of either provider.
            let providers = [base.provider] + (fallback.map { [$0.provider] } ?? [])
            let stored = providers.compactMap { self.stored(ForecastCacheKey(request, provider: $0), fetchedSince: nil) }
            guard let newest = stored.max(by: { $0.fetchedAt < $1.fetchedAt }) else { throw failure }
            record(.stale(fetchedAt: newest.fetchedAt, error: error), for: request)
            return newest.forecast
        }
    }

    /// `ask`, or a timeout once `limit` has passed (nil: no limit beyond the transport's own).
    private func within(
        _ limit: Duration?, asking service: any ForecastService, _ ask: @escaping @Sendable () async throws(ForecastError) -> Forecast
    ) async throws(ForecastError) -> Forecast {
        guard let limit else { return try await ask() }
        let outcome: Result<Forecast, ForecastError>? = await withTaskGroup(of: Result<Forecast, ForecastError>?.self) { group in
            group.addTask {
                do throws(ForecastError) { return .success(try await ask()) } catch { return .failure(error) }
            }
            group.addTask {
                do { try await Task.sleep(for: limit) } catch { return nil }
                return .failure(.transport(.other("no answer within what --timeout left"), service: ServiceName(service.provider)))
            }
            let first: Result<Forecast, ForecastError>? = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        guard let outcome else { throw .transport(.cancelled, service: ServiceName(service.provider)) }
        return try outcome.get()
    }

    /// From the store when the provider's `Expires` or the freshness window
    /// allows, else from `service`, stored as it arrives.
    private func answer(_ request: ForecastRequest, from service: any ForecastService) async throws(ForecastError) -> Forecast {
        let key = ForecastCacheKey(request, provider: service.provider)
        let lookedUp: StoredAnswer
        do {
            if let prior, prior.key == key {
                lookedUp = prior
            } else {
                lookedUp = try StoredAnswer.lookUp(key, in: cache, policy: policy, now: now())
            }
        } catch {
            // A store that cannot be read is noted, and treated as holding nothing.
            record(problem: error)
            lookedUp = StoredAnswer(key: key, stored: nil, origin: nil)
        }
        let stored = lookedUp.stored
        if let stored, let origin = lookedUp.origin {
            record(origin, for: request)
            return stored.forecast
        }
        switch try await service.fetch(request, ifModifiedSince: stored?.cacheHeaders.lastModified) {
        case .fetched(let forecast, let headers, let warning):
            if let warning { note(warning) }
            keep(forecast, headers: headers, for: request, key: key)
            record(.network, for: request)
            return forecast
        case .notModified(let headers):
            // Only a conditional request, made with a stored answer, can get here.
            guard let stored else {
                throw .undecodable(field: nil, detail: "it answered “not modified” with nothing stored", service: ServiceName(service.provider))
            }
            let renewed = CacheHeaders(
                expires: headers.expires ?? stored.cacheHeaders.expires,
                lastModified: headers.lastModified ?? stored.cacheHeaders.lastModified)
            keep(stored.forecast, headers: renewed, for: request, key: key)
            record(.network, for: request)
            return stored.forecast
        }
    }

    private func keep(_ forecast: Forecast, headers: CacheHeaders, for request: ForecastRequest, key: ForecastCacheKey) {
        let fetchedAt = now()
        switch writing {
        case .beforeAnswering:
            save(forecast, headers: headers, for: request, key: key, fetchedAt: fetchedAt)
        case .inBackground:
            let write = Task.placed { self.save(forecast, headers: headers, for: request, key: key, fetchedAt: fetchedAt) }
            history.withLock { $0.writes.append(write) }
        }
    }

    /// A store that cannot be written is noted; the forecast is still answered.
    private func save(_ forecast: Forecast, headers: CacheHeaders, for request: ForecastRequest, key: ForecastCacheKey, fetchedAt: Date) {
        let stored = StoredForecast(
            forecast: forecast, placeName: placeName(request), fetchedAt: fetchedAt, days: request.days,
            cacheHeaders: headers)
        do {
            try cache.save(stored, key: key)
        } catch {
            record(problem: error)
        }
    }

    /// The newest forecast under `key` fetched since then (any age for nil);
    /// a store that cannot be read is noted, and treated as holding nothing.
    private func stored(_ key: ForecastCacheKey, fetchedSince: Date?) -> StoredForecast? {
        do {
            return try cache.latest(for: key, fetchedSince: fetchedSince)
        } catch {
            record(problem: error)
            return nil
        }
    }

    private func record(_ origin: ForecastOrigin, for request: ForecastRequest) {
        history.withLock { history in
            history.lastOrigin = origin
            history.byRequest[request] = origin
        }
    }

    /// A dropped stored forecast is said on stderr (it is fetched again);
    /// other store problems are only logged: the forecast is shown either way.
    private func record(problem: StoreError) {
        history.withLock { history in
            if case .droppedForecast = problem {
                history.notices.append(MessageText("{error} Fetching a new one.", messages: ["error": [problem.summaryMessage]]))
            } else {
                history.problems.append(problem)
            }
        }
    }
    private func note(_ line: MessageText) { history.withLock { $0.notices.append(line) } }
}
