import ArgumentParser
import ForecastCore
import ForecastProviders
import ForecastlyBase
import ForecastlySettings
import LocationProvider
import Places

/// `forecastly`: the root command. With no subcommand it runs `forecast`.
struct ForecastlyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forecastly",
        abstract: "The weather where you are, from \(WeatherProviders.namesListed).",
        discussion: """
        Examples:
          forecastly                         locate you (asks permission once)
          forecastly --lat 50.45 --lon 30.52 --days 3
          forecastly --lat -33.9 --lon 18.4 --units imperial
          forecastly --provider met-norway   another weather provider
          forecastly Kyiv                    a place by name (offline index)
          forecastly "Paris, FR"             or --city "Paris, FR"
          forecastly 50.45,30.52             or --lat 50.45 --lon 30.52
          forecastly compare "Kyiv, Lviv, Odesa"
          forecastly cities search spring    autocomplete-style search
          forecastly --oneline               one line for a status bar (--waybar: JSON)
          forecastly --chart                 a meteogram of the coming hours
          forecastly chart --svg oslo.svg --city Oslo
          forecastly --json                  for scripts (its schema: see --json below)
          forecastly alerts                  official weather warnings, in full
          forecastly --watch --notify        desktop notifications of warnings and rain
          forecastly location status         permission, policy, stored place

        Weather providers (--provider, or FORECASTLY_PROVIDER):
        \(WeatherProviders.helpLines(indent: "  ").joined(separator: "\n"))
        \(WeatherProviders.fallbackSentence)
        (--no-fallback turns this off). 'forecastly about' gives each one's terms.

        Exit status:
          0   success
          1   a simulated scenario broke an invariant (simulate --scenario)
          64  invalid input (an option or setting is wrong)
          65  bad data from a service (an answer that cannot be read)
          69  a service is unavailable, or there is no connectivity
          73  a file you asked for cannot be created (chart --svg, a note, the
              decision; a cache that cannot be written is only a warning)
          74  writing a file failed part way (a full disk, an I/O error)
          75  temporary failure (rate limited, timed out): try again later
          77  permission: location not allowed, or an API key refused
          78  the configuration file is wrong (its line is named)

        Environment:
        \(EnvironmentHelp.lines.joined(separator: "\n"))

        Defaults: ~/.config/forecastly/config.toml ('forecastly config' shows them).

        \(WeatherProviders.credits). Places from GeoNames (CC BY 4.0).
        """,
        version: "forecastly \(Forecastly.version)",
        subcommands: [ForecastCommand.self, CompareCommand.self, ChartCommand.self, AlertsCommand.self, SkyCommand.self, CitiesCommand.self, NotesCommand.self, CacheCommand.self, LocationCommand.self, ConfigCommand.self, SimulateCommand.self, AboutCommand.self],
        defaultSubcommand: ForecastCommand.self
    )
}

/// The environment variables of the root help, each named by the constant
/// the code reads it through (the providers' from their registrations), so
/// the list and the variables cannot drift apart.
private enum EnvironmentHelp {
    static var lines: [String] {
        var variables: [(name: String, meaning: String)] = [(WeatherProvider.environmentVariable, WeatherProviders.idsListed)]
        for provider in WeatherProviders.all.map(\.provider) {
            variables.append((provider.urlVariable, "\(provider.name) server"))
            if let key = provider.apiKeyVariable { variables.append((key, "\(provider.name) key")) }
            for plan in provider.plans { variables.append((plan.environmentVariable, "1: --plan \(plan.id)")) }
        }
        variables += [
            (Forecastly.contactVariable, "your e-mail or site, for services that ask"),
            (Settings.unitsVariable, "metric, imperial or uk, as --units"),
            (Settings.temperatureUnitVariable, "as --temperature-unit"),
            (Settings.windUnitVariable, "as --wind-unit"),
            (Settings.pressureUnitVariable, "as --pressure-unit"),
            (Settings.precipitationUnitVariable, "as --precipitation-unit"),
            (Settings.distanceUnitVariable, "as --distance-unit"),
            (Settings.extrasWaitVariable, "seconds the extras may take (\(Settings.defaultExtrasWait.secondsText))"),
            (GPSDAddress.variable, "gpsd HOST[:PORT]"),
            (IPGeolocationProvider.urlVariable, "IP location service (HTTPS)"),
            (OpenMeteoGeocoder.urlVariable, "place names not in the offline index"),
            (OpenMeteoAirQualityService.urlVariable, "air-quality server"),
            (NWSAlertService.urlVariable, "US National Weather Service (warnings)"),
            (MeteoAlarmService.urlVariable, "MeteoAlarm feeds (warnings in Europe)"),
            (LocationPolicy.pathVariable, "administrator policy file"),
            ("NO_COLOR", "set to turn colour off"),
            ("LC_MEASUREMENT, LC_TIME, LANG", "default units and clock; ASCII unless UTF-8"),
        ]
        return variables.map { "  " + $0.name.padded(to: 31) + $0.meaning }
    }
}
