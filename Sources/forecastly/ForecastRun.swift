import ForecastCore
import Foundation
import LocationProvider
import ForecastlyBase
import Places

/// One forecast as the CLI gets it: from the store when it is fresh (no
/// network at all), else fetched (and stored), else the stored one marked stale.
struct ForecastRun {
    let location: LocationOptions
    let locating: LocationSourceOptions
    let options: ForecastOptions
    let service: ServiceOptions
    let cache: CacheOptions

    /// What is shown, and where it came from.
    struct Shown {
        var forecast: Forecast
        var placeName: String?
        var place: GazetteerPlace?
        var origin: ForecastOrigin
    }

    /// A place known without the network: typed coordinates, or a city the
    /// offline index knows.
    struct KnownPlace {
        var coordinate: Coordinate
        var name: String?
        var place: GazetteerPlace?
    }

    /// The forecast to show, handed to `present` as soon as it is in hand: a
    /// fetched one is stored and its connection closed meanwhile, and both
    /// are done when this returns.
    @discardableResult
    func load(
        store: SQLiteStore?, city: PlaceQuery?, loader: ForecastLoader, present: (Shown) -> Void = { _ in }
    ) async throws -> Shown {
        let known = try knownPlace(city: city)
        if let known, let store, case .preferStored(let maxAge) = cache.policy {
            let request = try self.request(known.coordinate)
            let now = Date()
            if let stored = try? store.latest(for: ForecastCacheKey(request), fetchedSince: now.addingTimeInterval(-maxAge)) {
                Diagnostics.logger.debug("answered from the store: \(Int(stored.age(at: now))) s old")
                let shown = Shown(forecast: stored.forecast, placeName: known.name ?? stored.placeName ?? Places.name(near: known.coordinate),
                                  place: known.place, origin: .stored(fetchedAt: stored.fetchedAt))
                present(shown)
                return shown
            }
        }
        // A known place's store entry was just looked at: what is left is to
        // fetch, falling back to the stored forecast if that fails.
        let policy: CachePolicy = known != nil ? .refresh : cache.policy
        let (shown, caching) = try await service.withServices { transport, base in
            let caching = store.map { store in
                CachingForecastService(base: base, cache: store, policy: policy, writing: .inBackground, placeName: { request in
                    known?.name ?? Places.name(near: request.coordinate)
                })
            }
            let service: any ForecastService = caching ?? base
            var shown: Shown
            if let known {
                let forecast = try await loader.load(try request(known.coordinate), service: service)
                shown = Shown(forecast: forecast, placeName: known.name, place: known.place, origin: .network)
            } else if let city {
                // Not in the offline index: the online geocoder.
                let resolution = try await Places.resolver(transport: transport).resolve(city)
                if let note = resolution.ambiguityNote { Terminal.standardError.writeLine("forecastly: note: \(note)") }
                let forecast = try await loader.load(try request(resolution.place.coordinate), service: service)
                shown = Shown(forecast: forecast, placeName: resolution.place.displayName, place: resolution.place, origin: .network)
            } else {
                let setup = await LocationSetup.load()
                let provider = try setup.provider(locating, transport: transport, onSatellites: loader.satelliteReporter)
                if locating.source != .manual {
                    try await PermissionPrompt.ensurePermission(setup: setup, services: setup.servicesDescription(locating, transport: transport))
                }
                let forecast = try await loader.locateAndLoad(
                    authorization: setup.authorization, provider: provider, service: service,
                    timeout: locating.timeout, days: options.days, units: options.units)
                shown = Shown(forecast: forecast, placeName: nil, place: nil, origin: .network)
            }
            shown.origin = caching?.lastOrigin ?? .network
            // The IP service's city or the stored place's name, else the
            // nearest place in the gazetteer ("near Bielefeld, DE (3 km)").
            shown.placeName = shown.placeName ?? shown.forecast.fix?.placeName ?? Places.name(near: shown.forecast.requestedCoordinate)
            return (shown, caching)
        } whileClosing: { shown, caching in
            // Shown while the store write, begun when the forecast arrived, finishes.
            present(shown)
            await caching?.finishWriting()
        }
        // The forecast was shown either way; a store that failed to save is only worth a log line.
        for problem in caching?.problems ?? [] { Diagnostics.logger.debug("cache: \(problem.userMessage)") }
        return shown
    }

    /// `--offline`: the stored forecast for the place, or the newest of any
    /// place when none is given. Never touches the network.
    func stored(store: SQLiteStore?, city: PlaceQuery?) async throws -> Shown {
        guard let store else { throw NothingStored(place: nil) }
        let known = try knownPlace(city: city)
        if city != nil, known == nil {
            throw NothingStored(place: city?.description)
        }
        let grid = known.map { ForecastCacheKey.grid($0.coordinate) }
        guard let stored = try store.latest(grid: grid) else {
            throw NothingStored(place: known.map { $0.name ?? "\($0.coordinate)" })
        }
        return Shown(forecast: stored.forecast, placeName: known?.name ?? stored.placeName, place: known?.place,
                     origin: .offline(fetchedAt: stored.fetchedAt))
    }

    private func request(_ coordinate: Coordinate) throws -> ForecastRequest {
        try ForecastRequest(coordinate: coordinate, days: options.days, units: options.units)
    }

    /// A place that needs no locating: typed coordinates, or a city the offline index knows.
    func fixedPlace(city: PlaceQuery?) throws -> KnownPlace? { try knownPlace(city: city) }

    private func knownPlace(city: PlaceQuery?) throws -> KnownPlace? {
        if let coordinate = try location.coordinate() { return KnownPlace(coordinate: coordinate, name: nil, place: nil) }
        guard let city, let resolution = Places.resolveOffline(city) else { return nil }
        if let note = resolution.ambiguityNote { Terminal.standardError.writeLine("forecastly: note: \(note)") }
        return KnownPlace(coordinate: resolution.place.coordinate, name: resolution.place.displayName, place: resolution.place)
    }
}

/// `--offline` with nothing stored for the place.
struct NothingStored: UserFacingError {
    var place: String?

    var summary: String {
        place.map { "No forecast is stored for \($0)." } ?? "No forecast is stored yet."
    }
    var advice: String? { "Run forecastly once while online; every forecast it fetches is kept for --offline." }
    var exitStatus: ExitStatus { .unavailable }
}
