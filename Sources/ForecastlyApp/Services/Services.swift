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
        try service(settings.provider, apiKey: settings.apiKey)
    }

    /// The keyless provider asked when the chosen one is unavailable; nil
    /// with `--no-fallback`, for OpenWeather, or when it is not configured
    /// right (it must never stop the chosen provider from answering).
    func fallback() -> (any ForecastService)? {
        guard settings.fallback, let other = WeatherProviders.fallback(for: settings.provider) else { return nil }
        do {
            return try service(other, apiKey: nil)
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
            now: context.now, prior: prior, budget: settings.timeout, placeName: placeName)
    }

    /// Open-Meteo's air quality (`FORECASTLY_AIR_QUALITY_URL`).
    func airQuality() throws(ForecastError) -> any AirQualityService {
        try OpenMeteoAirQualityService(transport: transport, environment: environment)
    }

    /// The next two hours: MET Norway's radar Nowcast in the Nordic countries
    /// (`FORECASTLY_MET_NORWAY_URL`), Open-Meteo's `minutely_15` elsewhere
    /// and when the radar does not cover the place (`FORECASTLY_OPEN_METEO_URL`).
    func nowcast() throws(ForecastError) -> any NowcastService {
        let key = OpenMeteoNowcastService.apiKey(forecastProvider: settings.provider, apiKey: settings.apiKey)
        return RegionalNowcastService(
            radar: try? MetNorwayNowcastService(environment: environment, transport: transport),
            model: OpenMeteoNowcastService(configuration: try OpenMeteoConfiguration(environment: environment, apiKey: key), transport: transport))
    }

    /// Official warnings for the place's country (the NWS, MET Norway,
    /// MeteoAlarm), each answer kept in `store` until its service may be
    /// asked again.
    func alerts(store: SQLiteStore?) -> any AlertService {
        let regional = RegionalAlertService(
            environment: environment, transport: transport, language: settings.language ?? LocaleConventions.language(environment), now: context.now)
        return CachingAlertService(base: regional, cache: store, now: context.now)
    }

    /// The offline index first, then the online geocoder.
    func placeResolver() throws -> PlaceResolver {
        try context.places.resolver(transport: transport)
    }
}

extension Services {
    /// `provider`'s service, built as its registration says.
    func service(_ provider: WeatherProvider, apiKey: String?) throws(ForecastError) -> any ForecastService {
        guard let registration = WeatherProviders.registration(of: provider) else {
            throw .invalidInput(MessageText("{provider} is not a provider this forecastly knows.", ["provider": provider.name]))
        }
        let places = context.places
        let service = try registration.service(ProviderContext(
            environment: environment, transport: transport, apiKey: apiKey,
            plans: WeatherProviders.plans(given: settings.plans, environment: environment),
            timeZone: { places.timeZone(at: $0) }))
        AppLog.logger.debug("forecast server: \(registration.server(environment)?.absoluteString ?? "?"), api key: \(apiKey == nil ? "none" : "set")")
        return service
    }
}
