@testable import ForecastCore
import ForecastlyBase
@testable import ForecastPresentation
import Foundation
import Testing
import TestSupport

/// The terminal meteogram (`--chart`): golden files at fixed widths, in
/// Unicode and ASCII, from a forecast with its own clock and zone.
@Suite struct MeteogramTests {
    static func chart(width: Int, ascii: Bool) throws -> [String] {
        TerminalMeteogram(forecast: try PresentationTests.full(), width: width, ascii: ascii, style: .plain).render()
    }

    @Test func unicodeChartAt80Columns() throws {
        Golden.check(try Self.chart(width: 80, ascii: false).joined(separator: "\n") + "\n", against: "chart-kyiv-80.txt")
    }

    @Test func asciiChartAt50Columns() throws {
        Golden.check(try Self.chart(width: 50, ascii: true).joined(separator: "\n") + "\n", against: "chart-kyiv-ascii-50.txt")
    }

    @Test(arguments: [30, 40, 50, 80, 120])
    func theChartFitsTheWidth(width: Int) throws {
        for ascii in [false, true] {
            let lines = try Self.chart(width: width, ascii: ascii)
            #expect(!lines.isEmpty)
            #expect(lines.allSatisfy { TextWidth.of($0) <= width }, "\(width) \(ascii)")
            if ascii { #expect(lines.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) }) }
        }
    }

    /// The highest and lowest temperature of the hours shown are labelled,
    /// on the top and bottom rows of the line.
    @Test func theExtremesAreLabelled() throws {
        let forecast = try PresentationTests.full()
        let lines = try Self.chart(width: 40, ascii: false)
        let shown = forecast.upcomingHours().prefix(40 - TerminalMeteogram.gutter).compactMap(\.temperature)
        let unit = forecast.units.temperature
        #expect(lines.contains { $0.hasPrefix(TextWidth.pad(ValueFormat.temperature(shown.max(), unit: unit), to: 6, alignRight: true)) })
        #expect(lines.contains { $0.hasPrefix(TextWidth.pad(ValueFormat.temperature(shown.min(), unit: unit), to: 6, alignRight: true)) })
    }

    @Test func fewerThanTwoHoursDrawNothing() throws {
        var forecast = try PresentationTests.full()
        forecast.hourly = Array(forecast.hourly.prefix(1))
        #expect(TerminalMeteogram(forecast: forecast, width: 80, ascii: false, style: .plain).render().isEmpty)
    }
}

/// The days under the chart's axis are named in the reader's language, and
/// a name of wide characters still lines up with its midnight.
@Suite struct MeteogramLanguageTests {
    static func axisDays(_ language: String, width: Int = 80) throws -> (days: String, axis: String, lines: [String]) {
        var chart = TerminalMeteogram(forecast: try PresentationTests.full(), width: width, ascii: false, style: .plain)
        chart.words = try LanguageReportTests.words(language)
        let lines = chart.render()
        return (lines[lines.count - 1], lines[lines.count - 2], lines)
    }

    @Test(arguments: [("en", "Sun 22"), ("de", "So. 22."), ("ja", "22日(日)"), ("fr", "dim. 22")])
    func theDaysAreNamedInTheLanguage(language: String, first: String) throws {
        let (days, axis, lines) = try Self.axisDays(language)
        #expect(days.trimmingCharacters(in: .whitespaces).hasPrefix(first), "\(days)")
        // Each name starts under its midnight's mark, counted in terminal cells.
        let mark = try #require(axis.firstIndex(of: "│"))
        #expect(TextWidth.of(String(axis[..<mark])) == TextWidth.of(String(days.prefix { $0 == " " })))
        #expect(lines.allSatisfy { TextWidth.of($0) <= 80 })
    }
}
