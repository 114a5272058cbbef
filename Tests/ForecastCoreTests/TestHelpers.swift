@testable import ForecastCore
import Foundation
import LocationProvider
import NetworkTransport
import TestSupport

enum Sample {
    static let zagreb = try! Coordinate(latitude: 45.5936, longitude: 17.2251)
    static let request = try! ForecastRequest(coordinate: zagreb, days: 7, units: .metric)

    static func decode(_ fixture: String, status: Int = 200) throws(ForecastError) -> Forecast {
        let body = (try? Fixtures.bytes("open-meteo/\(fixture)")) ?? []
        return try decode(bytes: body, status: status)
    }

    static func decode(json: String, status: Int = 200) throws(ForecastError) -> Forecast {
        try decode(bytes: Array(json.utf8), status: status)
    }

    static func decode(bytes: [UInt8], status: Int = 200) throws(ForecastError) -> Forecast {
        try OpenMeteoService.forecast(from: HTTPResponse(status: status, body: bytes), for: request, service: .openMeteo)
    }

    static func utc(_ text: String) -> Date {
        Date(timeIntervalSince1970: TimeInterval(WallClockTime.secondsSinceEpoch(text)!))
    }

    /// The Zagreb fixture decoded: the forecast most presentation tests use.
    static var zagrebForecast: Forecast { try! decode("forecast_current_hourly_daily_zagreb.json") }
}


import Testing
import ForecastlyBase

extension ForecastViewState: CustomTestStringConvertible {
    public var testDescription: String {
        switch self {
        case .idle: "idle"
        case .waitingForAuthorization: "waitingForAuthorization"
        case .locating: "locating"
        case .loading: "loading"
        case .loaded: "loaded"
        case .failed: "failed"
        }
    }
}

extension ForecastViewEvent: CustomTestStringConvertible {
    public var testDescription: String {
        switch self {
        case .awaitAuthorization: "awaitAuthorization"
        case .locate: "locate"
        case .load: "load"
        case .succeed: "succeed"
        case .fail: "fail"
        case .reset: "reset"
        }
    }
}

extension ForecastError {
    func renamingService(to name: ServiceName) -> ForecastError {
        switch self {
        case .invalidInput: self
        case .transport(let error, _): .transport(error, service: name)
        case .httpStatus(let status, let reason, _): .httpStatus(status, reason: reason, service: name)
        case .undecodable(let field, let detail, _): .undecodable(field: field, detail: detail, service: name)
        case .emptyData: .emptyData(service: name)
        case .location: self
        }
    }
}
