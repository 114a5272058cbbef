import ArgumentParser
import ForecastCore
import ForecastlyBase
import Foundation

extension WeatherProvider: ArgumentChoice {}

struct ServiceOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Weather service: open-meteo (default), met-norway or openweather (needs a key); or FORECASTLY_PROVIDER.",
        discussion: "forecastly about lists each provider's licence and terms.", valueName: "name"))
    var provider: WeatherProvider?

    @Flag(name: .customLong("no-fallback"),
          help: "When Open-Meteo or MET Norway is unavailable, do not ask the other one.")
    var noFallback = false

    @Option(name: .customLong("api-key"),
            help: ArgumentHelp("The provider's API key: Open-Meteo's commercial key (or FORECASTLY_OPEN_METEO_API_KEY), OpenWeather's key (or FORECASTLY_OPENWEATHER_API_KEY).", valueName: "key"))
    var apiKey: String?

    @Flag(name: .customLong("openweather-onecall"),
          help: "The OpenWeather key includes One Call 3.0: hourly and 8 days (or FORECASTLY_OPENWEATHER_ONECALL=1).")
    var oneCall = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds to wait for the whole request, 1…120.", valueName: "seconds"))
    var timeout: Double = 15

    /// Checked during parsing, before any prompt or request.
    func check() throws {
        guard timeout.isFinite, (1...120).contains(timeout) else {
            throw ValidationError("--timeout must be between 1 and 120 seconds; got \(timeout).")
        }
        _ = try chosenProvider()
    }

    /// `--provider`, else `FORECASTLY_PROVIDER`, else Open-Meteo.
    func chosenProvider(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> WeatherProvider {
        if let provider { return provider }
        guard let text = environment[WeatherProvider.environmentVariable], !text.isEmpty else { return .openMeteo }
        guard let named = WeatherProvider(rawValue: text) else {
            let names = WeatherProvider.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("\(WeatherProvider.environmentVariable) must be one of \(names); got “\(text.strippingTerminalControls(limit: 40))”.")
        }
        return named
    }

    var settings: ServiceSettings {
        ServiceSettings(provider: (try? chosenProvider()) ?? .openMeteo, fallback: !noFallback, apiKey: apiKey, oneCall: oneCall, timeout: timeout)
    }
}

/// The service options as values, for commands that have no such options too.
struct ServiceSettings: Sendable {
    var provider: WeatherProvider = .openMeteo
    /// Whether the other keyless provider may stand in (`--no-fallback` turns it off).
    var fallback = true
    var apiKey: String?
    var oneCall = false
    var timeout: Double = 15
}
