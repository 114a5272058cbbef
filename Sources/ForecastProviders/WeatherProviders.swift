public import ForecastCore
public import ForecastlyBase
public import Foundation
public import NetworkTransport

/// Every weather provider forecastly can ask, in the order `--help` and
/// `about` list them. A new weather API is a folder beside these three (its
/// service, payload, mapping and `WeatherProvider`) and a line in `all`.
public enum WeatherProviders {
    public static let all: [WeatherProviderRegistration] = [.openMeteo, .metNorway, .openWeather]

    /// The provider asked when none is chosen: the first listed.
    public static var standard: WeatherProvider { all[0].provider }

    /// The provider `name` names (any case), as `--provider` takes it.
    public static func named(_ name: String) -> WeatherProvider? {
        all.first { $0.provider.id == name.lowercased() }?.provider
    }

    /// The registration of `provider`.
    public static func registration(of provider: WeatherProvider) -> WeatherProviderRegistration? {
        all.first { $0.provider == provider }
    }

    /// The provider asked when `provider` is unavailable, if any.
    public static func fallback(for provider: WeatherProvider) -> WeatherProvider? {
        provider.fallbackID.flatMap(named)
    }
}

/// How a provider's service is built, and where it is reached: what the
/// registry knows of a provider beyond its description.
public struct WeatherProviderRegistration: Sendable {
    public let provider: WeatherProvider
    /// The server it asks as `environment` points it, for `about`; nil when
    /// the variable names no usable server.
    public let server: @Sendable ([String: String]) -> URL?
    private let make: @Sendable (ProviderContext) throws(ForecastError) -> any ForecastService

    init(
        provider: WeatherProvider, server: @escaping @Sendable ([String: String]) -> URL?,
        make: @escaping @Sendable (ProviderContext) throws(ForecastError) -> any ForecastService
    ) {
        self.provider = provider
        self.server = server
        self.make = make
    }

    /// Its service, as `context` configures it.
    public func service(_ context: ProviderContext) throws(ForecastError) -> any ForecastService {
        try make(context)
    }
}

/// What a provider's service is built from.
public struct ProviderContext: Sendable {
    public var environment: [String: String]
    public var transport: any HTTPTransport
    /// The user's key for it, if it takes one.
    public var apiKey: String?
    /// The ids of the paid plans the user's key includes (`ProviderPlan`).
    public var plans: Set<String>
    /// The place's time zone, for providers that send none.
    public var timeZone: @Sendable (Coordinate) -> TimeZone

    public init(
        environment: [String: String], transport: any HTTPTransport, apiKey: String? = nil, plans: Set<String> = [],
        timeZone: @escaping @Sendable (Coordinate) -> TimeZone
    ) {
        self.environment = environment
        self.transport = transport
        self.apiKey = apiKey
        self.plans = plans
        self.timeZone = timeZone
    }
}
