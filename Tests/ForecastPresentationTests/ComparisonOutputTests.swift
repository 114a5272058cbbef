@testable import ForecastCore
import ForecastlyBase
@testable import ForecastPresentation
import ForecastSamples
import Foundation
@testable import LocationProvider
import NIOConcurrencyHelpers
import Places
import Testing
import TestSupport

/// What `compare` prints: the table and the `--json` array, built from a
/// real comparison over the sample gazetteer and the recorded Zagreb forecast.
@Suite struct ComparisonOutputTests {
    static let generatedAt = Date(timeIntervalSince1970: 1_795_000_000)

    func compare(_ names: [String]) async throws -> [PlaceComparison.Entry] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("compare-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let dump = Fixtures.url("geonames/cities-sample.txt").path
        let index = PlaceIndex(directories: XDGDirectories(environment: ["HOME": directory.path]), bundled: try BundledGeoNames(dumpAt: dump))
        let resolver = PlaceResolver(gazetteer: try index.importDump(at: dump), geocoder: nil)
        let service = BatchRecordingService(requested: NIOLockedValueBox([]))
        return try await PlaceComparison.run(try names.map(PlaceQuery.init), resolver: resolver, service: service)
    }

    /// Read today, the recording is months old: each row says the time it describes.
    @Test func anOldAnswerSaysItsTimeInItsRow() async throws {
        let entries = try await compare(["Lviv"])
        let text = ComparisonReport(entries: entries, style: .plain, source: .openMeteo).render()
        #expect(text.contains("Lviv, UA (as of Tue 29 Sep 01:00)"), "\(text)")
    }

    @Test func theTableHasARowPerPlaceInOrderAndLeavesFailuresOut() async throws {
        let entries = try await compare(["Lviv", "Nowhereville", "Kyiv", "lviv"])
        var report = ComparisonReport(entries: entries, style: .plain, source: .openMeteo)
        // The clock of the recording: its answer is "now" (an answer hours from the clock says its time, tested below).
        guard case .forecast(_, let recorded)? = entries.first, let time = recorded.current?.time else { Issue.record("no forecast"); return }
        report.now = time
        let text = report.render()
        // The recorded forecast has a current temperature of 12.5 °C, a high of 25 °C and no low.
        #expect(text == """
            Place     Now Low High    Condition Wind
            Lviv, UA 13°C   – 25°C 🌙 Clear sky –
            Kyiv, UA 13°C   – 25°C 🌙 Clear sky –

            Weather data by Open-Meteo.com (CC BY 4.0) · places from GeoNames (CC BY 4.0)

            """)
    }

    @Test func onATerminalTheHeaderIsBoldAndTheAttributionDim() async throws {
        let entries = try await compare(["Kyiv"])
        let lines = ComparisonReport(entries: entries, style: TerminalStyle(enabled: true), source: .openMeteo).render()
            .split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.hasPrefix("\u{1B}[1mPlace") == true)
        #expect(lines.contains { $0.hasPrefix("\u{1B}[2mWeather data by Open-Meteo.com") })
    }

    @Test func noPlaceForecastMeansNoTable() async throws {
        let entries = try await compare(["Nowhereville", "Atlantis"])
        #expect(entries.count == 2)
        #expect(ComparisonReport(entries: entries, style: .plain, source: .openMeteo).render() == "")
    }

    @Test func theJSONArrayKeepsInputOrderWithAForecastOrAnErrorEach() async throws {
        let entries = try await compare(["Lviv", "Nowhereville", "Kyiv", "lviv"])
        let data = ComparisonDocument(entries: entries, units: .metric, source: .openMeteo, generatedAt: Self.generatedAt).encoded()
        let array = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(array.map { $0["query"] as? String } == ["Lviv", "Nowhereville", "Kyiv", "lviv"])
        #expect(array.map { $0.keys.sorted() } == [["forecast", "query"], ["error", "query"], ["forecast", "query"], ["error", "query"]])

        let lviv = try #require(array[0]["forecast"] as? [String: Any])
        let location = try #require(lviv["location"] as? [String: Any])
        let place = try #require(location["place"] as? [String: Any])
        #expect(location["name"] as? String == "Lviv, UA")
        #expect(place["name"] as? String == "Lviv")
        #expect(place["countryCode"] as? String == "UA")
        #expect(place["latitude"] as? Double == 49.83826)
        #expect(lviv["generatedAt"] as? String == "2026-11-18T11:06:40Z")
        #expect(lviv["attribution"] as? String == "Weather data by Open-Meteo.com (CC BY 4.0)")
        #expect((lviv["current"] as? [String: Any])?["temperature"] as? Double == 12.5)

        let unknown = try #require(array[1]["error"] as? [String: Any])
        #expect((unknown["message"] as? String)?.contains("Nowhereville") == true)
        #expect(unknown["exitStatus"] as? Int == 64)
        let repeated = try #require(array[3]["error"] as? [String: Any])
        #expect(repeated["message"] as? String == "“lviv” is Lviv, UA, already listed as “Lviv”; it is shown once.")
        #expect(repeated["exitStatus"] as? Int == 64)
    }
}
