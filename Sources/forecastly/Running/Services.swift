import ForecastCore
import Foundation
import NetworkTransport
import Places

/// --api-key and --timeout as values, for commands that have no such options too.
struct ServiceSettings: Sendable {
    var apiKey: String?
    var timeout: Double = 15
}

/// The network services one command uses, built in this one place from the
/// environment and its `ServiceSettings`: one HTTP transport (IP geolocation,
/// the geocoder and the weather service share it), Open-Meteo over it, and
/// the place resolver.
struct Services {
    let transport: any HTTPTransport
    let weather: any ForecastService

    /// The offline index first, then the online geocoder over this transport.
    func placeResolver() throws -> PlaceResolver {
        try PlaceLookup.resolver(transport: transport)
    }

    /// Runs `body` with the services and always shuts the transport down
    /// afterwards. `whileClosing` gets `body`'s result as the connections
    /// close: nothing is requested after `body`, so showing a forecast need
    /// not wait for that.
    static func with<Result: Sendable>(
        _ settings: ServiceSettings,
        _ body: (Services) async throws -> Result,
        whileClosing finish: (Result) async -> Void = { _ in }
    ) async throws -> Result {
        let configuration = try OpenMeteoConfiguration(environment: ProcessInfo.processInfo.environment, apiKey: settings.apiKey)
        Diagnostics.logger.debug("forecast server: \(configuration.baseURL.absoluteString), api key: \(configuration.apiKey == nil ? "none" : "set"), timeout \(settings.timeout) s")
        let limits = AsyncHTTPClientTransport.Limits(request: .milliseconds(Int64(settings.timeout * 1000)))
        let transport = AsyncHTTPClientTransport(userAgent: Forecastly.userAgent, limits: limits)
        do {
            let services = Services(transport: transport, weather: OpenMeteoService(configuration: configuration, transport: transport))
            let result = try await body(services)
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
