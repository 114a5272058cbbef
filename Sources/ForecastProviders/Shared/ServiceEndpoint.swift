public import ForecastCore
import ForecastlyBase
public import Foundation
import NetworkTransport

/// Where a provider's API lives: its public host, or a server the user set
/// in the provider's variable (self-hosted, or a test stub), checked against
/// the HTTPS-or-loopback rule before anything is sent.
public struct ServiceEndpoint: Sendable, Hashable {
    /// The service's name on its public host; `serviceName` adds another server's.
    public let name: ServiceName
    public let baseURL: URL
    /// Whether this is the provider's own public host.
    public let isPublic: Bool

    public init(_ provider: WeatherProvider, publicURL: URL, baseURL: URL? = nil) throws(ForecastError) {
        try self.init(service: ServiceName(provider), publicURL: publicURL, baseURL: baseURL)
    }

    public init(service name: ServiceName, publicURL: URL, baseURL: URL? = nil) throws(ForecastError) {
        let chosen = baseURL ?? publicURL
        do {
            try EndpointPolicy.validate(chosen)
        } catch {
            throw .transport(error, service: name)
        }
        self.name = name
        self.baseURL = chosen
        self.isPublic = chosen == publicURL
    }

    /// The public host, or the URL in `provider.urlVariable` when it is set.
    public init(_ provider: WeatherProvider, publicURL: URL, environment: [String: String]) throws(ForecastError) {
        try self.init(service: ServiceName(provider), publicURL: publicURL, environment: environment)
    }

    /// The public host, or the URL in the service's variable when it is set.
    public init(service name: ServiceName, publicURL: URL, environment: [String: String]) throws(ForecastError) {
        var baseURL: URL?
        if let text = environment[name.urlVariable], !text.isEmpty {
            guard let url = URL(string: text), url.host != nil else {
                throw .invalidInput(.notAURL(variable: name.urlVariable, text: text))
            }
            baseURL = url
        }
        try self.init(service: name, publicURL: publicURL, baseURL: baseURL)
    }

    /// "MET Norway" for the public host, "MET Norway at HOST:PORT"
    /// otherwise, so an error names the server that actually failed.
    public var serviceName: ServiceName {
        if isPublic { return name }
        return name.at(server: (baseURL.host ?? "?") + (baseURL.port.map { ":\($0)" } ?? ""))
    }

    /// `path` under the base URL (which may itself have a path), with `query`.
    func url(path: String, query: [URLQueryItem]) -> URL {
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)!
        let base = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        components.path = base + path
        components.queryItems = query.isEmpty ? nil : query
        return components.url!
    }
}
