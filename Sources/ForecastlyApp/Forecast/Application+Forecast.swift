import ForecastCore
public import ForecastlyBase
import ForecastProviders
import ForecastStore
import Foundation
import LocationProvider
import Places

extension Application {
    /// The forecast for the place, with the extras asked for. It reads top
    /// down: find the place; answer it from the store when the store may
    /// (no network at all); else from the network (and store it), the
    /// other provider, then the stored forecast shown as stale.
    public func forecast(_ settings: ForecastSettings, progress: @escaping ProgressReporter = { _ in }) async throws -> ForecastAnswer {
        let log = NoteLog()
        return try await noting(log) { try await forecast(settings, log: log, progress: progress) }
    }

    private func forecast(_ settings: ForecastSettings, log: NoteLog, progress: @escaping ProgressReporter) async throws -> ForecastAnswer {
        let finder = PlaceFinder(application: self, choice: settings.place, log: log)
        let services = self.services(settings.service)
        let store = context.store.cache(log)
        let offline = finder.offline()
        var prior: StoredAnswer?
        if let offline, let store {
            switch lookUp(offline, settings: settings, in: store, log: log) {
            case .answered(var answer):
                // The forecast needs no request; the extras (each with its own terms and store) may still.
                let extras = await extras(settings.extras, at: offline.coordinate, entry: offline.gazetteerEntry, services: services, store: store,
                                          deadline: extraDeadline(settings.service, ready: true), log: log)
                answer.extras = extras.shown(settings.extras, timeZone: answer.forecast.timeZone)
                if let note = extras.note(forecastOrigin: answer.origin) { log.add(note) }
                return finished(answer, log: log)
            case .due(let answer):
                prior = answer
            }
        }
        let found = try await finder.find(offline: offline, services: services, progress: progress)
        let given: String? = if case .place(let place) = found { place.name } else { nil }
        let places = context.places
        let caching = try services.answering(store: store, policy: settings.cache, prior: prior) { request in
            places.name(given: given, at: request.coordinate)
        }
        let forecast: Forecast
        let place: Place?
        let extras: ExtraAnswers
        switch found {
        case .place(let known):
            place = known
            progress(.fetching(settings.service.provider))
            // The extras are asked at the same time as the forecast, and
            // have their budget once it is ready.
            let deadline = extraDeadline(settings.service, ready: false)
            async let answers = self.extras(settings.extras, at: known.coordinate, entry: known.gazetteerEntry, services: services, store: store,
                                            deadline: deadline, log: log)
            forecast = try await caching.forecast(for: try settings.request(known.coordinate))
            deadline.forecastIsReady()
            if settings.extras.any { progress(.finishing) }
            extras = await answers
        case .user(let source):
            place = nil
            progress(.locating(source.provider.kind))
            let fix = try await source.provider.currentLocation(timeout: source.timeout)
            progress(.fetching(settings.service.provider))
            var located = try await caching.forecast(for: try settings.request(fix.coordinate))
            located.fix = fix
            forecast = located
            extras = await self.extras(settings.extras, at: fix.coordinate, entry: nil, services: services, store: store,
                                       deadline: extraDeadline(settings.service, ready: true), log: log)
        }
        log.add(contentsOf: caching.notices.map { .note($0) })
        if let note = extras.note(forecastOrigin: caching.lastOrigin) { log.add(note) }
        for problem in caching.problems {
            AppLog.logger.debug("cache: \(problem.userMessage)")
            log.cacheFailed(problem)
        }
        let answer = ForecastAnswer(
            forecast: forecast, placeLabel: places.label(given: place?.name, fix: forecast.fix, at: forecast.requestedCoordinate),
            place: place?.gazetteerEntry, origin: caching.lastOrigin ?? .network,
            extras: extras.shown(settings.extras, timeZone: forecast.timeZone), coordinate: place?.coordinate ?? forecast.fix?.coordinate)
        return finished(answer, log: log)
    }

    /// `--offline`: the stored forecast for the place (given, configured, or
    /// the one stored with `location set`, which a located run falls back
    /// to), or the newest of any place when there is none. Never another
    /// place's forecast when there is a place, and never the network.
    public func storedForecast(_ settings: ForecastSettings) throws -> ForecastAnswer {
        let log = NoteLog()
        do {
            return try storedForecast(settings, log: log)
        } catch {
            if log.all.isEmpty { throw error }
            throw FailedRun(error, notes: log.all)
        }
    }

    /// The place `location set` stored, for a run that would locate: offline it does not locate.
    func storedPlace(for choice: PlaceChoice) -> Place? {
        guard case .located = choice, case .success(let stored?) = context.backends.placeStore.load(), let coordinate = stored.coordinate else { return nil }
        return Place(coordinate: coordinate, name: stored.name)
    }

