import ForecastCore
import ForecastlyBase
import ForecastPresentation
import ForecastProviders
import Foundation
import LocationProvider

extension Application {
    /// Version, data sources with their licences, terms and servers, the
    /// places, and where the files are: what `forecastly about` prints.
    public func about() -> String {
        let environment = context.environment
        let directories = XDGDirectories(environment: environment)
        // Typed: with GRDB in the module, an untyped multi-line literal here
        // was inferred as GRDB's SQL, and `about` printed its debug description.
        let providers = WeatherProviders.all.map { registration -> String in
            let provider = registration.provider
            return """
              \(provider.rawValue.padded(to: 12))\(provider.source.attribution)
                          \(provider.source.url) · licence \(provider.source.license)
                          terms: \(provider.terms)
                          server: \(registration.server(environment)?.absoluteString ?? "(\(provider.urlVariable) is invalid)")
            """
        }.joined(separator: "\n")
        let warnings = AlertSource.allCases.map { source -> String in
            let server = RegionalAlertService.server(of: source, environment: environment)
            let name = source.rawValue.padded(to: 11)
            return "  \(name) \(source.credit.attribution)\n"
                + "              \(source.credit.url) · licence \(source.credit.license)\n"
                + "              server: \(server) · asked at most every \(Int(source.minimumInterval.inSeconds / 60)) minutes"
        }.joined(separator: "\n")
        let places = (try? context.places.gazetteer()).map { "\(ValueFormat.grouped($0.count)) places from \($0.source): \($0.path)" }
            ?? "the place index cannot be opened ('forecastly cities status' says why)"
        let text = """
        forecastly \(Forecastly.version)
        The weather where you are, from \(WeatherProviders.namesListed) (--provider).
        forecastly itself: licence \(Forecastly.license) (the LICENSE file; \(Forecastly.projectURL)).

        Weather providers
        \(providers)

        Air quality
          open-meteo  \(DataSource.openMeteoAirQuality.attribution)
                      \(DataSource.openMeteoAirQuality.url) · licence \(DataSource.openMeteoAirQuality.license)
                      server: \((try? OpenMeteoAirQualityService.endpoint(environment: environment))?.baseURL.absoluteString
                                 ?? "(\(OpenMeteoAirQualityService.urlVariable) is invalid)")

        Weather warnings
        \(warnings)

        Places
          GeoNames    GeoNames (https://www.geonames.org/) · licence CC BY 4.0
                      \(places)

        Files
          settings    \(directories.config)
          data        \(directories.data)
          cache       \(directories.cache)

        Time-zone data \(TimeZoneSupport.dataVersion) (ICU). Built with libgps API \(GPSDLibrary.apiVersion) (gpsd default port \(GPSDAddress.defaultPort)).
        """
        return text
    }
}
