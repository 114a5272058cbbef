import ForecastCore
import ForecastlyBase
import ForecastPresentation
import ForecastProviders
import Foundation
import Places
import Testing
import TestSupport

/// The documented JSON schema (ForecastPresentation's JSONSchema.md) is the contract scripts rely on: every key it
/// shows is one the `Encodable` documents write, and every key they write
/// is shown there.
@Suite struct DocumentSchemaTests {
    @Test func readmeSchemaShowsExactlyTheKeysTheForecastDocumentWrites() throws {
        let kyiv = try Coordinate(latitude: 50.45, longitude: 30.52)
        let forecast = try OpenMeteoService.forecast(
            from: .init(status: 200, body: Array(FullResponse.json(units: "metric").utf8)),
            for: try ForecastRequest(coordinate: kyiv, days: 7), service: .openMeteo)
        let place = GazetteerPlace(id: 703448, name: "Kyiv", countryCode: "UA", countryName: "Ukraine", admin1: "12",
                                   coordinate: try Coordinate(latitude: 50.45466, longitude: 30.5238),
                                   population: 2_952_301, timeZone: "Europe/Kyiv")
        let generatedAt = Date(timeIntervalSince1970: 1_795_000_000)
        // Everything a document can hold: a named place, a stored origin, the air, the next two hours, warnings.
        var document = ForecastDocument(
            forecast: forecast, placeName: "Kyiv, UA", units: .metric, source: .openMeteo, generatedAt: generatedAt,
            place: place, origin: .stored(fetchedAt: generatedAt.addingTimeInterval(-180)))
        document.extras.airQuality = try OpenMeteoAirQualityService.airQuality(
            from: .init(status: 200, body: Array(try Data(contentsOf: Fixtures.url("air-quality/current_all_variables_enschede_derived.json")))))
        document.extras.nowcast = try OpenMeteoNowcastService.nowcast(from: .init(status: 200, body: Array(FullResponse.nowcastJSON(rain: [0, 0.4]).utf8)))
        let hilo = try NWSAlertService.bulletin(
            from: .init(status: 200, body: Array(try Data(contentsOf: Fixtures.url("alerts/nws/active_point_hilo-hi_5-alerts_hurricane_2026-08-16.json")))),
            fetchedAt: AlertAnswers.hiloRecordedAt)
        document.extras.alerts = hilo.warnings(for: AlertPlace(coordinate: try Coordinate(latitude: 19.7203, longitude: -155.0868), countryCode: "US"),
                                        at: AlertAnswers.hiloRecordedAt)
        #expect(document.extras.alerts?.active.count == 5)
        let written = DocumentedSchema.keyPaths(try JSONSerialization.jsonObject(with: document.encoded()))
        let documented = DocumentedSchema.keyPaths(try DocumentedSchema.example())
        #expect(written.subtracting(documented).sorted() == [], "written but not documented")
        #expect(documented.subtracting(written).sorted() == [], "documented but not written")
    }
}
