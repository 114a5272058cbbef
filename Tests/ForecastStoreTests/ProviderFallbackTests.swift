@testable import ForecastCore
import ForecastlyBase
import ForecastlyTesting
import ForecastSamples
@testable import ForecastStore
import Foundation
import Synchronization
import Testing

/// When the chosen keyless provider is unavailable and nothing fresh is
/// stored, the other one is asked once, and the forecast says who answered.
@Suite struct ProviderFallbackTests {
    /// A provider that answers as scripted and counts its requests.
    final class Provider: Sendable {
        let provider: WeatherProvider
        private let calls = Mutex(0)
        let failure: ForecastError?
        var count: Int { calls.withLock { $0 } }

        init(_ provider: WeatherProvider, failing failure: ForecastError? = nil) {
            self.provider = provider
            self.failure = failure
        }

        var service: ScriptedForecastService {
            ScriptedForecastService(provider: provider) { [self] _ throws(ForecastError) in
                calls.withLock { $0 += 1 }
                if let failure { throw failure }
                var forecast = Sample.zagrebForecast
                forecast.provider = provider
                return forecast
            }
        }
    }

    static let down: [ForecastError] = [
        .httpStatus(429, reason: "Daily API request limit exceeded.", service: .openMeteo),
        .httpStatus(500, reason: nil, service: .openMeteo),
        .transport(.connectionRefused(host: "api.open-meteo.com", port: 443), service: .openMeteo),
    ]

    @Test(arguments: down)
    func openMeteoDownMeansMETNorwayAnswersOnceAndIsNamed(error: ForecastError) async throws {
        let openMeteo = Provider(.openMeteo, failing: error), met = Provider(.metNorway)
        let caching = CachingForecastService(base: openMeteo.service, fallback: met.service, cache: try SQLiteStore.inMemory(), policy: .refresh)
        let forecast = try await caching.forecast(for: Sample.request)
        #expect(forecast.provider == .metNorway)
        #expect(openMeteo.count == 1 && met.count == 1)
        #expect(caching.notices.map(\.text) == ["\(error.summary) MET Norway answered instead."])
        #expect(caching.lastOrigin == .network)
    }

    @Test func bothDownShowTheNewestStoredForecastWithItsAge() async throws {
        let store = try SQLiteStore.inMemory()
        let earlier = Date(timeIntervalSinceNow: -7200)
        _ = try await CachingForecastService(base: Provider(.metNorway).service, cache: store, policy: .refresh, now: { earlier })
            .forecast(for: Sample.request)
        let refused = ForecastError.transport(.connectionRefused(host: "h", port: 1), service: .openMeteo)
        let caching = CachingForecastService(
            base: Provider(.openMeteo, failing: refused).service,
            fallback: Provider(.metNorway, failing: .httpStatus(503, reason: nil, service: .metNorway)).service,
            cache: store, policy: .refresh)
        let forecast = try await caching.forecast(for: Sample.request)
        #expect(forecast.provider == .metNorway)  // the stored one is MET's, and says so
        guard case .stale(let fetchedAt, let error)? = caching.lastOrigin else { Issue.record("not stale"); return }
        #expect(abs(fetchedAt.timeIntervalSince(earlier)) < 1)
        #expect(error == refused)
    }

    /// Both down and nothing stored: the error names both, and the first
    /// provider's error decides the advice and the status.
    @Test func bothDownAndNothingStoredNamesBothProviders() async throws {
        let refused = ForecastError.transport(.connectionRefused(host: "h", port: 1), service: .openMeteo)
        let unavailable = ForecastError.httpStatus(503, reason: nil, service: .metNorway)
        let caching = CachingForecastService(
            base: Provider(.openMeteo, failing: refused).service,
            fallback: Provider(.metNorway, failing: unavailable).service,
            cache: try SQLiteStore.inMemory(), policy: .refresh)
        let both = ForecastError.fallbackFailed(refused, fallback: ServiceName(.metNorway), failure: unavailable)
        await #expect(throws: both) { try await caching.forecast(for: Sample.request) }
        #expect(both.exitStatus == refused.exitStatus && both.adviceMessage == refused.adviceMessage)
        #expect(both.summary == "\(refused.summary) Asked instead: \(unavailable.summary)")
    }

    @Test func aRequestTheProviderRejectsIsNotRetriedElsewhere() async throws {
        let rejected = ForecastError.httpStatus(400, reason: "bad", service: .openMeteo)
        let met = Provider(.metNorway)
        let caching = CachingForecastService(base: Provider(.openMeteo, failing: rejected).service, fallback: met.service,
                                             cache: NoForecastCache(), policy: .refresh)
        await #expect(throws: rejected) { try await caching.forecast(for: Sample.request) }
        #expect(met.count == 0)
    }

    @Test func aFreshStoredForecastAnswersBeforeAnyProvider() async throws {
        let store = try SQLiteStore.inMemory()
        _ = try await CachingForecastService(base: Provider(.openMeteo).service, cache: store, policy: .refresh).forecast(for: Sample.request)
        let openMeteo = Provider(.openMeteo, failing: .httpStatus(500, reason: nil, service: .openMeteo)), met = Provider(.metNorway)
        let caching = CachingForecastService(base: openMeteo.service, fallback: met.service, cache: store, policy: .preferStored(maxAge: 900))
        #expect(try await caching.forecast(for: Sample.request).provider == .openMeteo)
        #expect(openMeteo.count == 0 && met.count == 0)
    }

    @Test func theCacheKeyIncludesTheProvider() async throws {
        let store = try SQLiteStore.inMemory()
        _ = try await CachingForecastService(base: Provider(.openMeteo).service, cache: store, policy: .refresh).forecast(for: Sample.request)
        let met = Provider(.metNorway)
        let forecast = try await CachingForecastService(base: met.service, cache: store, policy: .preferStored(maxAge: 900)).forecast(for: Sample.request)
        #expect(met.count == 1)  // Open-Meteo's stored forecast does not answer for MET Norway
        #expect(forecast.provider == .metNorway)
    }
}
