import ForecastCore
import ForecastlyBase
import ForecastProviders
import ForecastStore
import ForecastlySettings
import Foundation
import NetworkTransport
import Places

/// The network services one command uses, built in this one place from the
/// environment and its `ServiceSettings`: one HTTP transport (IP geolocation,
/// the geocoder and the weather services share it), the chosen weather
/// provider and the one that stands in for it, and the place resolver.
struct Services {
    let transport: any HTTPTransport
    let weather: any ForecastService
    /// The keyless provider asked when `weather` is unavailable; nil with
    /// `--no-fallback`, for OpenWeather, or when it is not configured right.
    let fallback: (any ForecastService)?
    /// Open-Meteo's air quality (`FORECASTLY_AIR_QUALITY_URL`).
    let airQuality: any AirQualityService
    /// The next two hours: MET Norway's radar Nowcast in the Nordic countries
    /// (`FORECASTLY_MET_NORWAY_URL`), Open-Meteo's `minutely_15` elsewhere
    /// and when the radar does not cover the place (`FORECASTLY_OPEN_METEO_URL`).
    let nowcast: any NowcastService

    /// Official warnings for the place's country (the NWS, MET Norway,
    /// MeteoAlarm), each answer kept in `store` until its service may be
    /// asked again.
    let alertService: any AlertService

    func alerts(store: SQLiteStore?) -> any AlertService {
        CachingAlertService(base: alertService, cache: store)
    }

    /// The three warning services, in the user's language where they have it
    /// (MET Norway writes Norwegian or English; MeteoAlarm carries each
    /// country's languages and English).
    private static func alertService(environment: [String: String], transport: any HTTPTransport) throws -> RegionalAlertService {
        let language = LocaleConventions.language(environment)
        let norwegian = ["nb", "nn", "no"].contains(language ?? "")
        return RegionalAlertService(
            nws: try NWSAlertService(environment: environment, transport: transport),
            metNorway: try MetNorwayAlertService(environment: environment, transport: transport, language: norwegian ? "no" : "en"),
            meteoAlarm: try MeteoAlarmService(environment: environment, transport: transport, languages: language.map { [$0] } ?? []))
    }

    /// The offline index first, then the online geocoder over this transport.
    func placeResolver() throws -> PlaceResolver {
        try PlaceLookup.resolver(transport: transport)
    }

    /// The one answering path of a forecast: the store, the provider, the
    /// fallback provider, the stale stored forecast. Without a store, the
    /// providers alone.
    func answering(
        store: SQLiteStore?, policy: CachePolicy, placeName: @escaping @Sendable (ForecastRequest) -> String? = { _ in nil }
    ) -> CachingForecastService {
        CachingForecastService(base: weather, fallback: fallback, cache: store ?? NoForecastCache(), policy: policy, placeName: placeName)
    }

    /// Runs `body` with the services and always shuts the transport down
    /// afterwards.
    static func with<Result: Sendable>(_ settings: ServiceSettings, _ body: (Services) async throws -> Result) async throws -> Result {
        let environment = ProcessInfo.processInfo.environment
        let limits = AsyncHTTPClientTransport.Limits(request: .milliseconds(Int64(settings.timeout * 1000)))
        let weather = WeatherServices(environment: environment, settings: settings)
        let transport = AsyncHTTPClientTransport(userAgent: Forecastly.userAgent, limits: limits)
        do {
            let services = Services(
                transport: transport, weather: try weather.service(settings.provider, transport: transport),
                fallback: weather.fallback(for: settings, transport: transport),
                airQuality: try OpenMeteoAirQualityService(transport: transport, environment: environment),
                nowcast: RegionalNowcastService(
                    radar: try? MetNorwayNowcastService(environment: environment, transport: transport),
                    model: OpenMeteoNowcastService(
                        configuration: try OpenMeteoConfiguration(environment: environment, apiKey: settings.provider == .openMeteo ? settings.apiKey : nil),
                        transport: transport)),
                alertService: try alertService(environment: environment, transport: transport))
            let result = try await body(services)
            await transport.shutdown()
            return result
        } catch {
            await transport.shutdown()
            throw error
        }
    }
}

/// Builds each provider's service from the environment and the options.
struct WeatherServices {
    let environment: [String: String]
    let settings: ServiceSettings

    func service(_ provider: WeatherProvider, transport: any HTTPTransport) throws -> any ForecastService {
        switch provider {
        case .openMeteo:
            let configuration = try OpenMeteoConfiguration(environment: environment, apiKey: settings.apiKey)
            Diagnostics.logger.debug("forecast server: \(configuration.baseURL.absoluteString), api key: \(configuration.apiKey == nil ? "none" : "set"), timeout \(settings.timeout) s")
            return OpenMeteoService(configuration: configuration, transport: transport)
        case .metNorway:
            let service = try MetNorwayService(environment: environment, transport: transport, timeZone: Self.timeZone)
            Diagnostics.logger.debug("forecast server: \(service.endpoint.baseURL.absoluteString), contact: \(service.contact == nil ? "none" : "set"), timeout \(settings.timeout) s")
            return service
        case .openWeather:
            let configuration = try OpenWeatherConfiguration(environment: environment, apiKey: settings.apiKey, oneCall: settings.oneCall)
            Diagnostics.logger.debug("forecast server: \(configuration.endpoint.baseURL.absoluteString), api key: set, One Call: \(configuration.oneCall), timeout \(settings.timeout) s")
            return OpenWeatherService(configuration: configuration, transport: transport, timeZone: Self.timeZone)
        }
    }

    /// The other keyless provider, unless the user turned fallback off. A
    /// fallback that is not configured right is left out with a log line:
    /// it must never stop the chosen provider from answering.
    func fallback(for settings: ServiceSettings, transport: any HTTPTransport) -> (any ForecastService)? {
        guard settings.fallback, let other = settings.provider.fallback else { return nil }
        var fallbackSettings = settings
        fallbackSettings.apiKey = nil
        do {
            return try WeatherServices(environment: environment, settings: fallbackSettings).service(other, transport: transport)
        } catch {
            Diagnostics.logger.debug("no fallback to \(other.name): \(error)")
            return nil
        }
    }

    /// The place's zone for providers that send none: the gazetteer's, or
    /// the longitude's nautical zone when the index cannot be opened.
    @Sendable static func timeZone(at coordinate: Coordinate) -> TimeZone {
        (try? PlaceLookup.gazetteer())?.timeZone(at: coordinate) ?? Gazetteer.nauticalTimeZone(longitude: coordinate.longitude)
    }
}
