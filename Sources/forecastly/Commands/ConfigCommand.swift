import ArgumentParser
import ForecastCore
import ForecastlyBase
import ForecastlySettings
import Foundation

/// `forecastly config`: every setting a forecast would use now, and where
/// each came from; with no file yet, an example to start one.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show the settings a forecast uses and where each comes from (config.toml, the environment, the locale).",
        discussion: """
        The file is $XDG_CONFIG_HOME/forecastly/config.toml (~/.config/forecastly/config.toml).
        For each setting the first that gives it wins: the flag, the environment
        variable, the file, the locale, the built-in default. A key in the file
        is used only when the file is readable by you alone (chmod 600).
        """
    )

    @Flag(help: "Print only the file's path.")
    var path = false

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let filePath = ConfigurationFile.defaultPath(environment: environment)
        if path {
            Terminal.standardOutput.write(filePath + "\n")
            return
        }
        let file = try ConfigurationFile.load(path: filePath)
        let settings = try Settings.resolve(flags: Settings.Flags(), environment: environment, file: file)
        Terminal.standardOutput.write(Self.text(settings, path: filePath, fileExists: file != nil))
    }

    static func text(_ settings: Settings, path: String, fileExists: Bool) -> String {
        let key = settings.apiKey == nil ? "none" : "set (\(settings.provider.value.name))"
        let rows: [(String, String, SettingSource?)] = [
            ("units", settings.units.value.rawValue, settings.units.source),
            ("provider", settings.provider.value.rawValue, settings.provider.source),
            ("place", settings.place?.value ?? "where you are (located)", settings.place?.source),
            ("days", "\(settings.days.value)", settings.days.source),
            ("hours", "\(settings.hours.value)", settings.hours.source),
            ("clock", settings.clock.value.rawValue, settings.clock.source),
            ("air", settings.airQuality.value ? "shown" : "off", settings.airQuality.source),
            ("nowcast", settings.nowcast.value ? "shown" : "off", settings.nowcast.source),
            ("alerts", settings.alerts.value ? "shown" : "off", settings.alerts.source),
            ("aqi", settings.aqi?.value.rawValue ?? "by region (european in Europe, us elsewhere)", settings.aqi?.source),
            ("api key", key, settings.apiKey?.source),
        ]
        var lines = ["Settings (a flag wins over the environment, which wins over the file, then the locale):"]
        for (name, value, source) in rows {
            let shown = value.strippingTerminalControls(limit: 60)
            lines.append("  " + name.padding(toLength: 10, withPad: " ", startingAt: 0)
                         + shown.padding(toLength: max(shown.count, 26), withPad: " ", startingAt: 0)
                         + "  " + (source?.description ?? ""))
        }
        lines.append("")
        lines.append("File: \(path)" + (fileExists ? "" : " (there is none; to make one, start from this:)"))
        if !fileExists { lines += example.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 } }
        return lines.map { $0.trimmingTrailingSpaces() }.joined(separator: "\n") + "\n"
    }

    /// A file with every setting, commented out: what the README shows.
    static let example = """
    # forecastly's defaults; a flag or an environment variable wins over each.
    # units = "imperial"          # or "metric"; default from the locale
    # provider = "met-norway"     # "open-meteo", "met-norway" or "openweather"
    # place = "Springfield, IL"   # or "50.45,30.52"; without it, forecastly locates you
    # days = 3                    # 1 to 16
    # hours = 12                  # 0 to 48
    # clock = "12h"               # or "24h"; default from the locale
    # air-quality = false         # leave out the air quality
    # aqi = "us"                  # or "european"; default by region
    # nowcast = false             # leave out the next two hours' rain
    # alerts = false              # leave out official weather warnings
    # openweather-api-key = "…"   # only if this file is mode 600
    """
}
