import ForecastCore
import ForecastlyBase
import ForecastProviders
import NetworkTransport

extension WeatherWidget {
    /// Kyiv's forecast from Open-Meteo over the real transport, each state
    /// handed to `render` as a screen would draw it. (The README's first
    /// library example; the tests never call it, since it needs the network.)
    public static func showKyiv(render: @escaping @Sendable (ForecastViewState) -> Void) async throws {
        let transport = AsyncHTTPClientTransport(userAgent: "my-app/1.0")
        let service = OpenMeteoService(configuration: try OpenMeteoConfiguration(), transport: transport)
        let model = ForecastViewModel(service: service)

        let states = await model.states()            // idle → loading → loaded(Forecast) | failed(ForecastError)
        Task { for await state in states { render(state) } }
        await model.load(try ForecastRequest(coordinate: try Coordinate(latitude: 50.45, longitude: 30.52), days: 3))
        await transport.shutdown()
    }
}
