import ForecastlyBase
import ArgumentParser
import ForecastCore
import ForecastlyApp
import ForecastProviders
import ForecastlySettings

/// `--provider`'s values: the providers the registry lists.
protocol ProviderArgument: ExpressibleByArgument {}

extension WeatherProvider: ProviderArgument {
    /// A provider by its id, in any case: `--provider MET-Norway`.
    init?(argument: String) {
        guard let provider = WeatherProviders.named(argument) else { return nil }
        self = provider
    }

    static var allValueStrings: [String] { WeatherProviders.all.map(\.provider.id) }
    var defaultValueDescription: String { id }
}

struct ServiceOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Weather service: open-meteo (default), met-norway or openweather (needs a key); or FORECASTLY_PROVIDER, or provider in config.toml.",
        discussion: "forecastly about lists each provider's licence and terms.", valueName: "name"))
    var provider: WeatherProvider?

    @Flag(name: .customLong("no-fallback"),
          help: "When Open-Meteo or MET Norway is unavailable, do not ask the other one.")
    var noFallback = false

    @Option(name: .customLong("api-key"),
            help: ArgumentHelp(
                "The provider's API key. Others can see it in ps and your shell's history: prefer FORECASTLY_OPENWEATHER_API_KEY (or FORECASTLY_OPEN_METEO_API_KEY), or openweather-api-key in config.toml (mode 600).",
                valueName: "key"))
    var apiKey: String?

    @Flag(name: .customLong("openweather-onecall"),
          help: "The OpenWeather key includes One Call 3.0: hourly and 8 days (or FORECASTLY_OPENWEATHER_ONECALL=1).")
    var oneCall = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds to wait for the whole request, 1…120.", valueName: "seconds"))
    var timeout: Double = 15

    /// Checked during parsing, before any prompt or request.
    func check() throws {
        guard timeout.isFinite, (1...120).contains(timeout) else {
            throw UsageMistake.error(MessageText("--timeout must be between 1 and 120 seconds; got {value}.", ["value": "\(timeout)"]))
        }
    }

    /// The service to ask, with the provider and key `settings` decided.
    func settings(_ settings: Settings) -> ServiceSettings {
        // A language chosen for forecastly (--lang, lang) is the warnings' too.
        let chosen: String? = switch settings.language.source {
        case .flag, .file: settings.language.value.code
        default: nil
        }
        return ServiceSettings(provider: settings.provider.value, fallback: !noFallback, apiKey: settings.apiKey?.value, oneCall: oneCall, language: chosen)
    }
}
