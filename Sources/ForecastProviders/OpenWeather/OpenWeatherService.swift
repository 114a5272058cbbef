public import ForecastCore
public import ForecastlyBase
public import Foundation
public import NetworkTransport

/// `ForecastService` for OpenWeather (an API key).
///
/// With a free key: current weather (`/data/2.5/weather`) and the 5 day /
/// 3 hour forecast (`/data/2.5/forecast`), asked for together. With One
/// Call 3.0 in the key's plan: `/data/3.0/onecall`. Units are asked for
/// explicitly (the default is kelvin). The key travels as `appid` and
/// appears nowhere else: not in errors, logs, output or the store.
public struct OpenWeatherService: ForecastService {
    public let configuration: OpenWeatherConfiguration
    private let transport: any HTTPTransport
    /// The place's time zone for the free endpoints, which send only an offset.
    private let timeZone: @Sendable (Coordinate) -> TimeZone

    public init(configuration: OpenWeatherConfiguration, transport: any HTTPTransport, timeZone: @escaping @Sendable (Coordinate) -> TimeZone) {
        self.configuration = configuration
        self.transport = transport
        self.timeZone = timeZone
    }

    public var provider: WeatherProvider { .openWeather }
    private var service: ServiceName { configuration.endpoint.serviceName }

    public func forecast(for request: ForecastRequest) async throws(ForecastError) -> Forecast {
        let zone = timeZone(request.coordinate)
        if configuration.oneCall {
            let answer = try await get("/data/3.0/onecall", request: request, extra: [URLQueryItem(name: "exclude", value: "minutely,alerts")])
            return try Self.forecast(oneCall: answer, for: request, timeZone: zone, service: service)
        }
        // Both at once: a forecast run waits for the slower of the two, not their sum.
        async let current = get("/data/2.5/weather", request: request)
        async let fiveDays = get("/data/2.5/forecast", request: request)
        let answers: (HTTPResponse, HTTPResponse)
        do {
            answers = try await (current, fiveDays)
        } catch let error as ForecastError {
            throw error
        } catch {
            throw .undecodable(field: nil, detail: "\(error)", service: service)
        }
        return try Self.forecast(current: answers.0, fiveDays: answers.1, for: request, timeZone: zone, service: service)
    }

    /// The free endpoints' two answers as one forecast, days in `timeZone`.
    /// Public so that recorded answers can be read without a request.
    public static func forecast(
        current: HTTPResponse, fiveDays: HTTPResponse, for request: ForecastRequest, timeZone: TimeZone,
        service: ServiceName = .openWeather
    ) throws(ForecastError) -> Forecast {
        let now = try decode(OpenWeatherPayload.Current.self, from: current, service: service)
        let steps = try decode(OpenWeatherPayload.FiveDays.self, from: fiveDays, service: service)
        return try convert(service) { () throws(InvalidPayload) in
            try OpenWeatherPayload.forecast(current: now, fiveDays: steps, requested: request, timeZone: timeZone)
        }
    }

    /// One Call 3.0's answer as a forecast, in the zone it names (else `timeZone`).
    public static func forecast(
        oneCall: HTTPResponse, for request: ForecastRequest, timeZone: TimeZone, service: ServiceName = .openWeather
    ) throws(ForecastError) -> Forecast {
        let answer = try decode(OpenWeatherPayload.OneCall.self, from: oneCall, service: service)
        return try convert(service) { () throws(InvalidPayload) in
            try OpenWeatherPayload.forecast(oneCall: answer, requested: request, fallbackTimeZone: timeZone)
        }
    }

    private static func convert(_ service: ServiceName, _ body: () throws(InvalidPayload) -> Forecast) throws(ForecastError) -> Forecast {
        let forecast: Forecast
        do {
            forecast = try body()
        } catch {
            throw .undecodable(field: error.field, detail: error.detail, service: service)
        }
        return try forecast.checked(service: service)
    }

    /// The request URL, with the key. Never log or show it: `redacted(_:)` is for that.
    func url(path: String, for request: ForecastRequest, extra: [URLQueryItem] = []) -> URL {
        configuration.endpoint.url(path: path, query: [
            URLQueryItem(name: "lat", value: String(request.coordinate.latitude)),
            URLQueryItem(name: "lon", value: String(request.coordinate.longitude)),
            URLQueryItem(name: "units", value: "metric"),
        ] + extra + [URLQueryItem(name: "appid", value: configuration.apiKey)])
    }

    private func get(_ path: String, request: ForecastRequest, extra: [URLQueryItem] = []) async throws(ForecastError) -> HTTPResponse {
        let response: HTTPResponse
        do {
            response = try await transport.get(url(path: path, for: request, extra: extra), headers: [])
        } catch {
            throw .transport(redacting(error), service: service)
        }
        // An error body may quote the request; the key is cut out of it.
        guard response.status == 200 else { throw Self.failure(response, service: service, apiKey: configuration.apiKey) }
        return response
    }

    /// A transport error's text may quote the URL; the key is cut out of it.
    private func redacting(_ error: TransportError) -> TransportError {
        let key = configuration.apiKey
        switch error {
        case .insecureURL(let text): return .insecureURL(text.replacingOccurrences(of: key, with: "…"))
        case .other(let text): return .other(text.replacingOccurrences(of: key, with: "…"))
        case .tlsFailed(let host, let detail): return .tlsFailed(host: host, detail: detail.replacingOccurrences(of: key, with: "…"))
        default: return error
        }
    }

    /// An error status with OpenWeather's `message` when the body is its
    /// JSON (never an HTML page's text).
    static func failure(_ response: HTTPResponse, service: ServiceName, apiKey: String?) -> ForecastError {
        let isHTML = response.body.first(where: { !$0.isASCIIWhitespace }) == UInt8(ascii: "<")
        var message = isHTML ? nil : (try? JSONDecoder().decode(OpenWeatherPayload.ErrorBody.self, from: Data(response.body)))?.message
        if let apiKey { message = message?.replacingOccurrences(of: apiKey, with: "…") }
        return .httpStatus(response.status, reason: message, service: service)
    }

    /// 200 is an answer, decoded as `T`; any other status is an error.
    static func decode<T: Decodable>(_ type: T.Type, from response: HTTPResponse, service: ServiceName) throws(ForecastError) -> T {
        guard response.status == 200 else { throw failure(response, service: service, apiKey: nil) }
        return try JSONBody.decode(T.self, from: response.body, service: service)
    }
}
