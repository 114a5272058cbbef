@testable import ForecastCore
import ForecastlyBase
import ForecastlyLocalization
@testable import ForecastPresentation
import ForecastProviders
import Foundation
import Testing
import TestSupport

/// The report in other languages: golden files in German, French and
/// Japanese (double-width), and every language at 80 columns.
@Suite struct LanguageReportTests {
    static func words(_ code: String) throws -> Words { Words(try #require(Language(matching: code))) }

    static func report(_ code: String, width: Int? = 80) throws -> String {
        var report = ForecastReport(forecast: try PresentationTests.full(), placeName: "Kyiv, UA", hours: 4, style: .plain, source: .openMeteo).whenFetched
        report.width = width
        report.words = try words(code)
        return report.render()
    }

    @Test(arguments: ["de", "fr", "ja"])
    func goldenReports(code: String) throws {
        Golden.check(try Self.report(code), against: "report-kyiv-\(code).txt")
    }

    /// Every language fits 80 columns, as the English report does, and its
    /// tables stay aligned: each row of a table is as wide as the others.
    @Test(arguments: Language.available.map(\.code))
    func everyLanguageFitsEightyColumns(code: String) throws {
        let text = try Self.report(code)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for line in lines { #expect(TextWidth.of(line) <= 80, "\(code): \(line)") }
        let days = lines.filter { $0.hasPrefix("  ") && $0.contains(" / ") }
        #expect(days.count == 7, "\(code)\n\(text)")
        // The days table's "/" between high and low stands in one column.
        let slashes = Set(days.map { line in TextWidth.of(String(line[..<line.range(of: " / ")!.lowerBound])) })
        #expect(slashes.count == 1, "\(code)\n\(text)")
        if code != "en" { #expect(!text.contains("Now ") && !text.contains("Coming days"), "\(code) is not translated") }
    }

    /// Every language fits 40 columns (a phone, a split pane): the tables
    /// leave out columns, and their legends the parts that named them, which
    /// needs each catalog to keep the legends' parts.
    @Test(arguments: Language.available.map(\.code))
    func everyLanguageFitsFortyColumns(code: String) throws {
        let text = try Self.report(code, width: 40)
        for line in text.split(separator: "\n") { #expect(TextWidth.of(String(line)) <= 40, "\(code): \(line)") }
        let words = try Self.words(code)
        for legend in [ForecastReport.hoursLegend.long, ForecastReport.hoursLegend.short] {
            #expect(words(legend).components(separatedBy: " · ").count == ForecastReport.hoursLegend.columns.count, "\(code): \(words(legend))")
        }
        for legend in [ForecastReport.daysLegend.long, ForecastReport.daysLegend.short] {
            #expect(words(legend).components(separatedBy: " · ").count == ForecastReport.daysLegend.columns.count, "\(code): \(words(legend))")
        }
    }

    /// Polish's "22 km/godz." does not fit 40 columns: the days' wind goes, and "wind" from their legend.
    @Test func aLegendLeavesOutWhatItsTableLeftOut() throws {
        let lines = try Self.report("pl", width: 40).split(separator: "\n").map(String.init)
        let legend = try #require(lines.first { $0.hasPrefix("Najbliższe dni") })
        #expect(legend.hasSuffix("maks. / min. · szansa"), "\(legend)")
        let tuesday = try #require(lines.first { $0.hasPrefix("  wt.") })
        #expect(!tuesday.contains("km/godz."))
        // Wide enough, the same report keeps both.
        let wide = try Self.report("pl", width: 80)
        #expect(wide.contains("szansa opadów · najsilniejszy wiatr") && wide.contains(" km/godz."))
    }

    @Test func numbersAndDatesFollowTheLanguage() throws {
        let german = try Self.report("de", width: nil)
        #expect(german.contains("Niederschlag 0,0 mm"))
        #expect(german.contains("Sa. 21. Nov."))
        #expect(german.contains("Leichter Schneefall"))
        #expect(german.contains("15 km/h NW"))
        let dutch = try Self.report("nl", width: nil)
        #expect(dutch.contains("15 km/u NW") && dutch.contains("Lichte sneeuwval"))  // CLDR's Dutch short name
    }

    /// Units and ages as each language writes them (CLDR's short unit
    /// names, in the catalogs): Russian wind and pressure in Cyrillic,
    /// Japanese ages in its own characters.
    @Test func unitsAndAgesInTheLanguage() throws {
        let russian = Words(Language(matching: "ru")!)
        #expect(russian.speed(6, unit: "m/s") == "6 м/с")
        #expect(russian.pressure(761, unit: "mmHg") == "761 мм рт. ст.")
        #expect(russian.precipitation(12.5, unit: "mm") == "12,5 мм")  // the unit's own full stops are not the decimal sign
        #expect(russian.age(53 * 86_400 + 14 * 3_600) == "53 дн 14 ч")
        #expect(Words(Language(matching: "ja")!).age(6) == "6秒")
        #expect(Words(Language(matching: "uk")!).age(6) == "6 с")
        #expect(Words.english.age(53 * 86_400 + 14 * 3_600) == "53 d 14 h")
        #expect(Words.english.speed(6, unit: "m/s") == "6 m/s")
    }

    /// Every unit forecastly can show has its name in every catalog.
    @Test(arguments: Language.available.map(\.code))
    func everyLanguageWritesEveryUnit(code: String) throws {
        let words = Words(try #require(Language(matching: code)))
        let symbols = SpeedUnit.allCases.map(\.symbol) + PressureUnit.allCases.map(\.symbol)
            + PrecipitationUnit.allCases.map(\.symbol) + DistanceUnit.allCases.map(\.symbol)
        for symbol in symbols { #expect(words.has(unit: symbol), "\(code) has no name for \(symbol)") }
    }

    /// Where the location came from is said in the language, with the
    /// language's decimal sign ("From" in the report, `%a`, `location`).
    @Test func theSourceOfAFixInTheLanguage() throws {
        let kyiv = try Coordinate(latitude: 50.45, longitude: 30.52)
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        let german = try Self.words("de")
        let gps = LocationFix(coordinate: kyiv, accuracyMeters: 1_500, source: .gpsd, timestamp: now, gps: GPSDetails(mode: 3, satellitesUsed: 6, satellitesVisible: 11))
        #expect(gps.sourceSummary(words: german) == "gpsd, 3D-Fix ±1,5 km, 6 Satelliten (ungefähr)")
        #expect(LocationFix(coordinate: kyiv, accuracyMeters: nil, source: .manual, timestamp: now).sourceSummary(words: german) == "Ihr gespeicherter Ort")
        #expect(LocationFix(coordinate: kyiv, accuracyMeters: 5_000, source: .ip, timestamp: now).sourceSummary(words: try Self.words("ja")) == "IP による検索、市区町村レベル")
    }

    /// Warnings shown as the service last said them, when it could not be
    /// asked again, say so in the language.
    @Test func warningsFromBeforeSaySoInTheLanguage() throws {
        var report = ForecastReport(forecast: try PresentationTests.full(), placeName: "Kyiv, UA", hours: 4, style: .plain, source: .openMeteo).whenFetched
        report.words = try Self.words("de")
        let warning = WeatherAlert(id: "w1", event: "Flood Watch", severity: .moderate, expires: report.now.addingTimeInterval(86_400),
                                   headline: "Flood Watch", sender: "NWS Honolulu HI", area: .servedForPoint, source: .nws)
        report.extras.alerts = .covered(AlertCoverage(source: .nws, active: [warning], asOf: report.now.addingTimeInterval(-7200)))
        let line = try #require(report.render().split(separator: "\n").first { $0.contains("Stand") }, "\(report.render())")
        #expect(line.contains("(National Weather Service konnte nicht gefragt werden; Stand Sa. 21. Nov. "), "\(line)")
    }

    /// A warning of the run (a GPS fallen silent under a watch) reaches the
    /// bar, where stderr is not read: in the tooltip, and as a class to style.
    @Test func waybarCarriesTheRunsWarnings() throws {
        let forecast = try PresentationTests.full()
        var template = try LineTemplate(LineTemplate.defaultLine)
        template.now = forecast.current?.time ?? template.now
        var line = WaybarLine(forecast: forecast, placeName: "Kyiv, UA", template: template)
        let quiet = try #require(try JSONSerialization.jsonObject(with: Data(line.render().utf8)) as? [String: Any])
        #expect(!((quiet["class"] as? [String]) ?? []).contains("warning"))
        line.warnings = ["gpsd has given no new position for 25 min: the forecast is for the last one."]
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.render().utf8)) as? [String: Any])
        #expect(((object["class"] as? [String]) ?? []).contains("warning"))
        #expect((object["tooltip"] as? String)?.contains("\n⚠ gpsd has given no new position for 25 min: the forecast is for the last one.\n") == true)
    }

    /// The chart's days and Waybar's tooltip speak the language too.
    @Test func chartAndWaybarFollowTheLanguage() throws {
        let forecast = try PresentationTests.full()
        var chart = MeteogramSVG(forecast: forecast, placeName: "Kyiv, UA")
        chart.words = try Self.words("de")
        #expect(chart.render().contains(">Sa. 21. Nov.</text>"))
        var template = try LineTemplate(LineTemplate.defaultLine)
        template.words = try Self.words("fr")
        let stale = ForecastOrigin.stale(fetchedAt: template.now.addingTimeInterval(-3600), error: .httpStatus(503, reason: nil, service: .openMeteo))
        let waybar = WaybarLine(forecast: forecast, placeName: "Kyiv, UA", template: template, origin: stale).render()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(waybar.utf8)) as? [String: Any])
        let tooltip = try #require(object["tooltip"] as? String)
        #expect(tooltip.contains("sam. 21 nov.") && tooltip.contains("prévision enregistrée : le service est injoignable"), "\(tooltip)")
        #expect(tooltip.contains("de plus qu'hier à la même heure"))
    }
}
