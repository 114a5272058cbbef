public import ForecastCore
public import Foundation
public import NetworkTransport

/// `ForecastService` for the Open-Meteo forecast API (`/v1/forecast`).
public struct OpenMeteoService: ForecastService {
    public let configuration: OpenMeteoConfiguration
    private let transport: any HTTPTransport

    public init(configuration: OpenMeteoConfiguration, transport: any HTTPTransport) {
        self.configuration = configuration
        self.transport = transport
    }

    public var provider: WeatherProvider { .openMeteo }

    public func forecast(for request: ForecastRequest) async throws(ForecastError) -> Forecast {
        try Self.forecast(from: try await get(url(for: request)), for: request, service: configuration.serviceName)
    }

    /// Several places in ONE request: Open-Meteo takes comma-separated
    /// coordinates and answers with an array in the same order. Requests
    /// that differ in days, units or sections are asked for separately.
    public func forecasts(for requests: [ForecastRequest]) async throws(ForecastError) -> [Forecast] {
        guard requests.count > 1 else { return requests.isEmpty ? [] : [try await forecast(for: requests[0])] }
        let first = requests[0]
        guard requests.allSatisfy({ $0.days == first.days && $0.includesHourly == first.includesHourly }) else {
            var forecasts: [Forecast] = []
            for request in requests { forecasts.append(try await forecast(for: request)) }
            return forecasts
        }
        return try Self.forecasts(from: try await get(url(for: requests)), for: requests, service: configuration.serviceName)
    }

    private func get(_ url: URL) async throws(ForecastError) -> HTTPResponse {
        do {
            return try await transport.get(url, headers: [])
        } catch {
            throw .transport(error, service: configuration.serviceName)
        }
    }

    /// The request URL. Variable lists are fixed; only place, days and units vary.
    public func url(for request: ForecastRequest) -> URL { url(for: [request]) }

    /// The URL for one or more places that share days, units and sections.
    func url(for requests: [ForecastRequest]) -> URL {
        let request = requests[0]
        var components = URLComponents(url: configuration.baseURL, resolvingAgainstBaseURL: false)!
        components.path = components.path.hasSuffix("/") ? components.path + "v1/forecast" : components.path + "/v1/forecast"
        var items: [URLQueryItem] = [
            .init(name: "latitude", value: requests.map { String($0.coordinate.latitude) }.joined(separator: ",")),
            .init(name: "longitude", value: requests.map { String($0.coordinate.longitude) }.joined(separator: ",")),
            .init(name: "current", value: Variable.requestedCurrent.joined(separator: ",")),
        ]
        if request.includesHourly { items.append(.init(name: "hourly", value: Variable.requestedHourly.joined(separator: ","))) }
        items += [
            .init(name: "daily", value: Variable.requestedDaily.joined(separator: ",")),
            .init(name: "timezone", value: "auto"),
            .init(name: "forecast_days", value: String(request.days)),
        ]
        if request.includesHourly {
            // Yesterday and the last hours come with the forecast: yesterday at
            // this hour, and the pressure three hours ago for its trend.
            items += [
                .init(name: "forecast_hours", value: String(ForecastRequest.hourlyHorizon)),
                .init(name: "past_hours", value: String(ForecastRequest.pastHours)),
                .init(name: "past_days", value: "1"),
            ]
        }
        if let key = configuration.apiKey { items.append(.init(name: "apikey", value: key)) }
        components.queryItems = items
        return components.url!
    }

    /// Interprets one HTTP response: an error status with Open-Meteo's
    /// `reason`, an HTML page from a proxy, or a forecast body. Public so
    /// that a stored response can be decoded again without a request.
    public static func forecast(
        from response: HTTPResponse, for request: ForecastRequest, service: ServiceName = .openMeteo
    ) throws(ForecastError) -> Forecast {
        let payload = try decode(OpenMeteoPayload.self, from: response, service: service)
        return try forecast(from: payload, for: request, service: service)
    }

    /// Interprets the answer to a several-place request: a JSON array with
    /// one forecast object per requested place, in request order.
    public static func forecasts(
        from response: HTTPResponse, for requests: [ForecastRequest], service: ServiceName = .openMeteo
    ) throws(ForecastError) -> [Forecast] {
        let payloads = try decode([OpenMeteoPayload].self, from: response, service: service)
        guard payloads.count == requests.count else {
            throw .undecodable(field: nil, detail: "it answered for \(payloads.count) places instead of \(requests.count)", service: service)
        }
        var forecasts: [Forecast] = []
        for (payload, request) in zip(payloads, requests) {
            forecasts.append(try forecast(from: payload, for: request, service: service))
        }
        return forecasts
    }

    /// An error status with Open-Meteo's `reason`, an HTML page from a
    /// proxy, or a JSON body decoded as `T`: every Open-Meteo API answers
    /// so (the forecast, `minutely_15`, the air quality).
    static func decode<T: Decodable>(_ type: T.Type, from response: HTTPResponse, service: ServiceName) throws(ForecastError) -> T {
        guard response.status == 200 else {
            let reason = (try? JSONDecoder().decode(OpenMeteoErrorBody.self, from: Data(response.body)))?.reason
            throw .httpStatus(response.status, reason: reason, service: service)
        }
        return try JSONBody.decode(T.self, from: response.body, service: service)
    }

    private static func forecast(from payload: OpenMeteoPayload, for request: ForecastRequest, service: ServiceName) throws(ForecastError) -> Forecast {
        guard payload.hasWeatherData else { throw .emptyData(service: service) }
        let forecast: Forecast
        do {
            forecast = try payload.forecast(requested: request)
        } catch {
            throw .undecodable(field: error.field, detail: error.detail, service: service)
        }
        return try forecast.checked(service: service)
    }
}

