public import ForecastCore
public import ForecastlyBase
public import Foundation
public import NetworkTransport

/// `NowcastService` from Open-Meteo's `minutely_15` (the forecast API, at
/// `FORECASTLY_OPEN_METEO_URL`): the current quarter hour and the next two hours.
public struct OpenMeteoNowcastService: NowcastService {
    public let configuration: OpenMeteoConfiguration
    private let transport: any HTTPTransport

    /// The key it is asked with: Open-Meteo's commercial key, when the forecast is Open-Meteo's too.
    public static func apiKey(forecastProvider: WeatherProvider, apiKey: String?) -> String? {
        forecastProvider == .openMeteo ? apiKey : nil
    }

    public init(configuration: OpenMeteoConfiguration, transport: any HTTPTransport) {
        self.configuration = configuration
        self.transport = transport
    }

    /// Nine quarter hours: the one under way and the two hours after it.
    static let steps = 9

    public func url(for coordinate: Coordinate) -> URL {
        var components = URLComponents(url: configuration.baseURL, resolvingAgainstBaseURL: false)!
        components.path = components.path.hasSuffix("/") ? components.path + "v1/forecast" : components.path + "/v1/forecast"
        var items: [URLQueryItem] = [
            .init(name: "latitude", value: String(coordinate.latitude)),
            .init(name: "longitude", value: String(coordinate.longitude)),
            .init(name: "minutely_15", value: "precipitation,snowfall"),
            .init(name: "forecast_minutely_15", value: String(Self.steps)),
            .init(name: "past_minutely_15", value: "0"),
            .init(name: "timezone", value: "auto"),
        ]
        if let key = configuration.apiKey { items.append(.init(name: "apikey", value: key)) }
        components.queryItems = items
        return components.url!
    }

    public func nowcast(at coordinate: Coordinate) async throws(ForecastError) -> Nowcast {
        let response: HTTPResponse
        do {
            response = try await transport.get(url(for: coordinate), headers: [])
        } catch {
            throw .transport(error, service: configuration.serviceName)
        }
        return try Self.nowcast(from: response, service: configuration.serviceName)
    }

    /// One answer: Open-Meteo's error and `reason`, an HTML page, or the
    /// quarter hours, each value checked against what can fall.
    public static func nowcast(from response: HTTPResponse, service: ServiceName = .openMeteo) throws(ForecastError) -> Nowcast {
        let payload = try OpenMeteoService.decode(OpenMeteoNowcastPayload.self, from: response, service: service)
        do {
            return try payload.nowcast()
        } catch {
            throw .undecodable(field: error.field, detail: error.detail, service: service)
        }
    }
}
