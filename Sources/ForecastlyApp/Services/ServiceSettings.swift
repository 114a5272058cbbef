public import ForecastCore
public import ForecastProviders

/// Which weather service a run asks, and how.
public struct ServiceSettings: Sendable, Hashable {
    public var provider: WeatherProvider
    /// Whether the other keyless provider may stand in (`--no-fallback` turns it off).
    public var fallback: Bool
    /// The provider's key (Open-Meteo's commercial one, OpenWeather's).
    public var apiKey: String?
    /// The OpenWeather key includes One Call 3.0.
    public var oneCall: Bool
    /// The language the user chose for what is shown ("de"; `--lang` or
    /// `lang`): warnings a service writes in several languages are asked
    /// for in it. Nil: the locale's (LANGUAGE, LC_ALL, LC_MESSAGES, LANG).
    public var language: String?

    public init(provider: WeatherProvider = .openMeteo, fallback: Bool = true, apiKey: String? = nil, oneCall: Bool = false, language: String? = nil) {
        self.language = language
        self.provider = provider
        self.fallback = fallback
        self.apiKey = apiKey
        self.oneCall = oneCall
    }
}
