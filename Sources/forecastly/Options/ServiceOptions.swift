import ArgumentParser
import ForecastCore
import Foundation
import NetworkTransport

struct ServiceOptions: ParsableArguments {
    @Option(name: .customLong("api-key"),
            help: ArgumentHelp("Open-Meteo commercial API key (or FORECASTLY_OPEN_METEO_API_KEY).", valueName: "key"))
    var apiKey: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds to wait for the whole request, 1…120.", valueName: "seconds"))
    var timeout: Double = 15

    /// Checked during parsing, before any prompt or request.
    func check() throws {
        guard timeout.isFinite, (1...120).contains(timeout) else {
            throw ValidationError("--timeout must be between 1 and 120 seconds; got \(timeout).")
        }
    }

    var settings: ServiceSettings { ServiceSettings(apiKey: apiKey, timeout: timeout) }
}
