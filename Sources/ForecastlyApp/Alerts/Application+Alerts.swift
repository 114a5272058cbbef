public import ForecastCore
import ForecastlyBase
import ForecastPresentation
import ForecastProviders
import ForecastStore
public import Foundation
public import Places
import LocationProvider

/// The official warnings at a place, in full.
public struct AlertsAnswer: Sendable {
    public var alerts: PlaceAlerts
    /// What the place is called, as people read it.
    public var placeLabel: PlaceLabel
    /// The same in English, as JSON keeps it.
    public var placeName: String { placeLabel.description }
    /// The place's time zone, for the warnings' times.
    public var timeZone: TimeZone
    public var notes: [AppNote]
    public var unwrittenCaches: [CacheProblem]
}

/// How `forecastly alerts` uses the stored warnings: the forecast's
/// `--refresh` and `--offline`, as far as the warning services' terms go.
public enum AlertsCachePolicy: Sendable, Equatable {
    /// The stored answer until its service may be asked again, then a new one.
    case asTermsAllow
    /// A new answer now, unless the service asked for time between requests
    /// (then the stored one, and a note saying when it may be asked).
    case refresh
    /// No network: the stored answer for the place, or an error.
    case offline
}

extension Application {
    /// The warnings in force at the place (`forecastly alerts`): only the
    /// warning service is asked, no forecast. A failure is the error.
    public func alerts(at choice: PlaceChoice, service: ServiceSettings, cache: AlertsCachePolicy = .asTermsAllow,
                       progress: @escaping ProgressReporter = { _ in }) async throws -> AlertsAnswer {
        let log = NoteLog()
        return try await noting(log) { try await alerts(at: choice, service: service, cache: cache, log: log, progress: progress) }
    }

    private func alerts(at choice: PlaceChoice, service: ServiceSettings, cache: AlertsCachePolicy, log: NoteLog,
                        progress: @escaping ProgressReporter) async throws -> AlertsAnswer {
        let finder = PlaceFinder(application: self, choice: choice, log: log)
        let store = context.store.cache(log)
        if cache == .offline { return try storedAlerts(finder: finder, store: store, log: log) }
        let services = self.services(service)
        let place = try await finder.place(services: services, progress: progress)
        let alertPlace = context.places.alertPlace(at: place.coordinate, entry: place.gazetteerEntry)
        if cache == .refresh, let store, let scope = RegionalAlertService.scope(for: alertPlace),
           let stored = try? store.bulletin(scope: scope), context.now() < stored.nextRequest {
            let clock = PlaceClock(timeZone: context.places.timeZone(at: place.coordinate))
            log.add(.note(MessageText("{service} asks for time between requests: its warnings of {time} are shown, and it may be asked again at {next}.",
                                      ["service": stored.source.name, "time": clock.time(stored.fetchedAt), "next": clock.time(stored.nextRequest)])))
        }
        let alerts = try await services.alerts(store: store).alerts(for: alertPlace, now: context.now())
        return AlertsAnswer(
            alerts: alerts, placeLabel: context.places.label(given: place.name, at: place.coordinate) ?? .name(place.coordinate.description),
            timeZone: context.places.timeZone(at: place.coordinate), notes: log.all, unwrittenCaches: unwrittenCaches(log))
    }

    /// `alerts --offline`: the warnings the store holds for a place known
    /// without the network (typed, a city of the index, or the stored
    /// place), each until its own expiry; never a request.
    private func storedAlerts(finder: PlaceFinder, store: SQLiteStore?, log: NoteLog) throws -> AlertsAnswer {
        guard let place = finder.offline() ?? storedPlace(for: finder.choice) else {
            throw finder.misspelledOffline() ?? NothingStored(place: finder.choice.cityQuery?.description, what: .alerts)
        }
        let name = context.places.label(given: place.name, at: place.coordinate) ?? .name(place.coordinate.description)
        let alertPlace = context.places.alertPlace(at: place.coordinate, entry: place.gazetteerEntry)
        let alerts: PlaceAlerts
        if let scope = RegionalAlertService.scope(for: alertPlace) {
            guard let bulletin = try? store?.bulletin(scope: scope) else { throw NothingStored(place: name.description, what: .alerts) }
            alerts = bulletin.warnings(for: alertPlace, at: context.now())
        } else {
            alerts = PlaceAlerts.noService
        }
        return AlertsAnswer(alerts: alerts, placeLabel: name, timeZone: context.places.timeZone(at: place.coordinate),
                            notes: log.all, unwrittenCaches: unwrittenCaches(log))
    }
}
