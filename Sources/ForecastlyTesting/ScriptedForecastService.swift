public import ForecastCore
public import ForecastProviders

/// A `ForecastService` whose answers a test scripts: a forecast, an error,
/// or anything a closure works out from the request.
///
/// ```swift
/// let down = ScriptedForecastService { _ throws(ForecastError) in throw .httpStatus(503, reason: nil, service: .openMeteo) }
/// ```
public struct ScriptedForecastService: ForecastService {
    public var result: @Sendable (ForecastRequest) async throws(ForecastError) -> Forecast
    public var provider: WeatherProvider

    public init(provider: WeatherProvider = WeatherProviders.standard, result: @escaping @Sendable (ForecastRequest) async throws(ForecastError) -> Forecast) {
        self.provider = provider
        self.result = result
    }

    public func forecast(for request: ForecastRequest) async throws(ForecastError) -> Forecast {
        try await result(request)
    }
}
