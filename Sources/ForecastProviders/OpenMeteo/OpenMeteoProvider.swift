public import ForecastCore

extension WeatherProvider {
    /// Open-Meteo: the default, keyless for non-commercial use; a key
    /// switches to its commercial host.
    public static let openMeteo = WeatherProvider(
        id: "open-meteo", name: "Open-Meteo",
        source: DataSource(name: "Open-Meteo", url: "https://open-meteo.com/", license: "CC BY 4.0",
                           attribution: "Weather data by Open-Meteo.com (CC BY 4.0)"),
        urlVariable: "FORECASTLY_OPEN_METEO_URL", apiKeyVariable: "FORECASTLY_OPEN_METEO_API_KEY", apiKeySetting: "open-meteo-api-key",
        terms: "free for non-commercial use, 10,000 requests a day; https://open-meteo.com/en/terms",
        brief: "the default; free for non-commercial use",
        answersManyPlacesAtOnce: true, fallbackID: "met-norway",
        rateLimitAdvice: "Wait and try again later; heavy use needs an API key (--api-key).",
        keyRefusedAdvice: "Check --api-key or FORECASTLY_OPEN_METEO_API_KEY.")
}

extension WeatherProviderRegistration {
    static let openMeteo = WeatherProviderRegistration(
        provider: .openMeteo,
        server: { environment in (try? OpenMeteoConfiguration(environment: environment))?.baseURL }
    ) { context throws(ForecastError) in
        let configuration = try OpenMeteoConfiguration(environment: context.environment, apiKey: context.apiKey)
        return OpenMeteoService(configuration: configuration, transport: context.transport)
    }
}

extension ServiceName {
    public static let openMeteo = ServiceName(WeatherProvider.openMeteo)
}

extension DataSource {
    public static let openMeteo = WeatherProvider.openMeteo.source
}
