import ForecastCore
import ForecastlyBase
public import ForecastPresentation
import ForecastProviders
import Foundation
import LocationProvider

extension Application {
    /// Version, data sources with their licences, terms and servers, the
    /// places, and where the files are: what `forecastly about` says
    /// (`AboutText` says it in the user's language).
    public func about() -> About {
        let environment = context.environment
        let directories = XDGDirectories(environment: environment)
        let providers = WeatherProviders.all.map { registration in
            let provider = registration.provider
            return About.Service(id: provider.rawValue, credit: provider.source, terms: provider.terms,
                                 server: registration.server(environment)?.absoluteString, serverVariable: provider.urlVariable)
        }
        let airQuality = About.Service(
            id: OpenMeteoAirQualityService.vendor, credit: OpenMeteoAirQualityService.source,
            server: (try? OpenMeteoAirQualityService.endpoint(environment: environment))?.baseURL.absoluteString,
            serverVariable: OpenMeteoAirQualityService.urlVariable)
        let warnings = AlertSource.allCases.map { source in
            let server = RegionalAlertService.server(of: source, environment: environment)
            return About.Service(id: source.rawValue, credit: source.credit, server: server.address, serverVariable: server.variable,
                                 minimumIntervalMinutes: Int(source.minimumInterval.inSeconds / 60))
        }
        let places = (try? context.places.gazetteer()).map { About.PlaceIndex(count: $0.count, source: $0.source, path: $0.path) }
        return About(
            version: Forecastly.version, license: Forecastly.license, projectURL: Forecastly.projectURL,
            providers: providers, airQuality: airQuality, warnings: warnings,
            places: places, directories: (directories.config, directories.data, directories.cache),
            timeZoneData: TimeZoneSupport.dataVersion, libgpsAPI: GPSDLibrary.apiVersion, gpsdPort: GPSDAddress.defaultPort)
    }
}
