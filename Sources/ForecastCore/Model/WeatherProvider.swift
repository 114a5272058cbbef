/// The weather services forecastly can ask. Each has its own terms, its
/// own credit line and its own answer format; all answer through
/// `ForecastService`, so the rest of forecastly does not care which.
public enum WeatherProvider: String, Sendable, Hashable, Codable, CaseIterable {
    case openMeteo = "open-meteo"
    case metNorway = "met-norway"
    case openWeather = "openweather"

    /// The variable that chooses the provider when `--provider` is not given.
    public static let environmentVariable = "FORECASTLY_PROVIDER"

    /// The variable that holds the service's API key, where it takes one
    /// (Open-Meteo's is for its commercial service).
    public var apiKeyVariable: String? {
        switch self {
        case .openMeteo: "FORECASTLY_OPEN_METEO_API_KEY"
        case .metNorway: nil
        case .openWeather: "FORECASTLY_OPENWEATHER_API_KEY"
        }
    }

    /// How people call the service.
    public var name: String {
        switch self {
        case .openMeteo: "Open-Meteo"
        case .metNorway: "MET Norway"
        case .openWeather: "OpenWeather"
        }
    }

    /// Who the data comes from and how it must be credited.
    public var source: DataSource {
        switch self {
        case .openMeteo: .openMeteo
        case .metNorway: .metNorway
        case .openWeather: .openWeather
        }
    }

    /// Whether anyone may ask it without an account. Only keyless providers
    /// stand in for each other: a fallback must never need a secret the
    /// user did not give.
    public var needsKey: Bool { self == .openWeather }

    /// Whether its answers carry `Expires` and `Last-Modified` that its terms
    /// oblige forecastly to obey (MET Norway's). Only then is the stored
    /// forecast read before a request, for those headers; for the others
    /// an old forecast is read only when it is needed.
    public var sendsCacheHeaders: Bool { self == .metNorway }

    /// The most places `compare` asks this provider for in one run, within
    /// its rate limits: a free OpenWeather key allows 60 calls a minute,
    /// and each place takes two.
    public var maximumComparedPlaces: Int { self == .openWeather ? 30 : 100 }

    /// The keyless provider asked when this one is unavailable.
    public var fallback: WeatherProvider? {
        switch self {
        case .openMeteo: .metNorway
        case .metNorway: .openMeteo
        case .openWeather: nil
        }
    }

    /// The variable that points forecastly at another server (self-hosted, or a test stub).
    public var urlVariable: String {
        switch self {
        case .openMeteo: "FORECASTLY_OPEN_METEO_URL"
        case .metNorway: "FORECASTLY_MET_NORWAY_URL"
        case .openWeather: "FORECASTLY_OPENWEATHER_URL"
        }
    }

    /// The service's terms, for `about` and `--help`.
    public var terms: String {
        switch self {
        case .openMeteo: "free for non-commercial use, 10,000 requests a day; https://open-meteo.com/en/terms"
        case .metNorway: "free; identify the client, obey Expires; https://api.met.no/doc/TermsOfService"
        case .openWeather: "needs an API key (--api-key); a free key allows 60 calls a minute; https://openweathermap.org/price"
        }
    }
}

extension DataSource {
    public static let metNorway = DataSource(
        name: "MET Norway",
        url: "https://api.met.no/",
        license: "CC BY 4.0",
        attribution: "Weather data by MET Norway (CC BY 4.0)"
    )

    public static let openWeather = DataSource(
        name: "OpenWeather",
        url: "https://openweathermap.org/",
        license: "CC BY-SA 4.0",
        attribution: "Weather data by OpenWeather (CC BY-SA 4.0)"
    )
}

/// The service an error is about: which provider (nil for a service that is
/// not a weather provider, such as a warning service), the server's name as
/// a person should read it ("Open-Meteo", or "MET Norway at 127.0.0.1:8080"
/// for a server set by the user), and the variable that points at it, so
/// the advice can name the right option.
public struct ServiceName: Sendable, Hashable, CustomStringConvertible {
    public let provider: WeatherProvider?
    public let text: String
    public let urlVariable: String
    /// Whether it refuses clients that do not identify themselves (HTTP 403
    /// then means "set FORECASTLY_CONTACT", not "the key is wrong").
    public let wantsIdentification: Bool

    public init(_ provider: WeatherProvider, text: String? = nil) {
        self.provider = provider
        self.text = text ?? provider.name
        self.urlVariable = provider.urlVariable
        self.wantsIdentification = provider == .metNorway
    }

    /// A service that is not a weather provider.
    public init(text: String, urlVariable: String, wantsIdentification: Bool) {
        self.provider = nil
        self.text = text
        self.urlVariable = urlVariable
        self.wantsIdentification = wantsIdentification
    }

    public var description: String { text }

    public static let openMeteo = ServiceName(.openMeteo)
    public static let metNorway = ServiceName(.metNorway)
    public static let openWeather = ServiceName(.openWeather)
}
