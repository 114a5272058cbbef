import ForecastlyBase
@testable import ForecastPresentation
import ForecastSamples
import Foundation
import Testing

@Suite struct ValueFormatTests {
    @Test(arguments: [(0.0, "N"), (11.2, "N"), (11.3, "NNE"), (90, "E"), (225, "SW"), (315, "NW"), (359, "N"), (-45, "NW"), (720, "N")])
    func compass(degrees: Double, expected: String) {
        #expect(ValueFormat.compass(degrees) == expected)
    }

    @Test(arguments: [("Europe/Kyiv", "UTC+2"), ("Asia/Kolkata", "UTC+5:30"), ("America/St_Johns", "UTC-3:30"), ("GMT", "UTC"), ("America/Sao_Paulo", "UTC-3")])
    func offsetLabel(zone: String, label: String) throws {
        let clock = PlaceClock(timeZone: try #require(TimeZone(identifier: zone)))
        #expect(clock.offsetLabel(Sample.utc("2026-11-21T12:00")) == label)
    }

    @Test(arguments: [(0.0, 1, "0.0"), (-0.04, 1, "0.0"), (-0.06, 1, "-0.1"), (2.345, 2, "2.35"), (0.012, 2, "0.01"), (12.0, 0, "12"), (1.05, 3, "1.050"), (-3.5, 0, "-4")])
    func decimal(value: Double, places: Int, text: String) {
        #expect(ValueFormat.decimal(value, places: places) == text)
    }

    @Test(arguments: [
        (0.0, "0 s"), (-5.0, "0 s"), (59.4, "59 s"), (59.6, "1 min"), (3_599.0, "59 min"), (3_600.0, "1 h"), (3_660.0, "1 h 1 min"),
        (86_399.0, "23 h 59 min"), (86_400.0, "1 d"), (90_000.0, "1 d 1 h"), (2_592_000.0, "30 d"),
    ] as [(Double, String)])
    func age(seconds: Double, text: String) {
        #expect(ValueFormat.age(seconds).text == text)
    }

    @Test(arguments: [(0, "0"), (999, "999"), (1_000, "1,000"), (234_908, "234,908"), (1_234_567, "1,234,567"), (-1_234, "-1,234")])
    func grouped(value: Int, text: String) {
        #expect(ValueFormat.grouped(value) == text)
    }

    /// A distance that rounds to 1,000 m is written in kilometres.
    @Test(arguments: [(0.0, "0 m"), (6.4, "6 m"), (999.4, "999 m"), (999.6, "1.0 km"), (1_000.0, "1.0 km"), (1_249.0, "1.2 km"), (36_400.0, "36.4 km")] as [(Double, String)])
    func distance(meters: Double, text: String) {
        #expect(ValueFormat.distance(meters) == text)
    }

    @Test func windNamesTheDirectionItComesFrom() {
        #expect(ValueFormat.wind(14.6, direction: 315, unit: "km/h") == "15 km/h NW")
        #expect(ValueFormat.wind(3, direction: nil, unit: "mph") == "3 mph")
        #expect(ValueFormat.wind(nil, direction: 90, unit: "km/h") == "–")
    }

    @Test func everyFixSaysWhereItCameFrom() throws {
        let kyiv = try Coordinate(latitude: 50.45, longitude: 30.52)
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        func gpsd(_ meters: Double?, _ details: GPSDetails?) -> String {
            LocationFix(coordinate: kyiv, accuracyMeters: meters, source: .gpsd, timestamp: now, gps: details).sourceSummary()
        }
        #expect(gpsd(8, GPSDetails(mode: 3, satellitesUsed: 6, satellitesVisible: 11)) == "gpsd, 3D fix ±8 m, 6 satellites")
        #expect(gpsd(nil, GPSDetails(mode: 2, satellitesUsed: 0, satellitesVisible: 3)) == "gpsd, 2D fix")
        #expect(gpsd(1_500, nil) == "gpsd ±1.5 km (approximate)")
        #expect(LocationFix(coordinate: kyiv, accuracyMeters: 5_000, source: .ip, timestamp: now).sourceSummary() == "IP lookup, city level")
        #expect(LocationFix(coordinate: kyiv, accuracyMeters: nil, source: .manual, timestamp: now).sourceSummary() == "your stored place")
    }

    @Test func temperatureNeverShowsNegativeZero() {
        #expect(ValueFormat.temperature(-0.4, unit: "°C") == "0°C")
        #expect(ValueFormat.temperature(-0.6, unit: "°C") == "-1°C")
        #expect(ValueFormat.temperature(nil, unit: "°C") == "–")
    }

    // Colours take no cells, in ASCII text and in any other.
    @Test(arguments: [("abc", 3), ("°C", 2), ("🌞", 2), ("☁️", 2), ("Київ", 4), ("東京", 4), ("e\u{301}", 1),
                      ("\u{1B}[1;31mHot\u{1B}[0m", 3), ("\u{1B}[34m-3°C\u{1B}[0m 東京", 9), ("a\tb", 2)])
    func displayWidth(text: String, cells: Int) {
        #expect(TextWidth.of(text) == cells)
    }

    /// A paragraph breaks between words, counting cells, not characters; a
    /// word longer than the line stays whole on a line of its own.
    @Test func aParagraphBreaksBetweenWords() {
        #expect(TextWidth.paragraph("東京 is in Japan, far away", width: 10) == ["東京 is in", "Japan, far", "away"])
        #expect(TextWidth.paragraph("see https://open-meteo.com/en/terms now", width: 12) == ["see", "https://open-meteo.com/en/terms", "now"])
        #expect(TextWidth.paragraph("short", width: 80) == ["short"])
    }

    /// Japanese has no spaces to break at: a line breaks between its
    /// characters, but never before "。" or a closing bracket, after an
    /// opening one, or between a number and its counter ("6秒").
    @Test func japaneseBreaksBetweenCharactersByItsRules() {
        #expect(TextWidth.paragraph("保存済み6秒前に取得（十分新しい。", width: 10) == ["保存済み", "6秒前に取", "得（十分新", "しい。"])
        // Where a line may break, the pieces give the word back whole.
        let word: Substring = "「東京」は晴れ、11時間49分。forecastly"
        let pieces = LineBreaks.pieces(of: word)
        #expect(pieces.joined() == word)
        #expect(pieces == ["「東", "京」", "は", "晴", "れ、", "11時", "間", "49分。", "forecastly"])
        #expect(LineBreaks.pieces(of: "Zagreb-Sesvete") == ["Zagreb-Sesvete"])
    }

    /// A part broken between its words keeps each number with its unit.
    @Test func aNumberStaysWithItsUnit() {
        #expect(FittedLines.lines(["Dzień 11 godz. 49 min (-3 min 12 s)"], first: "", indent: "", width: 32, separator: " · ")
                == ["Dzień 11 godz. 49 min (-3 min", "12 s)"])
    }
}
