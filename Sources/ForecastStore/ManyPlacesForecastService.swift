public import ForecastCore
import Synchronization

/// Many places in one request (Open-Meteo's comparison), not kept: a table
/// of a hundred places would push the user's own forecasts out of the store.
/// When the provider cannot be reached, every place is answered by the
/// newest forecast the store keeps for it from the same provider (a run of
/// its own put it there), shown as stale; with one place missing, the
/// provider's error stands.
public final class ManyPlacesForecastService: ForecastService, Sendable {
    private let base: any ForecastService
    private let cache: any ForecastCache
    private let origins = Mutex<[ForecastRequest: ForecastOrigin]>([:])

    public init(base: any ForecastService, cache: any ForecastCache) {
        self.base = base
        self.cache = cache
    }

    public var provider: WeatherProvider { base.provider }

    /// The origin of the last answer to `request`.
    public func origin(of request: ForecastRequest) -> ForecastOrigin? { origins.withLock { $0[request] } }

    public func forecast(for request: ForecastRequest) async throws(ForecastError) -> Forecast {
        guard let forecast = try await forecasts(for: [request]).first else {
            throw .undecodable(field: nil, detail: "it answered for no place", service: ServiceName(provider))
        }
        return forecast
    }

    public func forecasts(for requests: [ForecastRequest]) async throws(ForecastError) -> [Forecast] {
        do throws(ForecastError) {
            let forecasts = try await base.forecasts(for: requests)
            origins.withLock { for request in requests.prefix(forecasts.count) { $0[request] = .network } }
            return forecasts
        } catch {
            guard error.canFallBackToStored else { throw error }
            var kept: [StoredForecast] = []
            for request in requests {
                guard let stored = newestKept(for: request) else { throw error }
                kept.append(stored)
            }
            origins.withLock { origins in
                for (request, stored) in zip(requests, kept) { origins[request] = .stale(fetchedAt: stored.fetchedAt, error: error) }
            }
            return kept.map(\.forecast)
        }
    }

    /// The newest forecast kept for the request's place from this provider,
    /// of as many days or more, with hours or without (the hours are left
    /// out when the request did not ask for them). A store that cannot be
    /// read holds nothing here: the provider's error is then the answer.
    private func newestKept(for request: ForecastRequest) -> StoredForecast? {
        let key = ForecastCacheKey(request, provider: base.provider)
        let withHours = ForecastCacheKey(request, provider: base.provider, includesHourly: true)
        let found = [try? cache.latest(for: key), key == withHours ? nil : try? cache.latest(for: withHours)]
            .compactMap { $0 }
        guard var newest = found.max(by: { $0.fetchedAt < $1.fetchedAt }) else { return nil }
        if !request.includesHourly { newest.forecast.hourly = [] }
        return newest
    }
}
