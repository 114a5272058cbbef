import ForecastCore
import ForecastlyBase
import ForecastlyLocalization
@testable import ForecastPresentation
import Foundation
import Testing
import TestSupport

/// `forecastly sky`'s text and JSON, for fixed days: the Sun and the Moon
/// come from the almanac (checked against published tables in
/// AlmanacTests), so these check the presentation.
@Suite struct SkyReportTests {
    static let tromso = try! Coordinate(latitude: 69.65, longitude: 18.96)
    static let sydney = try! Coordinate(latitude: -33.87, longitude: 151.21)
    static let oslo = TimeZone(identifier: "Europe/Oslo")!
    static let sydneyZone = TimeZone(identifier: "Australia/Sydney")!

    static func days(_ coordinate: Coordinate, _ zone: TimeZone, from date: LocalDate, count: Int) -> (SunDay, [SkyDay]) {
        (Almanac.sun(LocalDate(daysSinceEpoch: date.daysSinceEpoch - 1), at: coordinate, timeZone: zone),
         Almanac.days(from: date, count: count, at: coordinate, timeZone: zone))
    }

    /// Tromsø into the polar night (the Sun's last rising is 27 November),
    /// then Sydney on a 12-hour clock at 50 columns, its Moon drawn as seen
    /// from the south.
    @Test func reportGolden() throws {
        let (before, north) = Self.days(Self.tromso, Self.oslo, from: LocalDate(year: 2026, month: 11, day: 26)!, count: 3)
        var report = SkyReport(days: north, dayBefore: before, coordinate: Self.tromso, placeName: "Tromsø, NO", timeZone: Self.oslo, style: .plain)
        report.width = 80
        let (beforeSouth, south) = Self.days(Self.sydney, Self.sydneyZone, from: LocalDate(year: 2026, month: 11, day: 27)!, count: 1)
        var southern = SkyReport(days: south, dayBefore: beforeSouth, coordinate: Self.sydney, placeName: nil, timeZone: Self.sydneyZone, style: .plain)
        southern.width = 50
        southern.hourCycle = .twelveHour
        Golden.check(report.render() + "\n" + southern.render(), against: "sky-tromso-sydney.txt")
        #expect(report.render().contains("Polar night, no sunrise"))
        #expect(report.render().contains("Moon up all day"))
        #expect(southern.render().contains("🌔 Waning gibbous"))  // the north's 🌖, mirrored
        for line in (report.render() + southern.render()).split(separator: "\n") { #expect(TextWidth.of(String(line)) <= 80) }
    }

    /// Japanese at 40 columns: the footer, one sentence without spaces, breaks
    /// where Japanese may break, as every other line does.
    @Test func everyLineFitsFortyColumnsInJapanese() throws {
        let (before, days) = Self.days(Self.sydney, Self.sydneyZone, from: LocalDate(year: 2026, month: 11, day: 27)!, count: 2)
        var report = SkyReport(days: days, dayBefore: before, coordinate: Self.sydney, placeName: "Sydney, AU", timeZone: Self.sydneyZone, style: .plain)
        report.words = Words(try #require(Language(matching: "ja")))
        report.width = 40
        let lines = report.render().split(separator: "\n").map(String.init)
        for line in lines { #expect(TextWidth.of(line) <= 40, "\(line)") }
        #expect(lines.suffix(2).joined() == "太陽と月はこのコンピューターで計算しました。")
    }

    @Test func asciiHasNoGlyphs() {
        let (before, days) = Self.days(Self.tromso, Self.oslo, from: LocalDate(year: 2026, month: 6, day: 21)!, count: 1)
        var report = SkyReport(days: days, dayBefore: before, coordinate: Self.tromso, placeName: "Tromsø, NO", timeZone: Self.oslo, style: .plain)
        report.ascii = true
        let text = report.render()
        #expect(text.unicodeScalars.allSatisfy { $0.isASCII }, "\(text)")
        #expect(text.contains("Polar day, the Sun up all day"))
    }

    /// The same days as the forecast's `sky` array, with the place; the
    /// first day's change is against the day before.
    @Test func documentCarriesThePlaceAndTheDays() throws {
        let (before, days) = Self.days(Self.tromso, Self.oslo, from: LocalDate(year: 2026, month: 11, day: 27)!, count: 2)
        let data = SkyDocument(days: days, dayBefore: before, coordinate: Self.tromso, placeName: "Tromsø, NO", timeZone: Self.oslo).encoded()
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(root.keys) == ["schemaVersion", "location", "sky"])
        let location = try #require(root["location"] as? [String: Any])
        #expect(location["timezone"] as? String == "Europe/Oslo" && location["name"] as? String == "Tromsø, NO")
        let sky = try #require(root["sky"] as? [[String: Any]])
        #expect(sky.map { $0["date"] as? String } == ["2026-11-27", "2026-11-28"])
        #expect(sky.map { $0["sun"] as? String } == ["risesAndSets", "polarNight"])
        #expect(sky[1]["sunrise"] is NSNull && sky[1]["dawn"] is String)  // civil twilight at noon
        let change = try #require(sky[0]["dayLengthChangeSeconds"] as? Int)
        #expect(change == Int(days[0].dayLengthChange(since: before).rounded()) && change < 0)
        let moon = try #require(sky[0]["moon"] as? [String: Any])
        #expect(Set(moon.keys) == ["phase", "illumination", "glyph", "moonrise", "moonset", "allDay"])
        // Near full, far north in late November: the Moon never sets.
        #expect(moon["allDay"] as? String == "up" && moon["moonrise"] is NSNull)
    }
}
