import ForecastCore
import ForecastlyBase
import LocationProvider

/// A status-bar weather widget: the temperature where the user is, or one
/// line that says why there is none. It is written as any program linking
/// forecastly's libraries would write it, and its tests simulate every
/// permission state with ForecastlyTesting.
public struct WeatherWidget: Sendable {
    let authorization: LocationAuthorization
    let location: any LocationProvider
    let weather: any ForecastService

    public init(authorization: LocationAuthorization, location: any LocationProvider, weather: any ForecastService) {
        self.authorization = authorization
        // The guard refuses to locate in every state but authorized, and
        // stops the source when the permission is withdrawn.
        self.location = AuthorizedLocationProvider(location, authorization: authorization)
        self.weather = weather
    }

    /// What the widget shows now: "3°C", or why there is no temperature.
    /// Waits while the user has not decided yet (the app's prompt is up).
    public func text() async -> String {
        let model = ForecastViewModel(service: weather)
        let state = await model.run(authorization: authorization, provider: location, locateTimeout: .seconds(10), days: 1, units: .metric)
        switch state {
        case .loaded(let forecast):
            guard let temperature = forecast.current?.temperature else { return "–" }
            return "\(Int(temperature.rounded()))\(forecast.units.temperature)"
        case .locationFailed(let error):
            return error.summary
        case .failed(let error):
            return error.summary
        case .idle, .waitingForAuthorization, .locating, .loading:
            return "…"  // `run` never ends in these
        }
    }
}
