import ForecastCore
import ForecastProviders
import ForecastlyBase
import ForecastStore
import Foundation
import Places

/// One forecast as the CLI gets it, returned for the command to print. It
/// reads top down: find the place, then answer it from the store when the
/// store may answer (no network at all), else from the network (and store
/// it), else from the stored forecast, shown as stale.
struct ForecastRun {
    let finder: PlaceFinder
    let days: Int
    let units: UnitSystem
    let cache: CachePolicy
    let services: ServiceSettings
    /// Whether to ask for the air too, and on which index (nil: by region).
    var air: AirQualityWanted?
    /// Whether to ask for the next two hours too.
    var nowcast = false
    /// Whether to ask for official warnings too.
    var alerts = false

    struct AirQualityWanted {
        var scale: AirQualityScale?
    }

    /// What is shown, where it came from, and what to say beside it.
    struct Shown {
        var forecast: Forecast
        var placeName: String?
        var place: GazetteerPlace?
        var origin: ForecastOrigin
        /// That another provider answered, or that one flagged its API.
        var notices: [String] = []
        /// The air, the next two hours and the warnings, as far as asked for and answered.
        var extras = OutputRenderer.Extras()
        /// Why the warnings could not be had, when they were asked for.
        var alertError: ForecastError?

        /// The extras' answers beside the forecast; the air's index is the
        /// one asked for, else the place's region's.
        mutating func add(_ answers: ExtraAnswers, scale: AirQualityScale?) {
            notices += answers.notices
            extras = OutputRenderer.Extras(
                airQuality: answers.air.value, airQualityScale: scale ?? AirQualityScale.forPlace(timeZone: forecast.timeZone.identifier),
                nowcast: answers.nowcast.value, alerts: answers.alerts.value)
            alertError = answers.alerts.error
        }
    }

    /// The forecast for the place, with the extras asked for.
    func load(store: SQLiteStore?, loader: ForecastLoader) async throws -> Shown {
        let offline = finder.offline()
        if let offline, let store, var shown = stored(offline, in: store) {
            // The forecast needs no request; the extras (each with its own
            // terms and store) may still.
            guard wantsExtras else { return shown }
            let answers = try await Services.with(services) { services in
                await self.extras(at: offline.coordinate, entry: offline.gazetteerEntry, services: services, store: store)
            }
            shown.add(answers, scale: air?.scale)
            return shown
        }
        let (shown, caching) = try await Services.with(services) { services in
            let found = try await finder.find(offline: offline, services: services, onSatellites: loader.satelliteReporter)
            // A known place's store entry was just looked at: what is left is
            // to fetch, falling back to the other provider, then to the stored forecast.
            let policy: CachePolicy = offline != nil ? .refresh : cache
            let caching = services.answering(store: store, policy: policy, placeName: Self.storedName(for: found))
            let forecast: Forecast
            var place: Place?
            let answers: ExtraAnswers
            switch found {
            case .place(let known):
                place = known
                // The extras are asked at the same time as the forecast.
                async let extraAnswers = extras(at: known.coordinate, entry: known.gazetteerEntry, services: services, store: store)
                forecast = try await loader.load(try request(known.coordinate), service: caching)
                answers = await extraAnswers
            case .user(let source):
                forecast = try await loader.locateAndLoad(
                    authorization: source.authorization, provider: source.provider, service: caching,
                    timeout: source.timeout, days: days, units: units)
                answers = await extras(at: forecast.requestedCoordinate, entry: nil, services: services, store: store)
            }
            var shown = Shown(
                forecast: forecast, placeName: Place.name(given: place?.name, fix: forecast.fix, at: forecast.requestedCoordinate),
                place: place?.gazetteerEntry, origin: caching.lastOrigin ?? .network, notices: caching.notices)
            shown.add(answers, scale: air?.scale)
            return (shown, caching)
        }
        // The forecast is shown either way; a store that could not be written
        // ends the run after it (`UnwrittenCache`), other problems are only logged.
        for problem in caching.problems {
            Diagnostics.logger.debug("cache: \(problem.userMessage)")
            if case .cannotWrite = problem { UnwrittenCache.record(problem) }
        }
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
        var shown = Shown(forecast: stored.forecast, placeName: known?.name ?? stored.placeName, place: known?.gazetteerEntry,
                          origin: .offline(fetchedAt: stored.fetchedAt))
        // The warnings the store still holds for the place, each until its own expiry.
        if alerts {
            let place = PlaceLookup.alertPlace(at: stored.forecast.requestedCoordinate, entry: known?.gazetteerEntry)
            if let scope = RegionalAlertService.scope(for: place) {
                shown.extras.alerts = (try? store.bulletin(scope: scope))?.warnings(for: place, at: Date())
            } else {
                shown.extras.alerts = PlaceAlerts.noService
            }
        }
        return shown
    }

