import ForecastCore
import ForecastlyBase
import ForecastStore
import Foundation
import LocationProvider
import Places

/// One forecast as the CLI gets it. It reads top down: find the place, then
/// answer it from the store when a fresh forecast is there (no network at
/// all), else from the network (and store it), else from the stored
/// forecast, shown as stale.
struct ForecastRun {
    let finder: PlaceFinder
    let days: Int
    let units: UnitSystem
    let cache: CachePolicy
    let services: ServiceSettings

    /// What is shown, and where it came from.
    struct Shown {
        var forecast: Forecast
        var placeName: String?
        var place: GazetteerPlace?
        var origin: ForecastOrigin
    }

    /// The forecast to show, handed to `present` as soon as it is in hand: a
    /// fetched one is stored and its connection closed meanwhile, and both
    /// are done when this returns.
    @discardableResult
    func load(store: SQLiteStore?, loader: ForecastLoader, present: (Shown) -> Void = { _ in }) async throws -> Shown {
        let offline = finder.offline()
        if let offline, let store, let shown = try freshlyStored(offline, in: store) {
            present(shown)
            return shown
        }
        let (shown, caching) = try await Services.with(services) { services in
            let place = try await finder.find(offline: offline, services: services, onSatellites: loader.satelliteReporter)
            // A known place's store entry was just looked at: what is left is
            // to fetch, falling back to the other provider, then to the stored forecast.
            let policy: CachePolicy = offline != nil ? .refresh : cache
            let caching = services.answering(store: store, policy: policy, writing: .inBackground, placeName: Self.name(for: place))
            let weather: any ForecastService = caching
            var shown: Shown
            switch place {
            case .known(let known):
                let forecast = try await loader.load(try request(known.coordinate), service: weather)
                shown = Shown(forecast: forecast, placeName: known.name, place: known.place, origin: .network)
            case .located(let source):
                let forecast = try await loader.locateAndLoad(
                    authorization: source.authorization, provider: source.provider, service: weather,
                    timeout: source.timeout, days: days, units: units)
                shown = Shown(forecast: forecast, placeName: nil, place: nil, origin: .network)
            }
            shown.origin = caching.lastOrigin ?? .network
            // The IP service's city or the stored place's name, else the
            // nearest place in the gazetteer ("near Bielefeld, DE (3 km)").
            shown.placeName = shown.placeName ?? shown.forecast.fix?.placeName ?? PlaceLookup.name(near: shown.forecast.requestedCoordinate)
            return (shown, caching)
        } whileClosing: { (shown: Shown, caching: CachingForecastService) in
            // That another provider answered, or that one flagged its API.
            for notice in caching.notices { Terminal.standardError.writeLine("forecastly: note: \(notice)") }
            // Shown while the store write, begun when the forecast arrived, finishes.
            present(shown)
            await caching.finishWriting()
        }
        // The forecast was shown either way; a store that failed to save is only worth a log line.
        for problem in caching.problems { Diagnostics.logger.debug("cache: \(problem.userMessage)") }
        return shown
    }

    /// `--offline`: the stored forecast for the place, or the newest of any
    /// place when none is given. Never touches the network.
    func stored(store: SQLiteStore?) throws -> Shown {
        guard let store else { throw NothingStored(place: nil) }
        let known = finder.offline()
        if case .city(let city) = finder.choice, known == nil {
            throw NothingStored(place: city.description)
        }
        let grid = known.map { ForecastCacheKey.grid($0.coordinate) }
        guard let stored = try store.latest(grid: grid) else {
            throw NothingStored(place: known.map { $0.name ?? "\($0.coordinate)" })
        }
        return Shown(forecast: stored.forecast, placeName: known?.name ?? stored.placeName, place: known?.place,
                     origin: .offline(fetchedAt: stored.fetchedAt))
    }

    /// The stored forecast for a known place when the chosen provider asked
    /// for no new request yet (its `Expires`, which even `--refresh` obeys),
    /// or when it is fresh enough for the cache policy.
    private func freshlyStored(_ known: KnownPlace, in store: SQLiteStore) throws -> Shown? {
        let now = Date()
        let key = ForecastCacheKey(try request(known.coordinate), provider: services.provider)
        // Only a provider's own caching headers make an old forecast worth reading here.
        let since: Date?
        if services.provider.sendsCacheHeaders {
            since = nil
        } else if case .preferStored(let maxAge) = cache {
            since = now.addingTimeInterval(-maxAge)
        } else {
            return nil  // --refresh: nothing stored answers
        }
        guard let stored = try? store.latest(for: key, fetchedSince: since) else { return nil }
        let origin: ForecastOrigin
        if let expires = stored.cacheHeaders.expires, now < expires {
            Diagnostics.logger.debug("answered from the store: \(services.provider.name) asked for no new request before \(expires)")
            origin = .held(fetchedAt: stored.fetchedAt, until: expires)
        } else if case .preferStored(let maxAge) = cache, stored.age(at: now) <= maxAge {
            Diagnostics.logger.debug("answered from the store: \(Int(stored.age(at: now))) s old")
            origin = .stored(fetchedAt: stored.fetchedAt)
        } else {
            return nil
        }
        return Shown(forecast: stored.forecast, placeName: known.name ?? stored.placeName ?? PlaceLookup.name(near: known.coordinate),
                     place: known.place, origin: origin)
    }

    func request(_ coordinate: Coordinate) throws(ForecastError) -> ForecastRequest {
        try ForecastRequest(coordinate: coordinate, days: days, units: units)
    }

    /// The name a stored forecast is kept under: the city's, else the nearest place's.
    static func name(for place: FoundPlace) -> @Sendable (ForecastRequest) -> String? {
        let known: String? = if case .known(let known) = place { known.name } else { nil }
        return { request in known ?? PlaceLookup.name(near: request.coordinate) }
    }
}
