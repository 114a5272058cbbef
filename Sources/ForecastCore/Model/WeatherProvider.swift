public import ForecastlyBase

/// A weather service forecastly can ask: who it is, its terms, and the
/// credit its answers carry. Each provider's folder in ForecastProviders
/// describes itself with one of these (and says how its service is built);
/// `WeatherProviders.all` there lists them. Everything else reads these
/// values and never asks which provider it is, so a new weather API is a
/// folder and one registration.
public struct WeatherProvider: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The name `--provider`, `FORECASTLY_PROVIDER` and config.toml take ("open-meteo").
    public let id: String
    /// How people call the service ("Open-Meteo").
    public let name: String
    /// Who the data comes from and how it must be credited.
    public let source: DataSource
    /// The variable that points forecastly at another server (self-hosted, or a test stub).
    public let urlVariable: String
    /// The variable that holds its API key, where it takes one.
    public let apiKeyVariable: String?
    /// The config.toml key that holds its API key, where it takes one.
    public let apiKeySetting: String?
    /// Its terms, for `about` and `--help`.
    public let terms: String
    /// A few words for the provider list of `--help` ("free; forecastly obeys its terms").
    /// Not stored with a forecast (see `CodingKeys`).
    public private(set) var brief = ""
    /// The paid plans its key may include. Not stored with a forecast.
    public private(set) var plans: [ProviderPlan] = []
    /// Whether it can be asked only with a key. Only keyless providers stand
    /// in for each other: a fallback must never need a secret the user did not give.
    public let needsKey: Bool
    /// Whether its answers carry `Expires` and `Last-Modified` its terms
    /// oblige forecastly to obey (MET Norway's). Only then is the stored
    /// forecast read before a request, for those headers.
    public let sendsCacheHeaders: Bool
    /// Whether it answers many places in one request (`compare`): such
    /// answers are not stored place by place.
    public let answersManyPlacesAtOnce: Bool
    /// The most places `compare` asks it for in one run, within its rate limits.
    public let maximumComparedPlaces: Int
    /// The keyless provider asked when this one is unavailable.
    public let fallbackID: String?
    /// Whether it refuses clients that do not identify themselves (HTTP 403
    /// then means "set FORECASTLY_CONTACT", not "the key is wrong").
    public let wantsIdentification: Bool
    /// What to do when it is rate limited (HTTP 429): English, a message of
    /// the catalogs (a String, as forecasts stored with their provider have it).
    public let rateLimitAdvice: String
    /// What to do when it refuses the key (HTTP 401, 403).
    public let keyRefusedAdvice: String

    public init(
        id: String, name: String, source: DataSource, urlVariable: String, apiKeyVariable: String? = nil, apiKeySetting: String? = nil,
        terms: String, brief: String, plans: [ProviderPlan] = [], needsKey: Bool = false, sendsCacheHeaders: Bool = false, answersManyPlacesAtOnce: Bool = false,
        maximumComparedPlaces: Int = 100, fallbackID: String? = nil, wantsIdentification: Bool = false,
        rateLimitAdvice: String = "Wait and try again later.",
        keyRefusedAdvice: String = "Check --api-key and try again."
    ) {
        self.id = id
        self.name = name
        self.source = source
        self.urlVariable = urlVariable
        self.apiKeyVariable = apiKeyVariable
        self.apiKeySetting = apiKeySetting
        self.terms = terms
        self.brief = brief
        self.plans = plans
        self.needsKey = needsKey
        self.sendsCacheHeaders = sendsCacheHeaders
        self.answersManyPlacesAtOnce = answersManyPlacesAtOnce
        self.maximumComparedPlaces = maximumComparedPlaces
        self.fallbackID = fallbackID
        self.wantsIdentification = wantsIdentification
        self.rateLimitAdvice = rateLimitAdvice
        self.keyRefusedAdvice = keyRefusedAdvice
    }

    /// What a stored forecast keeps of its provider: what it was then (its
    /// credit, its terms), and no more than stores written before `brief`
    /// and `plans` existed hold, so that they still read.
    enum CodingKeys: String, CodingKey {
        case id, name, source, urlVariable, apiKeyVariable, apiKeySetting, terms, needsKey, sendsCacheHeaders, answersManyPlacesAtOnce,
             maximumComparedPlaces, fallbackID, wantsIdentification, rateLimitAdvice, keyRefusedAdvice
    }

    /// The variable that chooses the provider when `--provider` is not given.
    public static let environmentVariable = "FORECASTLY_PROVIDER"

    /// Its name where a setting takes it.
    public var rawValue: String { id }
    public var description: String { id }

    /// The same provider, whatever the wording of its terms when a stored
    /// answer was made.
    public static func == (lhs: WeatherProvider, rhs: WeatherProvider) -> Bool { lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// The service an error is about: which provider (nil for a service that is
/// not a weather provider, such as a warning service), the server's name as
/// a person should read it ("Open-Meteo", or "MET Norway at 127.0.0.1:8080"
/// for a server set by the user), and the variable that points at it, so
/// the advice can name the right option.
public struct ServiceName: Sendable, Hashable, CustomStringConvertible {
    public let provider: WeatherProvider?
    /// The name as a message, so that the words around a name ("at") are
    /// said in the reader's language like the rest of the line.
    public private(set) var message: MessageText
    public let urlVariable: String
    /// Whether it refuses clients that do not identify themselves (HTTP 403
    /// then means "set FORECASTLY_CONTACT", not "the key is wrong").
    public let wantsIdentification: Bool

    public init(_ provider: WeatherProvider) {
        self.provider = provider
        self.message = .verbatim(provider.name)
        self.urlVariable = provider.urlVariable
        self.wantsIdentification = provider.wantsIdentification
    }

    /// A service that is not a weather provider.
    public init(_ name: MessageText, urlVariable: String, wantsIdentification: Bool) {
        self.provider = nil
        self.message = name
        self.urlVariable = urlVariable
        self.wantsIdentification = wantsIdentification
    }

    /// The same service on a server that is not its own: "Open-Meteo at
    /// 127.0.0.1:8080", so an error names the server that actually failed.
    public func at(server: String) -> ServiceName {
        var named = self
        named.message = MessageText("{service} at {server}", ["server": server], messages: ["service": [message]])
        return named
    }

    /// The name in English.
    public var text: String { message.text }
    public var description: String { text }
}

extension MessageText {
    /// This message with its `{service}` said as `service`'s name is, in
    /// the same language as the rest.
    public func naming(_ service: ServiceName) -> MessageText {
        var named = self
        named.values["service"] = nil
        named.messages["service"] = [service.message]
        return named
    }
}
