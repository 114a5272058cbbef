@testable import ForecastCore
import ForecastlyBase
@testable import ForecastPresentation
import ForecastProviders
import ForecastSamples
import Foundation
import LocationProvider
import Testing
import TestSupport

/// Golden-file tests of everything a person or script reads. Output depends
/// only on the forecast (the place's own clock and time zone) and, for JSON,
/// on the `generatedAt` passed in, so the files are stable.
@Suite struct PresentationTests {
    static let kyiv = try! Coordinate(latitude: 50.45, longitude: 30.52)
    static let generatedAt = Sample.utc("2026-11-21T05:00")

    /// The full answer as kept (metric), shown in `units`.
    static func full(_ units: UnitSystem = .metric) throws -> Forecast {
        let request = try ForecastRequest(coordinate: kyiv, days: 7)
        return try OpenMeteoService.forecast(
            from: .init(status: 200, body: Array(FullResponse.json().utf8)), for: request, service: .openMeteo
        ).converted(to: units.units)
    }

    /// The derived full answer (the past, pressure, dew point, cloud,
    /// visibility) as a file: the fuzzer's seed for the Open-Meteo reader.
    @Test func theFullAnswerIsKeptAsAFileForTheFuzzer() {
        Golden.check(FullResponse.json(), against: "open-meteo-full-with-past.json")
    }

    @Test func metricReportMatchesGolden() throws {
        let report = ForecastReport(forecast: try Self.full(), placeName: nil, hours: 8, style: .plain, source: .openMeteo).whenFetched
        Golden.check(report.render(), against: "report-kyiv-metric.txt")
    }

    @Test func reportImperialWithName() throws {
        let report = ForecastReport(forecast: try Self.full(.imperial), placeName: "Kyiv, UA", hours: 4, style: .plain, source: .openMeteo).whenFetched
        Golden.check(report.render(), against: "report-kyiv-imperial.txt")
    }

    @Test func reportOfTheSparseRealRecording() {
        let report = ForecastReport(forecast: Sample.zagrebForecast, placeName: nil, hours: 3, style: .plain, source: .openMeteo).whenFetched
        Golden.check(report.render(), against: "report-zagreb-recorded.txt")
    }

    @Test func colourIsOnlyAddedWhenEnabled() throws {
        let forecast = try Self.full()
        let plain = ForecastReport(forecast: forecast, placeName: nil, hours: 8, style: .plain, source: .openMeteo).whenFetched.render()
        let coloured = ForecastReport(forecast: forecast, placeName: nil, hours: 8, style: .init(enabled: true), source: .openMeteo).whenFetched.render()
        #expect(!plain.contains("\u{1B}"))
        #expect(coloured.contains("\u{1B}[1m"))
        let stripped = coloured.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        #expect(stripped == plain) // colour never changes the text or its alignment
    }

    @Test func tableColumnsAlign() throws {
        let text = ForecastReport(forecast: try Self.full(), placeName: nil, hours: 8, style: .plain, source: .openMeteo).whenFetched.render()
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let dayStart = try #require(lines.firstIndex { $0.hasPrefix("Coming days") }) + 1
        let dayRows = lines[dayStart..<dayStart + 7]
        // The last column is right-aligned, so aligned rows are equally wide.
        #expect(Set(dayRows.map(TextWidth.of)).count == 1, "rows: \(dayRows)")
        let hourStart = try #require(lines.firstIndex { $0.hasPrefix("Next hours") }) + 1
        // The wind speed column ends at the same cell in every hourly row.
        let speedEnds = lines[hourStart..<hourStart + 8].map { row in TextWidth.of(String(row[..<row.range(of: "km/h")!.upperBound])) }
        #expect(Set(speedEnds).count == 1)
    }

