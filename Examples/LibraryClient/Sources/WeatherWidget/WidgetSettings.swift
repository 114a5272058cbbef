import ForecastlySettings
import Foundation

/// The widget shows what the user's `forecastly` would: the same
/// config.toml, environment and locale decide its units, days and clock.
public enum WidgetSettings {
    public static func current() throws -> Settings {
        let environment = ProcessInfo.processInfo.environment
        let file = try ConfigurationFile.load(path: ConfigurationFile.defaultPath(environment: environment))
        let settings = try Settings.resolve(flags: Settings.Flags(days: 3), environment: environment, file: file)
        return settings
    }
}
