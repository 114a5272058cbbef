public import ForecastCore
public import NIOConcurrencyHelpers

/// Records each batch and answers with copies of a recorded forecast.
public struct BatchRecordingService: ForecastService {
    public let requested: NIOLockedValueBox<[[ForecastRequest]]>
    public var provider: WeatherProvider { .openMeteo }

    public init(requested: NIOLockedValueBox<[[ForecastRequest]]>) {
        self.requested = requested
    }

    public func forecast(for request: ForecastRequest) async throws(ForecastError) -> Forecast {
        try await forecasts(for: [request])[0]
    }

    public func forecasts(for requests: [ForecastRequest]) async throws(ForecastError) -> [Forecast] {
        requested.withLockedValue { $0.append(requests) }
        let forecast = try Sample.decode("forecast_current_hourly_daily_zagreb.json")
        return requests.map { request in
            var copy = forecast
            copy.requestedCoordinate = request.coordinate
            return copy
        }
    }
}
