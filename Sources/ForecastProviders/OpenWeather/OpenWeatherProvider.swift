public import ForecastCore

extension WeatherProvider {
    /// OpenWeather: needs a key; a free one allows 60 calls a minute.
    public static let openWeather = WeatherProvider(
        id: "openweather", name: "OpenWeather",
        source: DataSource(name: "OpenWeather", url: "https://openweathermap.org/", license: "CC BY-SA 4.0",
                           attribution: "Weather data by OpenWeather (CC BY-SA 4.0)"),
        urlVariable: "FORECASTLY_OPENWEATHER_URL", apiKeyVariable: "FORECASTLY_OPENWEATHER_API_KEY", apiKeySetting: "openweather-api-key",
        terms: "needs an API key (--api-key); a free key allows 60 calls a minute; https://openweathermap.org/price",
        brief: "needs an API key, --api-key",
        plans: [ProviderPlan(id: "onecall", summary: "the OpenWeather key includes One Call 3.0: hourly and 8 days",
                             environmentVariable: "FORECASTLY_OPENWEATHER_ONECALL", formerOption: "--openweather-onecall")],
        needsKey: true, maximumComparedPlaces: 30,
        rateLimitAdvice: "A free key allows 60 calls a minute: wait a minute before asking again.",
        keyRefusedAdvice: "The key is wrong, not active yet (a new key takes up to a few hours), or lacks the One Call 3.0 subscription (--plan onecall); check --api-key or FORECASTLY_OPENWEATHER_API_KEY.")
}

extension WeatherProviderRegistration {
    static let openWeather = WeatherProviderRegistration(
        provider: .openWeather,
        server: { environment in
            (try? ServiceEndpoint(.openWeather, publicURL: OpenWeatherConfiguration.publicBaseURL, environment: environment))?.baseURL
        }
    ) { context throws(ForecastError) in
        let configuration = try OpenWeatherConfiguration(environment: context.environment, apiKey: context.apiKey, oneCall: context.plans.contains("onecall"))
        return OpenWeatherService(configuration: configuration, transport: context.transport, timeZone: context.timeZone)
    }
}

extension ServiceName {
    public static let openWeather = ServiceName(WeatherProvider.openWeather)
}

extension DataSource {
    public static let openWeather = WeatherProvider.openWeather.source
}
