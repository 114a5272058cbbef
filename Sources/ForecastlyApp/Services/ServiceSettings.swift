public import ForecastCore
public import ForecastProviders
public import ForecastlySettings

/// Which weather service a run asks, and how.
public struct ServiceSettings: Sendable, Hashable {
    public var provider: WeatherProvider
    /// Whether the other keyless provider may stand in (`--no-fallback` turns it off).
    public var fallback: Bool
    /// The provider's key, where it takes one.
    public var apiKey: String?
    /// The paid plans the key includes (`--plan`; `ProviderPlan`), beside those their variables name.
    public var plans: Set<String>
    /// The language the user chose for what is shown ("de"; `--lang` or
    /// `lang`): warnings a service writes in several languages are asked
    /// for in it. Nil: the locale's (LANGUAGE, LC_ALL, LC_MESSAGES, LANG).
    public var language: String?
    /// How long one answer may take in all, the fallback included (`--timeout`); nil: each request's own limit only.
    public var timeout: Duration?
    /// How long the extras may take once the forecast is ready (`Settings.extrasWait`).
    public var extrasWait: Duration

    public init(
        provider: WeatherProvider = WeatherProviders.standard, fallback: Bool = true, apiKey: String? = nil, plans: Set<String> = [], language: String? = nil,
        extrasWait: Duration = Settings.defaultExtrasWait
    ) {
        self.extrasWait = extrasWait
        self.language = language
        self.provider = provider
        self.fallback = fallback
        self.apiKey = apiKey
        self.plans = plans
    }
}
