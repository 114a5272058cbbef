public import ForecastCore
public import Foundation
public import NetworkTransport

/// MeteoAlarm, where Europe's national weather services publish their
/// warnings: one feed per country (`/api/v1/warnings/feeds-COUNTRY`),
/// asked once per interval and shared by every place in the country.
public struct MeteoAlarmService: Sendable {
    public static let publicURL = URL(string: "https://feeds.meteoalarm.org")!
    public static let urlVariable = "FORECASTLY_METEOALARM_URL"
    public static let name = ServiceName(.verbatim(AlertSource.meteoAlarm.name), urlVariable: urlVariable, wantsIdentification: false)

    public let endpoint: ServiceEndpoint
    private let request: AlertRequest
    /// Language prefixes, the user's first ("de", "nl"); English after them.
    private let languages: [String]

    public init(environment: [String: String], transport: any HTTPTransport, languages: [String] = []) throws(ForecastError) {
        endpoint = try ServiceEndpoint(service: Self.name, publicURL: Self.publicURL, environment: environment)
        request = AlertRequest(transport: transport, userAgent: Forecastly.userAgent)
        self.languages = languages
    }

    /// The feed's name for a country MeteoAlarm covers ("united-kingdom"), by ISO code.
    public static func feed(forCountry code: String) -> String? { feeds[code.uppercased()] }

    /// MeteoAlarm's members, by the English names its feeds use.
    static let feeds: [String: String] = [
        "AT": "austria", "BA": "bosnia-herzegovina", "BE": "belgium", "BG": "bulgaria", "CH": "switzerland",
        "CY": "cyprus", "CZ": "czechia", "DE": "germany", "DK": "denmark", "EE": "estonia", "ES": "spain",
        "FI": "finland", "FR": "france", "GB": "united-kingdom", "GR": "greece", "HR": "croatia", "HU": "hungary",
        "IE": "ireland", "IL": "israel", "IS": "iceland", "IT": "italy", "LT": "lithuania", "LU": "luxembourg",
        "LV": "latvia", "MD": "moldova", "ME": "montenegro", "MK": "republic-of-north-macedonia", "MT": "malta",
        "NL": "netherlands", "NO": "norway", "PL": "poland", "PT": "portugal", "RO": "romania", "RS": "serbia",
        "SE": "sweden", "SI": "slovenia", "SK": "slovakia", "UA": "ukraine",
    ]

    public func url(forFeed feed: String) -> URL {
        endpoint.url(path: "/api/v1/warnings/feeds-\(feed)", query: [])
    }

    public func bulletin(forFeed feed: String, now: Date = Date()) async throws(ForecastError) -> AlertBulletin {
        let response = try await request.get(url(forFeed: feed), accept: "application/json", service: endpoint.serviceName)
        return try Self.bulletin(from: response, fetchedAt: now, languages: languages, service: endpoint.serviceName)
    }

    public static func bulletin(
        from response: HTTPResponse, fetchedAt: Date, languages: [String] = [], service: ServiceName = name
    ) throws(ForecastError) -> AlertBulletin {
        try AlertRequest.check(response, service: service)
        let payload = try JSONBody.decode(MeteoAlarmPayload.self, from: response.body, service: service)
        do {
            return AlertBulletin(source: .meteoAlarm, alerts: try payload.alerts(languages: languages), fetchedAt: fetchedAt,
                                 nextRequest: AlertRequest.nextRequest(after: fetchedAt, source: .meteoAlarm, response: response))
        } catch {
            throw .undecodable(field: error.field, detail: error.detail, service: service)
        }
    }
}