    @Test(arguments: [
        ("%c %t %w", "⛄ -1°C 15 km/h NW"),
        ("%l: %C, %t (feels %f), humidity %h", "50.4500°N, 30.5200°E: Slight snow fall, -1°C (feels -6°C), humidity 87%"),
        ("%H/%L %o %u %p", "1°C/-3°C 80% 1 0.0 mm"),
        ("%S–%s %T %Z", "07:12–16:04 07:15 Europe/Kyiv"),
        ("%i 100%%", "cloud.snow 100%"),
        ("%t (%a)", "-1°C (typed coordinates)"),
        ("%P, dew %d, cloud %k, %V", "1012 hPa ↘, dew -3°C, cloud 100%, 2.4 km"),
        ("%M, %D", "🌔 Waxing gibbous 86%, 8 h 44 min"),
        ("%t, %Y", "-1°C, +3°C"),
    ])
    // %D: timeanddate.com gives Kyiv 8:45 of daylight on 21 Nov 2026; %Y:
    // -1.4 °C now against -4.0 °C yesterday at this hour.
    func lineTemplate(template: String, expected: String) throws {
        let line = try LineTemplate(template).render(try Self.full(), placeName: nil)
        #expect(line == expected)
    }

    /// The Moon has one figure in a run: the report's sky line, `%M`, the
    /// Waybar tooltip and the JSON's `sky` all give today's phase at noon.
    @Test func theMoonHasOneFigureInEveryOutput() throws {
        let forecast = try Self.full()
        let report = ForecastReport(forecast: forecast, placeName: nil, hours: 2, style: .plain, source: .openMeteo).whenFetched.render()
        let line = try LineTemplate("%M").render(forecast, placeName: nil)
        let figure = try #require(line.firstMatch(of: /(\d+)%/)).output.1
        #expect(report.contains("Waxing gibbous \(figure)%"), "\(line) | \(report)")
        let day = try #require(forecast.sky(days: 1).first)
        #expect(Int((day.moon.phase.illumination * 100).rounded()) == Int(figure))
    }

    @Test func defaultLineTemplateGolden() throws {
        let metric = try LineTemplate(LineTemplate.defaultLine).render(try Self.full(), placeName: "Kyiv")
        let recorded = try LineTemplate("%l: %c %t %h %S").render(Sample.zagrebForecast, placeName: nil)
        Golden.check(metric + "\n" + recorded + "\n", against: "oneline.txt")
    }

