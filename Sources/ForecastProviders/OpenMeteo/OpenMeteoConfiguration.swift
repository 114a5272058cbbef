public import ForecastCore
import ForecastlyBase
public import Foundation
import NetworkTransport

/// Where Open-Meteo lives: the free public API, the commercial `customer-`
/// host when an API key is given, or any self-hosted server.
public struct OpenMeteoConfiguration: Sendable, Hashable {
    public static let publicBaseURL = URL(string: "https://api.open-meteo.com")!
    public static let commercialBaseURL = URL(string: "https://customer-api.open-meteo.com")!

    public static let baseURLVariable = "FORECASTLY_OPEN_METEO_URL"
    public static let apiKeyVariable = WeatherProvider.openMeteo.apiKeyVariable ?? ""

    public let baseURL: URL
    public let apiKey: String?

    /// - Parameters:
    ///   - baseURL: A server to use instead of the public one (self-hosted
    ///     Open-Meteo, or a test stub). Must be HTTPS, or HTTP on loopback.
    ///   - apiKey: A commercial key. Without `baseURL` it selects the
    ///     `customer-` host, which is where Open-Meteo expects keys.
    public init(baseURL: URL? = nil, apiKey: String? = nil) throws(ForecastError) {
        let key = apiKey.flatMap { $0.isEmpty ? nil : $0 }
        let chosen = baseURL ?? (key == nil ? Self.publicBaseURL : Self.commercialBaseURL)
        do {
            try EndpointPolicy.validate(chosen)
        } catch {
            throw .transport(error, service: .openMeteo)
        }
        if let key, key.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F }) {
            throw .invalidInput(MessageText("The Open-Meteo API key contains spaces or control characters."))
        }
        self.baseURL = chosen
        self.apiKey = key
    }

    /// Reads `FORECASTLY_OPEN_METEO_URL` and `FORECASTLY_OPEN_METEO_API_KEY`;
    /// an explicit `apiKey` (from `--api-key`) wins over the environment.
    public init(environment: [String: String], apiKey: String? = nil) throws(ForecastError) {
        var baseURL: URL?
        if let text = environment[Self.baseURLVariable], !text.isEmpty {
            guard let url = URL(string: text), url.host != nil else {
                throw .invalidInput(.notAURL(variable: Self.baseURLVariable, text: text))
            }
            baseURL = url
        }
        try self.init(baseURL: baseURL, apiKey: apiKey ?? environment[Self.apiKeyVariable])
    }

    /// "Open-Meteo" for the public hosts, "Open-Meteo at HOST:PORT" otherwise,
    /// so an error names the server that actually failed.
    public var serviceName: ServiceName {
        if baseURL == Self.publicBaseURL || baseURL == Self.commercialBaseURL { return .openMeteo }
        return ServiceName.openMeteo.at(server: (baseURL.host ?? "?") + (baseURL.port.map { ":\($0)" } ?? ""))
    }
}