    /// The stored forecast for a known place when the store may answer
    /// before any network service is built: the provider asked for no new
    /// request yet (its `Expires`, which even `--refresh` obeys), or it is
    /// fresh enough for the cache policy. The same decision as the caching
    /// service's (`StoredAnswer`).
    private func stored(_ known: Place, in store: SQLiteStore) -> Shown? {
        guard let key = try? ForecastCacheKey(request(known.coordinate), provider: services.provider) else { return nil }
        let answer: StoredAnswer
        do {
            answer = try StoredAnswer.lookUp(key, in: store, policy: cache, now: Date())
        } catch {
            // One that could not be shown is gone now: said once, and fetched below.
            if case .droppedForecast = error { Terminal.standardError.writeLine("forecastly: note: \(error.summary) Fetching a new one.") }
            return nil
        }
        guard let stored = answer.stored, let origin = answer.origin else { return nil }
        Diagnostics.logger.debug("answered from the store: \(origin.name), fetched \(stored.fetchedAt)")
        return Shown(forecast: stored.forecast, placeName: Place.name(given: known.name, stored: stored.placeName, at: known.coordinate),
                     place: known.gazetteerEntry, origin: origin)
    }

    /// An extra beside the forecast (the air, the next two hours, the
    /// warnings), or why not: a failure is a note on stderr and the forecast
    /// is shown all the same.
    struct Extra<Value: Sendable>: Sendable {
        var value: Value?
        var notices: [String] = []
        var error: ForecastError?
    }

    /// The answers of every extra asked for one place.
    struct ExtraAnswers: Sendable {
        var air = Extra<AirQuality>()
        var nowcast = Extra<Nowcast>()
        var alerts = Extra<PlaceAlerts>()

        var notices: [String] { alerts.notices + nowcast.notices + air.notices }
    }

    var wantsExtras: Bool { air != nil || nowcast || alerts }

    /// Asks every extra wanted for the point, all at once.
    func extras(at coordinate: Coordinate, entry: GazetteerPlace?, services: Services, store: SQLiteStore?) async -> ExtraAnswers {
        let alertService = services.alerts(store: store)
        async let air = extra(air != nil, "No air quality") { () async throws(ForecastError) in
            try await services.airQuality.airQuality(at: coordinate)
        }
        async let nowcast = extra(nowcast, "No rain for the next 2 hours") { () async throws(ForecastError) in
            try await services.nowcast.nowcast(at: coordinate)
        }
        async let alerts = extra(alerts, "No weather warnings") { () async throws(ForecastError) in
            try await alertService.alerts(for: PlaceLookup.alertPlace(at: coordinate, entry: entry))
        }
        return ExtraAnswers(air: await air, nowcast: await nowcast, alerts: await alerts)
    }

    /// Asks for an extra when it is `wanted`; a failure becomes the note "`what`: why".
    private func extra<Value: Sendable>(
        _ wanted: Bool, _ what: String, _ fetch: () async throws(ForecastError) -> Value
    ) async -> Extra<Value> {
        guard wanted else { return Extra() }
        do throws(ForecastError) {
            return Extra(value: try await fetch())
        } catch {
            return Extra(notices: ["\(what): \(error.userMessage)"], error: error)
        }
    }

    func request(_ coordinate: Coordinate) throws(ForecastError) -> ForecastRequest {
        try ForecastRequest(coordinate: coordinate, days: days, units: units)
    }

    /// The name a fetched forecast is stored under: the city's, else the nearest place's.
    static func storedName(for found: PlaceFinder.Found) -> @Sendable (ForecastRequest) -> String? {
        let given: String? = if case .place(let place) = found { place.name } else { nil }
        return { request in Place.name(given: given, at: request.coordinate) }
    }
}