    @Test(arguments: ["", "%", "abc %", "%q", "%t %J"])
    func badTemplatesAreInputErrors(template: String) {
        #expect {
            _ = try LineTemplate(template)
        } throws: { error in
            (error as? ForecastError)?.exitStatus == .usage
        }
    }

    @Test func jsonDocumentGolden() throws {
        let document = ForecastDocument(
            forecast: try Self.full(), placeName: nil, units: .metric, source: .openMeteo, generatedAt: Self.generatedAt, hours: 3
        )
        Golden.check(String(decoding: document.encoded(), as: UTF8.self) + "\n", against: "forecast-kyiv.json")
    }

    /// Units chosen one by one: the document names each, the system is
    /// "custom", and every value is in its unit (14.6 km/h is 7.9 kn, force
    /// 3 on the Beaufort scale; 1012.3 hPa is 759.3 mmHg).
    @Test func jsonNamesEachUnitChosen() throws {
        let kept = try OpenMeteoService.forecast(
            from: .init(status: 200, body: Array(FullResponse.json().utf8)), for: try ForecastRequest(coordinate: Self.kyiv, days: 7), service: .openMeteo)
        func document(_ units: MeasurementUnits) throws -> [String: Any] {
            let data = ForecastDocument(forecast: kept, placeName: nil, units: units, source: .openMeteo, generatedAt: Self.generatedAt).encoded()
            return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        }
        let sailor = try document(MeasurementUnits(temperature: .celsius, windSpeed: .knots, pressure: .mmhg, precipitation: .mm, distance: .km))
        let units = try #require(sailor["units"] as? [String: String])
        #expect(units == ["system": "custom", "temperature": "°C", "windSpeed": "kn", "precipitation": "mm", "pressure": "mmHg", "visibility": "km"])
        let current = try #require(sailor["current"] as? [String: Any])
        #expect(abs((current["windSpeed"] as? Double ?? 0) - 14.6 / 1.852) < 0.05)
        #expect(abs((current["pressure"] as? Double ?? 0) - 759.3) < 0.05)
        let beaufort = try document(MeasurementUnits(temperature: .celsius, windSpeed: .beaufort, pressure: .hpa, precipitation: .mm, distance: .mi))
        #expect((beaufort["current"] as? [String: Any])?["windSpeed"] as? Double == 3)
        #expect((beaufort["units"] as? [String: String])?["windSpeed"] == "Bft")
        #expect((try document(UnitSystem.uk.units)["units"] as? [String: String])?["system"] == "uk")
    }

    /// The README promises a simple record (id / location / description /
    /// temperature / minTemperature / maxTemperature / created) can be
    /// derived from the document; derive it the way the README says.
    @Test func simpleRecordIsDerivable() throws {
        let data = ForecastDocument(
            forecast: try Self.full(), placeName: "Kyiv", units: .metric, source: .openMeteo, generatedAt: Self.generatedAt
        ).encoded()
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let location = try #require(root["location"] as? [String: Any])
        let current = try #require(root["current"] as? [String: Any])
        let today = try #require((root["daily"] as? [[String: Any]])?.first)
        #expect(location["name"] as? String == "Kyiv")
        #expect(current["description"] as? String == "Slight snow fall")
        #expect(current["temperature"] as? Double == -1.4)
        #expect(today["temperatureMin"] as? Double == -3.1)
        #expect(today["temperatureMax"] as? Double == 1.2)
        #expect(root["generatedAt"] as? String == "2026-11-21T05:00:00Z")
        #expect(current["time"] as? String == "2026-11-21T07:15:00+02:00")
        #expect(root["schemaVersion"] as? Int == 1)
        #expect(root["attribution"] as? String == "Weather data by Open-Meteo.com (CC BY 4.0)")
        // A missing value is an explicit null, never a missing key.
        let fourthDay = try #require((root["daily"] as? [[String: Any]])?[3])
        #expect(fourthDay.keys.contains("temperatureMin") && fourthDay["temperatureMin"] is NSNull)
    }
}

/// Every line of the report that joins parts with " · " fits the width:
/// a long place name (downtown Toronto's district) pushes the zone and the
/// time onto a second line instead of past the edge.
@Suite struct ReportWidthTests {
    static let place = "Waterfront Communities-The Island, CA"

    @Test(arguments: [100, 80, 60])
    func everyJoinedLineFitsTheWidth(width: Int) {
        var report = ForecastReport(forecast: Sample.zagrebForecast, placeName: Self.place, hours: 4, style: .plain,
                                    source: Sample.zagrebForecast.provider.source).whenFetched
        report.width = width
        let lines = report.render().split(separator: "\n").map(String.init)
        let joined = lines.filter { $0.contains(" · ") }
        #expect(!joined.isEmpty)
        for line in joined { #expect(TextWidth.of(line) <= width, "\(TextWidth.of(line)) columns: \(line)") }
        // Nothing is lost: the header's parts are all there, in order.
        let text = lines.joined(separator: " ")
        #expect(text.contains(Self.place) && text.contains("Europe/Zagreb"))
    }

    @Test func withoutAWidthTheHeaderIsOneLine() {
        let report = ForecastReport(forecast: Sample.zagrebForecast, placeName: Self.place, hours: 0, style: .plain,
                                    source: Sample.zagrebForecast.provider.source).whenFetched
        #expect(report.render().split(separator: "\n").first?.contains("Europe/Zagreb") == true)
    }
}

extension ForecastReport {
    /// The report as it reads when its forecast is fetched: at the time the
    /// forecast describes (a recording read days later is labelled with its
    /// time instead; OutdatedAnswerTests).
    var whenFetched: ForecastReport {
        var report = self
        report.now = forecast.current?.time ?? report.now
        return report
    }
}
