public import ForecastCore
public import Foundation

/// An `AlertService` that keeps each answer and asks the service again only
/// when its terms allow (`AlertBulletin.nextRequest`): a place looked at
/// every minute costs the service one request per interval, and every place
/// in a MeteoAlarm country shares one. When the service fails, the stored
/// answer stands in (each warning still ends at its own expiry).
public struct CachingAlertService: AlertService {
    private let base: any AlertService
    private let cache: (any AlertBulletinCache)?
    private let now: @Sendable () -> Date

    public init(base: any AlertService, cache: (any AlertBulletinCache)?, now: @escaping @Sendable () -> Date = Date.init) {
        self.base = base
        self.cache = cache
        self.now = now
    }

    public func scope(for place: AlertPlace) -> AlertScope? { base.scope(for: place) }

    public func bulletin(for scope: AlertScope, place: AlertPlace) async throws(ForecastError) -> AlertBulletin {
        let stored = try? cache?.bulletin(scope: scope)
        if let stored, now() < stored.nextRequest, stored.fetchedAt <= now() { return stored }
        let fetched: AlertBulletin
        do {
            fetched = try await base.bulletin(for: scope, place: place)
        } catch {
            // Shown with its time (`AlertCoverage.asOf`), so it is not taken for a new answer.
            guard let stored else { throw error }
            return stored
        }
        // The warnings are shown whether or not the store could keep them.
        try? cache?.save(fetched, scope: scope)
        return fetched
    }
}
