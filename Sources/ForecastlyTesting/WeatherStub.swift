import ForecastCore
public import Foundation
public import NetworkTransport
import ForecastlySimulation
import Synchronization

/// A weather service for tests, answered in process as Open-Meteo answers
/// (its own reader reads it): a forecast for the hour of the clock the
/// application runs on, or an error status. It counts the forecasts asked
/// for, so a test can see what left the machine.
public final class WeatherStub: HTTPTransport {
    private let state: Mutex<(temperature: Double, status: Int, requests: [URL])>
    private let now: @Sendable () -> Date

    /// Answers with `temperature` (°C) now; `now` is the application's clock.
    public init(temperature: Double = 3.2, now: @escaping @Sendable () -> Date = Date.init) {
        state = Mutex((temperature, 200, []))
        self.now = now
    }

    /// The forecast requests so far.
    public var requests: [URL] { state.withLock { $0.requests } }

    /// From now on, answer with `temperature`.
    public func answer(temperature: Double) { state.withLock { $0.temperature = temperature; $0.status = 200 } }

    /// From now on, fail with `status` (503: down, 429: rate limited).
    public func fail(status: Int) { state.withLock { $0.status = status } }

    public func get(_ url: URL, headers: [(name: String, value: String)]) async throws(TransportError) -> HTTPResponse {
        guard url.path.hasSuffix("/forecast"), !(url.query ?? "").contains("minutely_15") else {
            return HTTPResponse(status: 404, body: Array(#"{"error":true,"reason":"not a test service"}"#.utf8))
        }
        let (temperature, status) = state.withLock { state in
            state.requests.append(url)
            return (state.temperature, state.status)
        }
        guard status == 200 else {
            return HTTPResponse(status: status, headers: [("Content-Type", "application/json")],
                                body: Array(#"{"error":true,"reason":"the test said so"}"#.utf8))
        }
        return HTTPResponse(status: 200, headers: [("Content-Type", "application/json")],
                            body: Array(OpenMeteoAnswer.json(now: now(), temperature: temperature).utf8))
    }
}
