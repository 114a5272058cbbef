public import ForecastCore
import ForecastStore
public import Foundation
import LocationProvider

/// The official warnings at a place, in full.
public struct AlertsAnswer: Sendable {
    public var alerts: PlaceAlerts
    public var placeName: String
    /// The place's time zone, for the warnings' times.
    public var timeZone: TimeZone
    public var notes: [AppNote]
    public var unwrittenCaches: [CacheProblem]
}

extension Application {
    /// The warnings in force at the place (`forecastly alerts`): only the
    /// warning service is asked, no forecast. A failure is the error.
    public func alerts(at choice: PlaceChoice, service: ServiceSettings, progress: @escaping ProgressReporter = { _ in }) async throws -> AlertsAnswer {
        let log = NoteLog()
        return try await noting(log) { try await alerts(at: choice, service: service, log: log, progress: progress) }
    }

    private func alerts(at choice: PlaceChoice, service: ServiceSettings, log: NoteLog, progress: @escaping ProgressReporter) async throws -> AlertsAnswer {
        let finder = PlaceFinder(application: self, choice: choice, log: log)
        let services = self.services(service)
        let store = context.store.cache(log)
        let place = try await finder.place(services: services, progress: progress)
        let alerts = try await services.alerts(store: store).alerts(for: context.places.alertPlace(at: place.coordinate, entry: place.gazetteerEntry), now: context.now())
        return AlertsAnswer(
            alerts: alerts, placeName: context.places.name(given: place.name, at: place.coordinate) ?? place.coordinate.description,
            timeZone: context.places.timeZone(at: place.coordinate), notes: log.all, unwrittenCaches: unwrittenCaches(log))
    }
}