    private func storedForecast(_ settings: ForecastSettings, log: NoteLog) throws -> ForecastAnswer {
        let finder = PlaceFinder(application: self, choice: settings.place, log: log)
        guard let store = context.store.cache(log) else { throw NothingStored(place: nil) }
        let known = finder.offline() ?? storedPlace(for: settings.place)
        if let city = settings.place.cityQuery, known == nil {
            throw finder.misspelledOffline() ?? NothingStored(place: city.description)
        }
        let grid = known.map { ForecastCacheKey.grid($0.coordinate) }
        guard let stored = try store.latest(grid: grid) else {
            throw NothingStored(place: known.map { $0.name ?? "\($0.coordinate)" })
        }
        let label = context.places.label(given: known?.name, stored: stored.placeName, at: known?.coordinate ?? stored.forecast.requestedCoordinate)
        var answer = ForecastAnswer(forecast: stored.forecast, placeLabel: label, place: known?.gazetteerEntry,
                                    origin: .offline(fetchedAt: stored.fetchedAt), coordinate: known?.coordinate)
        answer.extras.airQualityScale = settings.extras.airQualityScale ?? AirQualityScale.forPlace(timeZone: stored.forecast.timeZone.identifier)
        // The air and the next two hours the store holds for the place, with their age.
        let cell = ForecastCacheKey.grid(stored.forecast.requestedCoordinate)
        if settings.extras.airQuality, let air = try? store.extra("airQuality", key: cell, as: AirQuality.self) {
            answer.extras.airQuality = air.value
            answer.extras.airQualityFetchedAt = air.fetchedAt
        }
        if settings.extras.nowcast, let nowcast = try? store.extra("nowcast", key: cell, as: Nowcast.self) {
            answer.extras.nowcast = nowcast.value
            answer.extras.nowcastFetchedAt = nowcast.fetchedAt
        }
        // The warnings the store still holds for the place, each until its own expiry.
        if settings.extras.alerts {
            let place = context.places.alertPlace(at: stored.forecast.requestedCoordinate, entry: known?.gazetteerEntry)
            if let scope = RegionalAlertService.scope(for: place) {
                answer.extras.alerts = (try? store.bulletin(scope: scope))?.warnings(for: place, at: context.now())
            } else {
                answer.extras.alerts = PlaceAlerts.noService
            }
        }
        return finished(answer, log: log)
    }

    /// The store's part for a known place, before any network service is
    /// built: its answer when the provider asked for no new request yet (its
    /// `Expires`, which even `--refresh` obeys) or it is fresh enough for the
    /// policy; otherwise what was looked up, for the fetch to use.
    private enum Lookup {
        case answered(ForecastAnswer)
        case due(StoredAnswer?)
    }

    private func lookUp(_ known: Place, settings: ForecastSettings, in store: SQLiteStore, log: NoteLog) -> Lookup {
        guard let request = try? settings.request(known.coordinate) else { return .due(nil) }
        let answer: StoredAnswer
        do throws(StoreError) {
            answer = try StoredAnswer.lookUp(ForecastCacheKey(request, provider: settings.service.provider), in: store, policy: settings.cache, now: context.now())
        } catch {
            // One that could not be shown is gone now: said once, and fetched below.
            if case .droppedForecast = error { log.add(.note(MessageText("{error} Fetching a new one.", messages: ["error": [error.summaryMessage]]))) }
            return .due(nil)
        }
        guard let stored = answer.stored, let origin = answer.origin else { return .due(answer) }
        AppLog.logger.debug("answered from the store: \(origin.name), fetched \(stored.fetchedAt)")
        return .answered(ForecastAnswer(
            forecast: stored.forecast, placeLabel: context.places.label(given: known.name, stored: stored.placeName, at: known.coordinate),
            place: known.gazetteerEntry, origin: origin, coordinate: known.coordinate))
    }

    /// The extras' budget, on the application's clock.
    func extraDeadline(_ service: ServiceSettings, ready: Bool) -> ExtraDeadline {
        ExtraDeadline(budget: service.extrasWait, clock: context.clock, ready: ready)
    }

    /// The answer with the run's notes and the caches it could not write.
    func finished(_ answer: ForecastAnswer, log: NoteLog) -> ForecastAnswer {
        var answer = answer
        answer.notes = log.all + answer.notes
        if let outdated = OutdatedNote.note(for: answer, now: context.now()) { answer.notes.append(outdated) }
        answer.unwrittenCaches += unwrittenCaches(log)
        return answer
    }
}

/// `--offline` with nothing stored for the place.
public struct NothingStored: UserFacingError {
    /// What was looked for.
    public enum Kind: Sendable {
        case forecast
        /// `alerts --offline`: the warnings of a place known without the network.
        case alerts
    }

    public var place: String?
    public var what: Kind

    public init(place: String?, what: Kind = .forecast) {
        self.place = place
        self.what = what
    }

    public var summaryMessage: MessageText {
        switch (what, place) {
        case (.forecast, let place?): MessageText("No forecast is stored for {place}.", ["place": place])
        case (.forecast, nil): MessageText("No forecast is stored yet.")
        case (.alerts, let place?): MessageText("No warnings are stored for {place}.", ["place": place])
        case (.alerts, nil): MessageText("Offline, forecastly cannot locate you to look up stored warnings.")
        }
    }
    public var adviceMessage: MessageText? {
        switch (what, place) {
        case (.forecast, _): MessageText("Run forecastly once while online; every forecast it fetches is kept for --offline.")
        case (.alerts, _?): MessageText("Run 'forecastly alerts' once while online; the warnings it fetches are kept for --offline.")
        case (.alerts, nil): MessageText("Give the place with --city, or --lat and --lon, or store one with 'forecastly location set'.")
        }
    }
    public var exitStatus: ExitStatus { .unavailable }
}
