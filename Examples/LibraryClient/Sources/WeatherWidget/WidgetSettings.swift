import ForecastlyApp
import ForecastlySettings
import Foundation

extension WeatherWidget {
    /// The widget shows what the user's `forecastly` would: the same
    /// config.toml, environment and locale decide its provider and extras,
    /// for three days. (Forecasts come in the metric units they are kept
    /// in; a display converts them with `Forecast.converted(to:)` and
    /// `Settings.measurementUnits`.)
    public static func settings(place: PlaceChoice) throws -> ForecastSettings {
        let environment = ProcessInfo.processInfo.environment
        let file = try ConfigurationFile.load(path: ConfigurationFile.defaultPath(environment: environment))
        let settings = try Settings.resolve(flags: Settings.Flags(days: 3), environment: environment, file: file)
        return ForecastSettings(place: place, settings: settings)
    }
}
