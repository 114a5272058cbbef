import ArgumentParser
import ForecastCore
import Foundation
import LocationProvider
import ForecastlyBase

/// `forecastly about`: version, data sources and their licences, and where
/// forecastly keeps its files.
struct AboutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "about",
        abstract: "Show the version, data sources, licences and where files live."
    )

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let directories = XDGDirectories(environment: environment)
        let server = (try? OpenMeteoConfiguration(environment: environment))?.baseURL.absoluteString
            ?? "(FORECASTLY_OPEN_METEO_URL is invalid)"
        let places = (try? PlaceLookup.gazetteer()).map { "\(ValueFormat.grouped($0.count)) places from \($0.source): \($0.path)" }
            ?? "the place index cannot be opened ('forecastly cities status' says why)"
        let text = """
        forecastly \(Forecastly.version)
        The weather where you are, from Open-Meteo.

        Data sources
          Weather     \(DataSource.openMeteo.attribution)
                      \(DataSource.openMeteo.url) · licence \(DataSource.openMeteo.license)
                      https://creativecommons.org/licenses/by/4.0/
                      server: \(server)
          Places      GeoNames (https://www.geonames.org/) · licence CC BY 4.0
                      \(places)

        Files
          settings    \(directories.config)
          data        \(directories.data)
          cache       \(directories.cache)

        Time-zone data \(TimeZoneSupport.dataVersion) (ICU). Built with libgps API \(GPSDLibrary.apiVersion) (gpsd default port \(GPSDAddress.defaultPort)).
        """
        Terminal.standardOutput.writeLine(text)
    }
}
