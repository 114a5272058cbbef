import ForecastCore
import ForecastlyBase
public import ForecastlyLocalization
import ForecastProviders

extension Settings {
    /// Every setting, its value and where it came from, then the file: what
    /// `forecastly config` prints (with no file yet, an example to start from).
    /// `problems` are the file's wrong lines: each is marked under it, and
    /// the settings above are what the rest of the file gives.
    /// The settings' names are the file's words and stay as they are; the
    /// rest is said in `words`' language.
    public func summary(file path: String, exists fileExists: Bool, problems: [ConfigurationError] = [], words: Words = .english) -> String {
        let settings = self
        let key = settings.apiKey == nil ? words("none") : words("set ({provider})", ["provider": settings.provider.value.name])
        let shown = words("shown"), off = words("off")
        let rows: [(String, String, SettingSource?)] = [
            ("units", settings.units.value.rawValue, settings.units.source),
            ("  temperature", settings.temperatureUnit.value.symbol, settings.temperatureUnit.source),
            ("  wind", settings.windUnit.value.symbol, settings.windUnit.source),
            ("  pressure", settings.pressureUnit.value.symbol, settings.pressureUnit.source),
            ("  precipitation", settings.precipitationUnit.value.symbol, settings.precipitationUnit.source),
            ("  distance", settings.distanceUnit.value.symbol, settings.distanceUnit.source),
            ("provider", settings.provider.value.rawValue, settings.provider.source),
            ("place", settings.place?.value ?? words("where you are (located)"), settings.place?.source),
            ("days", "\(settings.days.value)", settings.days.source),
            ("hours", "\(settings.hours.value)", settings.hours.source),
            ("clock", settings.clock.value.rawValue, settings.clock.source),
            ("air", settings.airQuality.value ? shown : off, settings.airQuality.source),
            ("nowcast", settings.nowcast.value ? shown : off, settings.nowcast.source),
            ("alerts", settings.alerts.value ? shown : off, settings.alerts.source),
            ("extras wait", settings.extrasWait.value.secondsText + " s", settings.extrasWait.source),
            ("language", settings.language.value.code, settings.language.source),
            ("aqi", settings.aqi?.value.rawValue ?? words("by region (european in Europe, us elsewhere)"), settings.aqi?.source),
            ("api key", key, settings.apiKey?.source),
        ]
        var lines = [words("Settings (a flag wins over the environment, which wins over the file, then the locale):")]
        for (name, value, source) in rows {
            let value = value.strippingTerminalControls(limit: 60)
            lines.append("  " + name.padded(to: 16)
                         + value.padded(to: max(value.count, 26))
                         + "  " + (source.map { words.say($0.message) } ?? ""))
        }
        lines.append("")
        lines.append(fileExists ? words("File: {path}", ["path": path]) : words("File: {path} (there is none; to make one, start from this:)", ["path": path]))
        // The example is a file to copy: its comments stay with its keys, in English.
        if !fileExists { lines += Self.example.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 } }
        if !problems.isEmpty {
            lines.append(words("Not used, as it is wrong (fix or remove it; until then forecastly stops with exit 78):"))
            lines += problems.map { "  ! " + $0.problemInFile(words) }
        }
        return lines.map { $0.trimmingTrailingSpaces() }.joined(separator: "\n") + "\n"
    }

    /// A file with every setting, commented out: what the README shows.
    public static let example = """
    # forecastly's defaults; a flag or an environment variable wins over each.
    # units = "imperial"             # "metric", "imperial" or "uk" (°C, mph, miles); default from the locale
    # wind-unit = "knots"            # one quantity in its own unit: "kmh", "ms", "mph", "knots" or "beaufort"
    # temperature-unit = "celsius"   # or "fahrenheit"
    # pressure-unit = "mmhg"         # "hpa", "inhg" or "mmhg"
    # precipitation-unit = "mm"      # or "inch"
    # distance-unit = "mi"           # or "km" (visibility)
    \(providerLine)
    # place = "Springfield, IL"      # or "50.45,30.52"; without it, forecastly locates you
    # days = 3                       # 1 to 16
    # hours = 12                     # 0 to 48
    # clock = "12h"                  # or "24h"; default from the locale
    # air-quality = false            # leave out the air quality
    # aqi = "us"                     # or "european"; default by region
    # nowcast = false                # leave out the next two hours' rain
    # alerts = false                 # leave out official weather warnings
    # extras-wait = 5                # seconds the extras may take after the forecast; default 1.5
    # lang = "de"                    # de, es, fr, it, ja, nl, pl, pt, ru, uk or en; default from the locale
    \(keyLines)
    """

    /// The providers, from their registrations: `# provider = "met-norway"  # "open-meteo", …`.
    private static var providerLine: String {
        let ids = WeatherProviders.all.map { "\"\($0.provider.id)\"" }
        let example = WeatherProviders.all.dropFirst().first?.provider.id ?? WeatherProviders.standard.id
        return commented("provider = \"\(example)\"", ids.dropLast().joined(separator: ", ") + " or " + ids[ids.count - 1])
    }

    /// Each provider's key setting.
    private static var keyLines: String {
        WeatherProviders.all.compactMap(\.provider.apiKeySetting).map { commented("\($0) = \"…\"", "only if this file is mode 600") }
            .joined(separator: "\n")
    }

    private static func commented(_ setting: String, _ comment: String) -> String {
        "# " + setting.padded(to: max(setting.count + 1, 31)) + "# " + comment
    }
}
