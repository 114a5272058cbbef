@testable import ForecastCore
import ForecastlyBase
import ForecastlyTesting
import ForecastSamples
@testable import ForecastStore
import Foundation
import Synchronization
import Testing

/// A provider with no batch request is asked place by place for `compare`:
/// a few at a time, and the answers in the order the places were given.
@Suite struct PlaceByPlaceTests {
    @Test func fewAtATimeAndInOrder() async throws {
        let running = Mutex((now: 0, most: 0, started: 0))
        let total = 12
        let service = ScriptedForecastService(provider: .metNorway) { request throws(ForecastError) in
            running.withLock { $0.now += 1; $0.started += 1; $0.most = max($0.most, $0.now) }
            // Each waits until four run at once (or the last has started), so
            // "four at a time" is seen however slowly a busy machine starts
            // them; the cap only ends the wait of code that runs fewer.
            for _ in 0..<2000 where running.withLock({ $0.now < 4 && $0.started < total }) {
                try? await Task.sleep(for: .milliseconds(1))
            }
            // Later places answer sooner, so order comes from the code, not from timing.
            try? await Task.sleep(for: .milliseconds(Int(50 - request.coordinate.latitude)))
            running.withLock { $0.now -= 1 }
            var forecast = Sample.zagrebForecast
            forecast.requestedCoordinate = request.coordinate
            return forecast
        }
        let requests = try (0..<total).map { try ForecastRequest(coordinate: Coordinate(latitude: Double($0 * 3), longitude: 10)) }
        let forecasts = try await service.forecasts(for: requests)
        #expect(forecasts.map(\.requestedCoordinate) == requests.map(\.coordinate))
        #expect(running.withLock { $0.most } == 4)
    }

    @Test func oneFailedPlaceFailsTheBatchWithItsError() async throws {
        let down = ForecastError.httpStatus(503, reason: nil, service: .metNorway)
        let service = ScriptedForecastService(provider: .metNorway) { request throws(ForecastError) in
            if request.coordinate.latitude == 6 { throw down }
            return Sample.zagrebForecast
        }
        let requests = try (0..<5).map { try ForecastRequest(coordinate: Coordinate(latitude: Double($0 * 3), longitude: 10)) }
        await #expect(throws: down) { try await service.forecasts(for: requests) }
    }
}
