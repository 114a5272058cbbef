import ForecastCore
import ForecastlyBase
import ForecastProviders
import ForecastStore
import ForecastlySettings
import Foundation
import NetworkTransport
import Places

/// The network services of one run, each built when the run first uses it,
/// from the application's environment and transport and the run's
/// `ServiceSettings`.
struct Services: Sendable {
    let context: AppContext
    let settings: ServiceSettings

    var environment: [String: String] { context.environment }
    var transport: any HTTPTransport { context.transport }

    /// The chosen provider.
    func weather() throws(ForecastError) -> any ForecastService {
        try WeatherServices(environment: environment, places: context.places).service(settings.provider, settings: settings, transport: transport)
    }

    /// The keyless provider asked when the chosen one is unavailable; nil
    /// with `--no-fallback`, for OpenWeather, or when it is not configured
    /// right (it must never stop the chosen provider from answering).
    func fallback() -> (any ForecastService)? {
        guard settings.fallback, let other = settings.provider.fallback else { return nil }
        var keyless = settings
        keyless.apiKey = nil
        do {
            return try WeatherServices(environment: environment, places: context.places).service(other, settings: keyless, transport: transport)
        } catch {
            AppLog.logger.debug("no fallback to \(other.name): \(error)")
            return nil
        }
    }

    /// The one answering path of a forecast: the store, the provider, the
    /// fallback provider, the stale stored forecast. `prior` is the store's
    /// answer already looked up for this request, so the store is read once.
    func answering(
        store: SQLiteStore?, policy: CachePolicy, prior: StoredAnswer? = nil,
        placeName: @escaping @Sendable (ForecastRequest) -> String? = { _ in nil }
    ) throws(ForecastError) -> CachingForecastService {
        let services = self
        return CachingForecastService(
            base: try weather(), makingFallback: { services.fallback() }, cache: store ?? NoForecastCache(), policy: policy,
            now: context.now, prior: prior, placeName: placeName)
    }

    /// Open-Meteo's air quality (`FORECASTLY_AIR_QUALITY_URL`).
    func airQuality() throws(ForecastError) -> any AirQualityService {
        try OpenMeteoAirQualityService(transport: transport, environment: environment)
    }

    /// The next two hours: MET Norway's radar Nowcast in the Nordic countries
    /// (`FORECASTLY_MET_NORWAY_URL`), Open-Meteo's `minutely_15` elsewhere
    /// and when the radar does not cover the place (`FORECASTLY_OPEN_METEO_URL`).
    func nowcast() throws(ForecastError) -> any NowcastService {
        let key = settings.provider == .openMeteo ? settings.apiKey : nil
        return RegionalNowcastService(
            radar: try? MetNorwayNowcastService(environment: environment, transport: transport),
            model: OpenMeteoNowcastService(configuration: try OpenMeteoConfiguration(environment: environment, apiKey: key), transport: transport))
    }

    /// Official warnings for the place's country (the NWS, MET Norway,
    /// MeteoAlarm), each answer kept in `store` until its service may be
    /// asked again.
    func alerts(store: SQLiteStore?) -> any AlertService {
        let regional = RegionalAlertService(
            environment: environment, transport: transport, language: LocaleConventions.language(environment), now: context.now)
        return CachingAlertService(base: regional, cache: store, now: context.now)
    }

    /// The offline index first, then the online geocoder.
    func placeResolver() throws -> PlaceResolver {
        try context.places.resolver(transport: transport)
    }
}

/// Builds each provider's service from the environment and the settings.
struct WeatherServices {
    let environment: [String: String]
    let places: PlaceBook

    func service(_ provider: WeatherProvider, settings: ServiceSettings, transport: any HTTPTransport) throws(ForecastError) -> any ForecastService {
        let timeZone: @Sendable (Coordinate) -> TimeZone = { [places] in places.timeZone(at: $0) }
        switch provider {
        case .openMeteo:
            let configuration = try OpenMeteoConfiguration(environment: environment, apiKey: settings.apiKey)
            AppLog.logger.debug("forecast server: \(configuration.baseURL.absoluteString), api key: \(configuration.apiKey == nil ? "none" : "set")")
            return OpenMeteoService(configuration: configuration, transport: transport)
        case .metNorway:
            let service = try MetNorwayService(environment: environment, transport: transport, timeZone: timeZone)
            AppLog.logger.debug("forecast server: \(service.endpoint.baseURL.absoluteString), contact: \(service.contact == nil ? "none" : "set")")
            return service
        case .openWeather:
            let configuration = try OpenWeatherConfiguration(environment: environment, apiKey: settings.apiKey, oneCall: settings.oneCall)
            AppLog.logger.debug("forecast server: \(configuration.endpoint.baseURL.absoluteString), api key: set, One Call: \(configuration.oneCall)")
            return OpenWeatherService(configuration: configuration, transport: transport, timeZone: timeZone)
        }
    }
}
