public import ForecastCore
public import ForecastlyBase
public import Foundation
public import NetworkTransport

/// MET Norway's MetAlerts for Norway, its waters and Svalbard, asked for
/// the point (`lat`, `lon`), or at sea for every marine warning with MET's
/// sea areas beside them; under the forecast's terms: the same server
/// (`FORECASTLY_MET_NORWAY_URL`), the identifying User-Agent, `Expires` obeyed.
public struct MetNorwayAlertService: Sendable {
    static let path = "/weatherapi/metalerts/2.0/current.json"

    public let endpoint: ServiceEndpoint
    private let request: AlertRequest
    /// "en" or "no": the language MET writes the warnings in.
    private let language: String

    public init(environment: [String: String], transport: any HTTPTransport, language: String = "en") throws(ForecastError) {
        endpoint = try ServiceEndpoint(.metNorway, publicURL: MetNorwayService.publicBaseURL, environment: environment)
        let contact = try MetNorwayService.contact(environment[Forecastly.contactVariable])
        request = AlertRequest(transport: transport, userAgent: Forecastly.userAgent(contact: contact))
        self.language = language == "no" ? "no" : "en"
    }

    public func url(for coordinate: Coordinate) -> URL {
        endpoint.url(path: Self.path, query: [
            URLQueryItem(name: "lat", value: MetNorwayService.fourDecimals(coordinate.latitude)),
            URLQueryItem(name: "lon", value: MetNorwayService.fourDecimals(coordinate.longitude)),
            URLQueryItem(name: "lang", value: language),
        ])
    }

    public func bulletin(at coordinate: Coordinate, now: Date = Date()) async throws(ForecastError) -> AlertBulletin {
        let response = try await request.get(url(for: coordinate), accept: "application/geo+json", service: endpoint.serviceName)
        return try Self.bulletin(from: response, fetchedAt: now, service: endpoint.serviceName)
    }

    /// For a point at sea that no country claims: MET's sea areas and every
    /// marine warning in force, neither request carrying the point. The
    /// areas say whether MET warns there at all (`AlertBulletin.coverage`),
    /// the warnings' outlines which ones apply; one answer serves every such point.
    public func seaBulletin(now: Date = Date()) async throws(ForecastError) -> AlertBulletin {
        let areas = try await request.get(endpoint.url(path: MetNorwaySeaAreas.path, query: []), accept: "application/geo+json",
                                          service: endpoint.serviceName)
        let outlines = try MetNorwaySeaAreas.outlines(from: areas, service: endpoint.serviceName)
        let marine = endpoint.url(path: Self.path, query: [
            URLQueryItem(name: "geographicDomain", value: "marine"), URLQueryItem(name: "lang", value: language),
        ])
        let response = try await request.get(marine, accept: "application/geo+json", service: endpoint.serviceName)
        var bulletin = try Self.bulletin(from: response, fetchedAt: now, service: endpoint.serviceName)
        bulletin.coverage = outlines
        return bulletin
    }

    public static func bulletin(from response: HTTPResponse, fetchedAt: Date, service: ServiceName = .metNorway) throws(ForecastError) -> AlertBulletin {
        try AlertRequest.check(response, service: service)
        let payload = try JSONBody.decode(MetAlertsPayload.self, from: response.body, service: service)
        do {
            return AlertBulletin(source: .metNorway, alerts: try payload.alerts(), fetchedAt: fetchedAt,
                                 nextRequest: AlertRequest.nextRequest(after: fetchedAt, source: .metNorway, response: response))
        } catch {
            throw .undecodable(field: error.field, detail: error.detail, service: service)
        }
    }
}
