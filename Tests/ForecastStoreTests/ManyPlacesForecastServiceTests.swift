@testable import ForecastCore
import ForecastlyBase
import ForecastlyTesting
import ForecastSamples
import ForecastStore
import Foundation
import Testing

/// A comparison asked of a provider that answers many places at once: not
/// kept, and answered from what runs of their own kept when the provider
/// cannot be reached.
@Suite struct ManyPlacesForecastServiceTests {
    static let down = ForecastError.httpStatus(503, reason: nil, service: .openMeteo)
    static let fetchedAt = Date(timeIntervalSince1970: 1_800_000_000)
    static let zagreb = try! ForecastRequest(coordinate: Sample.zagreb, days: 1, includesHourly: false)
    static let kyiv = try! ForecastRequest(coordinate: Coordinate(latitude: 50.45, longitude: 30.52), days: 1, includesHourly: false)

    /// What a run of its own keeps: a week, with hours.
    static func keep(_ request: ForecastRequest, in store: SQLiteStore, temperature: Double) throws {
        var forecast = Sample.zagrebForecast
        forecast.requestedCoordinate = request.coordinate
        forecast.current?.temperature = temperature
        let week = try ForecastRequest(coordinate: request.coordinate, days: 7)
        try store.save(StoredForecast(forecast: forecast, placeName: nil, fetchedAt: fetchedAt, days: 7), key: ForecastCacheKey(week, provider: .openMeteo))
    }

    @Test func answeredIsNotKept() async throws {
        let store = try SQLiteStore.inMemory()
        let service = ManyPlacesForecastService(base: ScriptedForecastService { _ in Sample.zagrebForecast }, cache: store)
        _ = try await service.forecasts(for: [Self.zagreb, Self.kyiv])
        #expect(try store.status().forecastCount == 0)
        #expect(service.origin(of: Self.kyiv) == .network)
    }

    @Test func unreachableIsAnsweredFromWhatWasKept() async throws {
        let store = try SQLiteStore.inMemory()
        try Self.keep(Self.zagreb, in: store, temperature: 11)
        try Self.keep(Self.kyiv, in: store, temperature: -3)
        let service = ManyPlacesForecastService(base: ScriptedForecastService { _ throws(ForecastError) in throw Self.down }, cache: store)
        let forecasts = try await service.forecasts(for: [Self.zagreb, Self.kyiv])
        #expect(forecasts.map { $0.current?.temperature } == [11, -3])
        // The table asked for today without hours: so is the answer.
        #expect(forecasts.allSatisfy { $0.daily.count == 1 && $0.hourly.isEmpty })
        #expect(service.origin(of: Self.kyiv) == .stale(fetchedAt: Self.fetchedAt, error: Self.down))
    }

    @Test func onePlaceNeverKeptLeavesTheError() async throws {
        let store = try SQLiteStore.inMemory()
        try Self.keep(Self.zagreb, in: store, temperature: 11)
        let service = ManyPlacesForecastService(base: ScriptedForecastService { _ throws(ForecastError) in throw Self.down }, cache: store)
        await #expect(throws: Self.down) { try await service.forecasts(for: [Self.zagreb, Self.kyiv]) }
    }

    /// A refused key is not the network: what was kept is not shown for it.
    @Test func anErrorTheStoreCannotMendIsThrown() async throws {
        let store = try SQLiteStore.inMemory()
        try Self.keep(Self.zagreb, in: store, temperature: 11)
        let refused = ForecastError.httpStatus(401, reason: nil, service: .openMeteo)
        #expect(!refused.canFallBackToStored)
        let service = ManyPlacesForecastService(base: ScriptedForecastService { _ throws(ForecastError) in throw refused }, cache: store)
        await #expect(throws: refused) { try await service.forecasts(for: [Self.zagreb]) }
    }
}
