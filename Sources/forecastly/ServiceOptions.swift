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

    /// Runs `body` with one HTTP transport (for IP geolocation too) and the
    /// Open-Meteo service over it, and always shuts the transport down
    /// afterwards. `whileClosing` gets `body`'s result as the connections
    /// close: nothing is requested after `body`, so showing a forecast need
    /// not wait for that.
    func withServices<Result: Sendable>(
        _ body: (any HTTPTransport, any ForecastService) async throws -> Result,
        whileClosing finish: (Result) async -> Void = { _ in }
    ) async throws -> Result {
        let configuration = try OpenMeteoConfiguration(environment: ProcessInfo.processInfo.environment, apiKey: apiKey)
        Diagnostics.logger.debug("forecast server: \(configuration.baseURL.absoluteString), api key: \(configuration.apiKey == nil ? "none" : "set"), timeout \(timeout) s")
        let limits = AsyncHTTPClientTransport.Limits(request: .milliseconds(Int64(timeout * 1000)))
        let transport = HeadStart.takeTransport(limits: limits)
            ?? AsyncHTTPClientTransport(userAgent: Forecastly.userAgent, limits: limits)
        do {
            let result = try await body(transport, OpenMeteoService(configuration: configuration, transport: transport))
            async let closed: Void = transport.shutdown()
            await finish(result)
            await closed
            return result
        } catch {
            await transport.shutdown()
            throw error
        }
    }
}
