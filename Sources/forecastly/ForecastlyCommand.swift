import ArgumentParser
import ForecastCore

/// `forecastly`: the root command. With no subcommand it runs `forecast`.
struct ForecastlyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forecastly",
        abstract: "The weather where you are, from Open-Meteo.",
        discussion: """
        Examples:
          forecastly --lat 50.45 --lon 30.52          now, the next hours and 7 days
          forecastly --lat -33.9 --lon 18.4 --days 3 --units imperial
          forecastly --lat 50.45 --lon 30.52 --oneline   one line for a status bar
          forecastly --lat 50.45 --lon 30.52 --json      for scripts (schema in README)

        Exit status:
          0   success
          64  invalid input (an option or setting is wrong)
          65  bad data from a service (an answer that cannot be read)
          69  a service is unavailable, or there is no connectivity
          75  temporary failure (rate limited, timed out): try again later
          77  permission: location not authorized, or an API key was refused

        Environment:
          FORECASTLY_OPEN_METEO_URL      Open-Meteo server (default https://api.open-meteo.com)
          FORECASTLY_OPEN_METEO_API_KEY  commercial API key (uses the customer- host)
          NO_COLOR                       set to turn colour off

        Weather data by Open-Meteo.com (CC BY 4.0).
        """,
        version: Forecastly.version,
        subcommands: [ForecastCommand.self, LocationCommand.self, SimulateCommand.self, AboutCommand.self],
        defaultSubcommand: ForecastCommand.self
    )
}
