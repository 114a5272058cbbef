public import ForecastCore
public import ForecastlyBase
public import Foundation
public import NetworkTransport

/// `AirQualityService` for Open-Meteo's Air Quality API (`/v1/air-quality`),
/// which serves the Copernicus Atmosphere Monitoring Service's forecasts.
public struct OpenMeteoAirQualityService: AirQualityService {
    public static let publicURL = URL(string: "https://air-quality-api.open-meteo.com")!
    public static let urlVariable = "FORECASTLY_AIR_QUALITY_URL"
    /// Who is credited where the air quality is shown.
    public static let source = DataSource.openMeteoAirQuality
    /// The vendor's id, as `about` lists the service under it.
    public static let vendor = "open-meteo"

    private let endpoint: ServiceEndpoint
    private let transport: any HTTPTransport

    public init(transport: any HTTPTransport, environment: [String: String]) throws(ForecastError) {
        endpoint = try Self.endpoint(environment: environment)
        self.transport = transport
    }

    /// The public server, or the one `FORECASTLY_AIR_QUALITY_URL` names
    /// (HTTPS, or HTTP on loopback): what the service asks, and `about` shows.
    public static func endpoint(environment: [String: String]) throws(ForecastError) -> ServiceEndpoint {
        var baseURL: URL?
        if let text = environment[urlVariable], !text.isEmpty {
            guard let url = URL(string: text), url.host != nil else {
                throw .invalidInput(.notAURL(variable: urlVariable, text: text))
            }
            baseURL = url
        }
        return try ServiceEndpoint(.openMeteo, publicURL: publicURL, baseURL: baseURL)
    }

    /// "Open-Meteo's air quality API", or "… at HOST:PORT" for another server.
    public var serviceName: ServiceName {
        endpoint.isPublic ? Self.name : Self.name.at(server: (endpoint.baseURL.host ?? "?") + (endpoint.baseURL.port.map { ":\($0)" } ?? ""))
    }

    /// The service's own name. Its variable is its own, not the forecast's:
    /// the advice names the one to check.
    public static let name = ServiceName(MessageText("Open-Meteo's air quality API"), urlVariable: urlVariable, wantsIdentification: false)

    public func url(for coordinate: Coordinate) -> URL {
        endpoint.url(path: "/v1/air-quality", query: [
            .init(name: "latitude", value: String(coordinate.latitude)),
            .init(name: "longitude", value: String(coordinate.longitude)),
            .init(name: "current", value: OpenMeteoAirQualityPayload.Current.requested.joined(separator: ",")),
            .init(name: "timezone", value: "auto"),
        ])
    }

    public func airQuality(at coordinate: Coordinate) async throws(ForecastError) -> AirQuality {
        let response: HTTPResponse
        do {
            response = try await transport.get(url(for: coordinate), headers: [])
        } catch {
            throw .transport(error, service: serviceName)
        }
        return try Self.airQuality(from: response, service: serviceName)
    }

    /// Interprets one answer: Open-Meteo's error status and `reason`, an
    /// HTML page, or the current air, every value checked against what the
    /// air can hold.
    public static func airQuality(from response: HTTPResponse, service: ServiceName = name) throws(ForecastError) -> AirQuality {
        let payload = try OpenMeteoService.decode(OpenMeteoAirQualityPayload.self, from: response, service: service)
        do {
            return try payload.airQuality()
        } catch {
            throw .undecodable(field: error.field, detail: error.detail, service: service)
        }
    }
}
