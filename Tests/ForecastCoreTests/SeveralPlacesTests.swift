@testable import ForecastCore
import ForecastlyBase
import ForecastlyTesting
import ForecastProviders
import ForecastSamples
import Foundation
@testable import LocationProvider
import NetworkTransport
import NIOConcurrencyHelpers
import Places
import Testing
import TestSupport

/// Several places in one Open-Meteo request, and `PlaceComparison` on top.
@Suite struct SeveralPlacesTests {
    static let places: [(String, Double, Double)] = [("Odesa", 46.48572, 30.74383), ("Kyiv", 50.45466, 30.5238), ("Lviv", 49.83826, 24.02324)]

    func requests(includesHourly: Bool = false) throws -> [ForecastRequest] {
        try Self.places.map { try ForecastRequest(coordinate: Coordinate(latitude: $0.1, longitude: $0.2), days: 1, includesHourly: includesHourly) }
    }

    @Test func oneRequestAnswersEveryPlaceInOrder() async throws {
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            try await withTransport(userAgent: Forecastly.userAgent) { transport in
                let service = OpenMeteoService(configuration: try OpenMeteoConfiguration(baseURL: URL(string: server.baseURL)!), transport: transport)
                let forecasts = try await service.forecasts(for: try requests())
                #expect(server.requestCount == 1)
                let query = try #require(server.requests.first?.query)
                #expect(query["latitude"] == "46.48572,50.45466,49.83826")
                #expect(query["longitude"] == "30.74383,30.5238,24.02324")
                #expect(query["hourly"] == nil && query["forecast_hours"] == nil)
                #expect(forecasts.map(\.current?.temperature) == [0, 1, 2])
                #expect(forecasts.map(\.requestedCoordinate.latitude) == Self.places.map(\.1))
            }
        }
    }

    @Test func anAnswerForTheWrongNumberOfPlacesIsBadData() throws {
        let two = FullResponse.array(latitudes: ["1", "2"], longitudes: ["1", "2"])
        #expect(throws: ForecastError.undecodable(field: nil, detail: "it answered for 2 places instead of 3", service: .openMeteo)) {
            try OpenMeteoService.forecasts(from: HTTPResponse(status: 200, body: Array(two.utf8)), for: try requests())
        }
        // A single object where an array belongs names the problem too.
        #expect(throws: ForecastError.self) {
            try OpenMeteoService.forecasts(from: HTTPResponse(status: 200, body: Array(FullResponse.json().utf8)), for: try requests())
        }
        let limited = #"{"error":true,"reason":"Only up to 1000 locations can be requested at once"}"#
        #expect(throws: ForecastError.httpStatus(400, reason: "Only up to 1000 locations can be requested at once", service: .openMeteo)) {
            try OpenMeteoService.forecasts(from: HTTPResponse(status: 400, body: Array(limited.utf8)), for: try requests())
        }
    }

    /// Another provider gets the protocol's default: one call per place, concurrently, in order.
    @Test func theDefaultAsksForEachPlace() async throws {
        let calls = NIOLockedValueBox(0)
        let service = ScriptedForecastService { request throws(ForecastError) in
            calls.withLockedValue { $0 += 1 }
            var forecast = try Sample.decode("forecast_current_hourly_daily_zagreb.json")
            forecast.requestedCoordinate = request.coordinate
            return forecast
        }
        let forecasts = try await service.forecasts(for: try requests())
        #expect(calls.withLockedValue { $0 } == 3)
        #expect(forecasts.map(\.requestedCoordinate.latitude) == Self.places.map(\.1))
    }

    @Test func comparisonKeepsOrderDropsRepeatsAndReportsUnknownNames() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("compare-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let index = PlaceIndex(directories: XDGDirectories(environment: ["HOME": directory.path]), bundled: try BundledGeoNames(dumpAt: Fixtures.url("geonames/cities-sample.txt").path))
        let resolver = PlaceResolver(gazetteer: try index.importDump(at: Fixtures.url("geonames/cities-sample.txt").path), geocoder: nil)
        let requested = NIOLockedValueBox<[[ForecastRequest]]>([])
        let service = BatchRecordingService(requested: requested)
        let queries = try ["Lviv", "Nowhereville", "Kyiv", "lviv", "Odesa"].map(PlaceQuery.init)
        let entries = try await PlaceComparison.run(queries, resolver: resolver, service: service)
        #expect(requested.withLockedValue { $0.count } == 1)
        #expect(requested.withLockedValue { $0[0].map(\.coordinate.latitude) } == [49.83826, 50.45466, 46.48572])
        let summary = entries.map { entry -> String in
            switch entry {
            case .forecast(let resolution, _): resolution.place.name
            case .failed(let query, let error): "\(query): \(type(of: error))"
            }
        }
        #expect(summary == ["Lviv", "Nowhereville: PlaceResolutionError", "Kyiv", "lviv: DuplicatePlace", "Odesa"])
        await #expect(throws: ForecastError.self) {
            try await PlaceComparison.run(Array(repeating: try PlaceQuery("Kyiv"), count: 101), resolver: resolver, service: service)
        }
        // A service that answers for fewer places than asked is bad data, never a trap.
        await #expect(throws: ForecastError.undecodable(field: nil, detail: "it answered for 1 places instead of 3", service: .openMeteo)) {
            try await PlaceComparison.run(try ["Lviv", "Kyiv", "Odesa"].map(PlaceQuery.init), resolver: resolver, service: ShortAnswering())
        }
    }
}

/// Answers every request for several places with one forecast.
private struct ShortAnswering: ForecastService {
    var provider: WeatherProvider { .openMeteo }
    func forecast(for request: ForecastRequest) async throws(ForecastError) -> Forecast { Sample.zagrebForecast }
    func forecasts(for requests: [ForecastRequest]) async throws(ForecastError) -> [Forecast] { [Sample.zagrebForecast] }
}
