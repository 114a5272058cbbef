@testable import ForecastCore
import ForecastlyBase
import ForecastlyTesting
import ForecastSamples
@testable import ForecastStore
import Foundation
import Testing

/// When `CachingForecastService` writes what it fetched, and what it does
/// when the write fails.
@Suite struct CachingForecastServiceTests {
    static let fetchedAt = Date(timeIntervalSince1970: 1_800_000_000)

    static func caching(
        _ cache: any ForecastCache, writing: StoreWriting, forecast: Forecast
    ) -> CachingForecastService {
        CachingForecastService(
            base: ScriptedForecastService { _ in forecast }, cache: cache, policy: .refresh, writing: writing,
            now: { fetchedAt }, placeName: { _ in "Zagreb, HR" })
    }

    @Test func writesBeforeAnsweringByDefault() async throws {
        let store = try SQLiteStore.inMemory()
        let forecast = Sample.zagrebForecast
        let caching = Self.caching(store, writing: .beforeAnswering, forecast: forecast)
        #expect(try await caching.forecast(for: Sample.request) == forecast)
        // Readable at once, with nothing to wait for.
        let stored = try #require(try store.latest(for: ForecastCacheKey(Sample.request, provider: .openMeteo), fetchedSince: nil))
        #expect(stored.forecast == forecast)
        #expect(stored.placeName == "Zagreb, HR")
        #expect(stored.fetchedAt == Self.fetchedAt)
        #expect(caching.lastOrigin == .network)
    }

    @Test func writesInBackgroundAreDoneWhenFinished() async throws {
        let store = try SQLiteStore.inMemory()
        let forecast = Sample.zagrebForecast
        let caching = Self.caching(store, writing: .inBackground, forecast: forecast)
        #expect(try await caching.forecast(for: Sample.request) == forecast)
        #expect(caching.lastOrigin == .network)
        await caching.finishWriting()
        let stored = try #require(try store.latest(for: ForecastCacheKey(Sample.request, provider: .openMeteo), fetchedSince: nil))
        #expect(stored.forecast == forecast)
        #expect(stored.placeName == "Zagreb, HR")
        #expect(stored.fetchedAt == Self.fetchedAt)
        #expect(caching.problems.isEmpty)
    }

    @Test(arguments: [StoreWriting.beforeAnswering, .inBackground])
    func aFailedWriteIsReportedAndTheForecastStillAnswered(writing: StoreWriting) async throws {
        let forecast = Sample.zagrebForecast
        let caching = Self.caching(UnwritableCache(), writing: writing, forecast: forecast)
        #expect(try await caching.forecast(for: Sample.request) == forecast)
        await caching.finishWriting()
        #expect(caching.problems == [UnwritableCache.error])
        #expect(caching.lastOrigin == .network)
    }
}

/// A store every write to fails, as a full disk would.
private struct UnwritableCache: ForecastCache {
    static let error = StoreError.unavailable(path: "/full/forecastly.sqlite", detail: MessageText("the disk is full"))

    func save(_ forecast: StoredForecast, key: ForecastCacheKey) throws(StoreError) { throw Self.error }
    func latest(for key: ForecastCacheKey, fetchedSince: Date?) throws(StoreError) -> StoredForecast? { nil }
    func latest(grid: String?) throws(StoreError) -> StoredForecast? { nil }
    func status() throws(StoreError) -> ForecastCacheStatus {
        ForecastCacheStatus(path: "/full/forecastly.sqlite", forecastCount: 0, placeCount: 0, newest: nil, oldest: nil, noteCount: 0)
    }
    func clear() throws(StoreError) -> Int { 0 }
}
