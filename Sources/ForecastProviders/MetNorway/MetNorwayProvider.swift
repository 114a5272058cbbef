public import ForecastCore

extension WeatherProvider {
    /// MET Norway: keyless; its terms ask forecastly to identify itself and
    /// obey `Expires`.
    public static let metNorway = WeatherProvider(
        id: "met-norway", name: "MET Norway",
        source: DataSource(name: "MET Norway", url: "https://api.met.no/", license: "CC BY 4.0",
                           attribution: "Weather data by MET Norway (CC BY 4.0)"),
        urlVariable: "FORECASTLY_MET_NORWAY_URL",
        terms: "free; identify the client, obey Expires; https://api.met.no/doc/TermsOfService",
        brief: "free; forecastly obeys its terms",
        sendsCacheHeaders: true, fallbackID: "open-meteo", wantsIdentification: true,
        rateLimitAdvice: "MET Norway asks clients to back off: wait a few minutes before asking again.",
        keyRefusedAdvice: "It takes no key: try again later, and report it if it persists.")
}

extension WeatherProviderRegistration {
    static let metNorway = WeatherProviderRegistration(
        provider: .metNorway,
        server: { environment in (try? ServiceEndpoint(.metNorway, publicURL: MetNorwayService.publicBaseURL, environment: environment))?.baseURL }
    ) { context throws(ForecastError) in
        try MetNorwayService(environment: context.environment, transport: context.transport, timeZone: context.timeZone)
    }
}

extension ServiceName {
    public static let metNorway = ServiceName(WeatherProvider.metNorway)
}

extension DataSource {
    public static let metNorway = WeatherProvider.metNorway.source
}
