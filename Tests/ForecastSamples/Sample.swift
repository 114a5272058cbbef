public import ForecastCore
public import ForecastlyBase
@testable import ForecastProviders
public import Foundation
import NetworkTransport
import TestSupport

/// The forecasts and requests most tests start from: the recorded Zagreb
/// answer of Open-Meteo, decoded the way a run decodes it.
public enum Sample {
    public static let zagreb = try! Coordinate(latitude: 45.5936, longitude: 17.2251)
    public static let request = try! ForecastRequest(coordinate: zagreb, days: 7)

    public static func decode(_ fixture: String, status: Int = 200) throws(ForecastError) -> Forecast {
        let body = (try? Fixtures.bytes("open-meteo/\(fixture)")) ?? []
        return try decode(bytes: body, status: status)
    }

    public static func decode(json: String, status: Int = 200) throws(ForecastError) -> Forecast {
        try decode(bytes: Array(json.utf8), status: status)
    }

    public static func decode(bytes: [UInt8], status: Int = 200) throws(ForecastError) -> Forecast {
        try OpenMeteoService.forecast(from: HTTPResponse(status: status, body: bytes), for: request, service: .openMeteo)
    }

    public static func utc(_ text: String) -> Date {
        Date(timeIntervalSince1970: TimeInterval(WallClockTime.secondsSinceEpoch(text)!))
    }

    /// The Zagreb fixture decoded: the forecast most presentation tests use.
    public static var zagrebForecast: Forecast { try! decode("forecast_current_hourly_daily_zagreb.json") }

    /// MET Norway's recorded complete answer for Berlin (2 August 2022),
    /// read as a run reads it.
    public static func metNorwayBerlin() throws -> Forecast {
        let data = try Fixtures.data("met-norway/complete_berlin_2022-08-02_raw.json")
        let payload = try JSONDecoder().decode(MetNorwayPayload.self, from: data)
        let request = try ForecastRequest(coordinate: try Coordinate(latitude: 50, longitude: 10), days: 16)
        return try payload.forecast(requested: request, timeZone: TimeZone(identifier: "Europe/Berlin") ?? .gmt)
    }

    /// OpenWeather's free endpoints: Lisbon's current weather (1 August 2026)
    /// with London's 5-day forecast (20 March 2025), as one forecast that
    /// starts "now".
    public static func openWeatherLondon() throws -> Forecast {
        var now = try JSONDecoder().decode(
            OpenWeatherPayload.Current.self, from: try Fixtures.data("openweather/weather_2.5_lisbon_metric_2026-08-01.json"))
        let steps = try JSONDecoder().decode(
            OpenWeatherPayload.FiveDays.self, from: try Fixtures.data("openweather/forecast_2.5_london_standard_2025-03-20.json"))
        now.dt = steps.list[0].dt  // the two recordings are years apart; the report starts at "now"
        let request = try ForecastRequest(coordinate: try Coordinate(latitude: 51.5073, longitude: -0.1277), days: 7)
        return try OpenWeatherPayload.forecast(current: now, fiveDays: steps, requested: request, timeZone: .gmt)
    }
}
