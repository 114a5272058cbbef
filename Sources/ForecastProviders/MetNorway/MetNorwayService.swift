public import ForecastCore
public import ForecastlyBase
public import Foundation
public import NetworkTransport

/// `ForecastService` for MET Norway's Locationforecast 2.0 (free, no key).
///
/// MET's terms of service are built in: every request identifies
/// forecastly (and the user's contact, when `FORECASTLY_CONTACT` is set),
/// coordinates carry at most four decimals, answers come with `Expires` and
/// `Last-Modified` for the store (`CachingForecastService` makes no request
/// before `Expires` and revalidates after it), and error bodies, which MET
/// sends as HTML, are never decoded.
public struct MetNorwayService: ForecastService {
    public static let publicBaseURL = URL(string: "https://api.met.no")!
    static let path = "/weatherapi/locationforecast/2.0/complete"

    public let endpoint: ServiceEndpoint
    /// The user's contact, for the User-Agent.
    public let contact: String?
    private let transport: any HTTPTransport
    /// The place's time zone, which MET does not send: the gazetteer's.
    private let timeZone: @Sendable (Coordinate) -> TimeZone

    public init(
        endpoint: ServiceEndpoint, contact: String? = nil, transport: any HTTPTransport,
        timeZone: @escaping @Sendable (Coordinate) -> TimeZone
    ) {
        self.endpoint = endpoint
        self.contact = contact
        self.transport = transport
        self.timeZone = timeZone
    }

    /// `FORECASTLY_MET_NORWAY_URL` and `FORECASTLY_CONTACT` from `environment`.
    public init(
        environment: [String: String], transport: any HTTPTransport,
        timeZone: @escaping @Sendable (Coordinate) -> TimeZone
    ) throws(ForecastError) {
        let endpoint = try ServiceEndpoint(.metNorway, publicURL: Self.publicBaseURL, environment: environment)
        let contact = try Self.contact(environment[Forecastly.contactVariable])
        self.init(endpoint: endpoint, contact: contact, transport: transport, timeZone: timeZone)
    }

    /// A contact goes into a header: printable ASCII, and short.
    static func contact(_ text: String?) throws(ForecastError) -> String? {
        guard let text = text?.trimmingWhitespace(), !text.isEmpty else { return nil }
        guard text.utf8.count <= 200, text.unicodeScalars.allSatisfy({ (0x20..<0x7F).contains($0.value) }) else {
            throw .invalidInput(MessageText("{variable} must be an e-mail address or web address of plain ASCII, at most 200 characters.", ["variable": Forecastly.contactVariable]))
        }
        return text
    }

    public var provider: WeatherProvider { .metNorway }

    public func forecast(for request: ForecastRequest) async throws(ForecastError) -> Forecast {
        switch try await fetch(request, ifModifiedSince: nil) {
        case .fetched(let forecast, _, _): return forecast
        case .notModified:
            throw .undecodable(field: nil, detail: "it answered “not modified” to a request that was not conditional", service: endpoint.serviceName)
        }
    }

    public func fetch(_ request: ForecastRequest, ifModifiedSince lastModified: String?) async throws(ForecastError) -> ForecastFetch {
        var headers = [(name: "User-Agent", value: Forecastly.userAgent(contact: contact))]
        if let lastModified { headers.append((name: "If-Modified-Since", value: lastModified)) }
        let response: HTTPResponse
        do {
            response = try await transport.get(url(for: request), headers: headers)
        } catch {
            throw .transport(error, service: endpoint.serviceName)
        }
        return try Self.interpret(response, for: request, conditional: lastModified != nil,
                                  timeZone: timeZone(request.coordinate), service: endpoint.serviceName)
    }

    /// The request URL: coordinates rounded to four decimals, as MET's
    /// terms require (five or more get 403) and so that its caches work.
    public func url(for request: ForecastRequest) -> URL {
        endpoint.url(path: Self.path, query: [
            URLQueryItem(name: "lat", value: Self.fourDecimals(request.coordinate.latitude)),
            URLQueryItem(name: "lon", value: Self.fourDecimals(request.coordinate.longitude)),
        ])
    }

    /// At most four decimals, and no trailing zeros ("59.9139", "10.75", "0").
    static func fourDecimals(_ value: Double) -> String {
        let rounded = (value * 10_000).rounded() / 10_000
        let text = rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        return text == "-0" ? "0" : text
    }

    /// One HTTP answer: 200 (or 203, a deprecated or beta version, used with
    /// a warning) is a forecast with its cache headers; 304 to a conditional
    /// request keeps the stored one; any other status is an error whose body
    /// is not read (MET sends HTML). Public so that recorded answers can be
    /// read without a request.
    public static func interpret(
        _ response: HTTPResponse, for request: ForecastRequest, conditional: Bool, timeZone: TimeZone,
        service: ServiceName = .metNorway
    ) throws(ForecastError) -> ForecastFetch {
        let headers = CacheHeaders(
            expires: response.header("Expires").flatMap(HTTPDate.parse),
            lastModified: response.header("Last-Modified").map { $0.trimmingWhitespace() }.flatMap { $0.isEmpty ? nil : $0 })
        switch response.status {
        case 304 where conditional:
            return .notModified(headers)
        case 200, 203:
            let payload = try JSONBody.decode(MetNorwayPayload.self, from: response.body, service: service)
            let forecast: Forecast
            do {
                forecast = try payload.forecast(requested: request, timeZone: timeZone)
            } catch {
                throw .undecodable(field: error.field, detail: error.detail, service: service)
            }
            let warning = response.status == 203
                ? MessageText("{service} marks this version of its API as deprecated or in beta (HTTP 203); the forecast is shown, but forecastly may need an update.",
                              [:]).naming(service)
                : nil
            return .fetched(try forecast.checked(service: service), headers, warning: warning)
        default:
            throw .httpStatus(response.status, reason: nil, service: service)
        }
    }
}
