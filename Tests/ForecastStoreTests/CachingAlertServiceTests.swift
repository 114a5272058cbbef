import ForecastCore
import ForecastlyBase
@testable import ForecastStore
import Foundation
import GRDB
import Synchronization
import Testing

/// Warnings kept in the store: the service is asked again only when its
/// terms allow, a country's answer serves every place in it, and a failing
/// service is stood in for by the stored answer (its warnings still expire).
@Suite struct CachingAlertServiceTests {
    /// A warning service that counts its requests and can be made to fail.
    final class CountingService: AlertService, Sendable {
        let requests = Mutex(0)
        let failing = Mutex(false)
        let clock: Clock

        init(clock: Clock) { self.clock = clock }

        func scope(for place: AlertPlace) -> AlertScope? {
            place.countryCode == "NL" ? AlertScope(source: .meteoAlarm, key: "meteoalarm:netherlands") : nil
        }

        func bulletin(for scope: AlertScope, place: AlertPlace) async throws(ForecastError) -> AlertBulletin {
            requests.withLock { $0 += 1 }
            if failing.withLock({ $0 }) {
                throw .httpStatus(503, reason: nil, service: ServiceName(.verbatim("MeteoAlarm"), urlVariable: "FORECASTLY_METEOALARM_URL", wantsIdentification: false))
            }
            let now = clock.now
            let alert = WeatherAlert(id: "w1", event: "Wind", severity: .moderate, expires: now.addingTimeInterval(3600), headline: "Wind",
                                     sender: "KNMI", areas: ["Drenthe"], area: .named(["Drenthe"]), source: .meteoAlarm)
            return AlertBulletin(source: .meteoAlarm, alerts: [alert], fetchedAt: now, nextRequest: now.addingTimeInterval(600))
        }
    }

    final class Clock: Sendable {
        private let time = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        var now: Date { time.withLock { $0 } }
        func advance(_ seconds: TimeInterval) { time.withLock { $0 = $0.addingTimeInterval(seconds) } }
    }

    static let assen = AlertPlace(coordinate: try! Coordinate(latitude: 52.99, longitude: 6.56), countryCode: "NL", regionNames: ["Drenthe"])
    static let emmen = AlertPlace(coordinate: try! Coordinate(latitude: 52.78, longitude: 6.9), countryCode: "NL", regionNames: ["Drenthe"])

    @Test func theServiceIsAskedOncePerIntervalForTheWholeCountry() async throws {
        let clock = Clock()
        let base = CountingService(clock: clock)
        let store = try SQLiteStore.inMemory()
        let service = CachingAlertService(base: base, cache: store, now: { clock.now })
        #expect(try await service.alerts(for: Self.assen, now: clock.now).active.count == 1)
        #expect(try await service.alerts(for: Self.emmen, now: clock.now).active.count == 1)
        clock.advance(599)
        _ = try await service.alerts(for: Self.assen, now: clock.now)
        #expect(base.requests.withLock { $0 } == 1)
        clock.advance(2)
        _ = try await service.alerts(for: Self.assen, now: clock.now)
        #expect(base.requests.withLock { $0 } == 2)
    }

    @Test func aFailingServiceIsStoodInForUntilTheWarningsExpire() async throws {
        let clock = Clock()
        let base = CountingService(clock: clock)
        let store = try SQLiteStore.inMemory()
        let service = CachingAlertService(base: base, cache: store, now: { clock.now })
        _ = try await service.alerts(for: Self.assen, now: clock.now)
        base.failing.withLock { $0 = true }
        clock.advance(1800)
        guard case .covered(let coverage) = try await service.alerts(for: Self.assen, now: clock.now) else {
            Issue.record("the stored answer stands in")
            return
        }
        #expect(coverage.active.count == 1)
        #expect(coverage.asOf == Date(timeIntervalSince1970: 1_800_000_000))
        clock.advance(1801)
        #expect(try await service.alerts(for: Self.assen, now: clock.now).active.isEmpty)
        // Without a stored answer the failure is the caller's.
        let empty = CachingAlertService(base: base, cache: try SQLiteStore.inMemory(), now: { clock.now })
        await #expect(throws: ForecastError.self) { try await empty.alerts(for: Self.assen, now: clock.now) }
    }

    @Test func noServiceNeedsNoRequest() async throws {
        let clock = Clock()
        let base = CountingService(clock: clock)
        let service = CachingAlertService(base: base, cache: nil, now: { clock.now })
        let tokyo = AlertPlace(coordinate: try Coordinate(latitude: 35.68, longitude: 139.69), countryCode: "JP")
        #expect(try await service.alerts(for: tokyo, now: clock.now) == .noService)
        #expect(base.requests.withLock { $0 } == 0)
    }

    /// A stored answer that cannot be read is asked again, never a failure.
    @Test func anUnreadableStoredAnswerIsAskedAgain() async throws {
        let clock = Clock()
        let base = CountingService(clock: clock)
        let store = try SQLiteStore.inMemory()
        let scope = AlertScope(source: .meteoAlarm, key: "meteoalarm:netherlands")
        try store.save(AlertBulletin(source: .meteoAlarm, alerts: [], fetchedAt: clock.now, nextRequest: clock.now.addingTimeInterval(600)), scope: scope)
        try store.damageBulletin(scope: scope)
        let service = CachingAlertService(base: base, cache: store, now: { clock.now })
        #expect(try await service.alerts(for: Self.assen, now: clock.now).active.count == 1)
        #expect(base.requests.withLock { $0 } == 1)
    }
}

extension SQLiteStore {
    /// Overwrites a stored bulletin's body with bytes that are not one.
    func damageBulletin(scope: AlertScope) throws {
        try write { db in
            try db.execute(sql: "UPDATE alertBulletin SET body = ? WHERE scope = ?", arguments: [Data("not json".utf8), scope.key])
        }
    }
}
