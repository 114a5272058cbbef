public import ForecastlyBase
public import Foundation
public import NetworkTransport

/// Looks up place names the offline index does not know, with Open-Meteo's
/// geocoding API (`/v1/search`). Only a typed name is sent, never the
/// user's location, so it needs no location permission.
public struct OpenMeteoGeocoder: Sendable {
    public static let urlVariable = "FORECASTLY_GEOCODING_URL"
    public static let defaultURL = URL(string: "https://geocoding-api.open-meteo.com")!

    public let baseURL: URL
    private let transport: any HTTPTransport

    public init(baseURL: URL = defaultURL, transport: any HTTPTransport) throws(TransportError) {
        try EndpointPolicy.validate(baseURL)
        self.baseURL = baseURL
        self.transport = transport
    }

    /// Reads `FORECASTLY_GEOCODING_URL`.
    public init(environment: [String: String], transport: any HTTPTransport) throws(GeocodingError) {
        var url = Self.defaultURL
        if let text = environment[Self.urlVariable], !text.isEmpty {
            guard let parsed = URL(string: text), parsed.host != nil else { throw .invalidURL(text.strippingTerminalControls(limit: 80)) }
            url = parsed
        }
        do { try self.init(baseURL: url, transport: transport) } catch { throw .invalidURL(url.absoluteString) }
    }

    public var serviceName: String { baseURL.host ?? baseURL.absoluteString }

    /// Up to `limit` places for the query, most relevant first; empty when
    /// the service knows none (its answer then has no `results` key).
    /// `countryCode` is an ISO code to narrow by, when the query's
    /// qualifier is one (the caller knows; "TX" is not a country).
    public func search(_ query: PlaceQuery, countryCode: String? = nil, limit: Int = 10) async throws(GeocodingError) -> [GazetteerPlace] {
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)!
        components.path = (components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path) + "/v1/search"
        var items = [
            URLQueryItem(name: "name", value: query.name),
            URLQueryItem(name: "count", value: String(min(max(limit, 1), 100))),
            URLQueryItem(name: "language", value: "en"),
            URLQueryItem(name: "format", value: "json"),
        ]
        if let countryCode { items.append(URLQueryItem(name: "countryCode", value: countryCode)) }
        components.queryItems = items
        let response: HTTPResponse
        do {
            response = try await transport.get(components.url!, headers: [])
        } catch {
            throw .transport(error, service: serviceName)
        }
        guard response.status == 200 else {
            let reason = try? JSONDecoder().decode(GeocodingErrorBody.self, from: Data(response.body)).reason
            throw .httpStatus(response.status, reason: reason?.strippingTerminalControls(limit: 120), service: serviceName)
        }
        let body: GeocodingResponse
        do {
            body = try JSONDecoder().decode(GeocodingResponse.self, from: Data(response.body))
        } catch {
            throw .undecodable(service: serviceName)
        }
        let places = (body.results ?? []).compactMap(\.place)
        // The service matches the qualifier loosely; apply it like the offline index does.
        let wanted = query.qualifiers.map(SearchKey.fold)
        return places.filter { place in
            wanted.allSatisfy { key in
                CountryNames.matches(key, code: place.countryCode, name: place.countryName)
                    || USStates.divisionKey(for: key) == USStates.divisionKey(for: SearchKey.fold(place.admin1))
            }
        }
    }
}

/// `{"results": [...], "generationtime_ms": …}`; `results` is absent when nothing matches.
struct GeocodingResponse: Decodable {
    var results: [Result]?

    /// The answer is proto3 JSON, which leaves out every field that is zero
    /// or empty: a place on the equator or the prime meridian comes without
    /// a latitude or longitude. So no field is required; a missing number is
    /// zero, and a result without a name is dropped.
    struct Result: Decodable {
        var id: Int?
        var name: String?
        var latitude: Double?
        var longitude: Double?
        var country_code: String?
        var country: String?
        var admin1: String?
        var population: Int?
        var timezone: String?

        var place: GazetteerPlace? {
            guard let name = name?.strippingTerminalControls(limit: 120), !name.isEmpty,
                  let coordinate = try? Coordinate(latitude: latitude ?? 0, longitude: longitude ?? 0)
            else { return nil }
            return GazetteerPlace(
                id: id ?? 0,
                name: name,
                countryCode: (country_code ?? "").strippingTerminalControls(limit: 3),
                countryName: (country ?? "").strippingTerminalControls(limit: 80),
                admin1: (admin1 ?? "").strippingTerminalControls(limit: 80),
                coordinate: coordinate,
                population: max(0, population ?? 0),
                timeZone: (timezone ?? "").strippingTerminalControls(limit: 64)
            )
        }
    }
}

struct GeocodingErrorBody: Decodable {
    var reason: String
}

/// Why an online lookup gave no answer (as opposed to answering "none").
public enum GeocodingError: Error, Sendable, Equatable {
    case invalidURL(String)
    case transport(TransportError, service: String)
    case httpStatus(Int, reason: String?, service: String)
    case undecodable(service: String)

    /// A short reason, for "the online lookup failed: …".
    public var reason: MessageText {
        switch self {
        case .invalidURL(let text):
            MessageText("{variable} is not an HTTPS URL (“{text}”)", ["variable": OpenMeteoGeocoder.urlVariable, "text": text])
        case .transport(let error, let service):
            MessageText("{service}: {reason}", ["service": service], messages: ["reason": [error.shortReason]])
        case .httpStatus(let status, let reason?, let service):
            MessageText("{service} answered HTTP {status}: {reason}", ["service": service, "status": "\(status)", "reason": reason])
        case .httpStatus(let status, nil, let service):
            MessageText("{service} answered HTTP {status}", ["service": service, "status": "\(status)"])
        case .undecodable(let service):
            MessageText("{service} sent an answer that cannot be read", ["service": service])
        }
    }
}
