public import ForecastCore
public import ForecastlyBase
public import Foundation
public import NetworkTransport

/// Warnings of the US National Weather Service, asked for the place's point
/// (`/alerts/active?point=LAT,LON`): the service finds the zones and
/// counties the point lies in, so an alert without an outline still
/// concerns the point. It refuses clients without an identifying User-Agent.
public struct NWSAlertService: Sendable {
    public static let publicURL = URL(string: "https://api.weather.gov")!
    public static let urlVariable = "FORECASTLY_NWS_URL"
    public static let name = ServiceName(.verbatim(AlertSource.nws.name), urlVariable: urlVariable, wantsIdentification: true)

    public let endpoint: ServiceEndpoint
    private let request: AlertRequest

    public init(environment: [String: String], transport: any HTTPTransport) throws(ForecastError) {
        endpoint = try ServiceEndpoint(service: Self.name, publicURL: Self.publicURL, environment: environment)
        let contact = try MetNorwayService.contact(environment[Forecastly.contactVariable])
        request = AlertRequest(transport: transport, userAgent: Forecastly.userAgent(contact: contact))
    }

    public func url(for coordinate: Coordinate) -> URL {
        let point = "\(MetNorwayService.fourDecimals(coordinate.latitude)),\(MetNorwayService.fourDecimals(coordinate.longitude))"
        return endpoint.url(path: "/alerts/active", query: [URLQueryItem(name: "point", value: point)])
    }

    public func bulletin(at coordinate: Coordinate, now: Date = Date()) async throws(ForecastError) -> AlertBulletin {
        let response = try await request.get(url(for: coordinate), accept: "application/geo+json", service: endpoint.serviceName)
        return try Self.bulletin(from: response, fetchedAt: now, service: endpoint.serviceName)
    }

    public static func bulletin(from response: HTTPResponse, fetchedAt: Date, service: ServiceName = name) throws(ForecastError) -> AlertBulletin {
        try AlertRequest.check(response, service: service)
        let payload = try JSONBody.decode(NWSAlertPayload.self, from: response.body, service: service)
        do {
            return AlertBulletin(source: .nws, alerts: try payload.alerts(), fetchedAt: fetchedAt,
                                 nextRequest: AlertRequest.nextRequest(after: fetchedAt, source: .nws, response: response))
        } catch {
            throw .undecodable(field: error.field, detail: error.detail, service: service)
        }
    }
}
