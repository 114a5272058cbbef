import ForecastlyLocalization
@testable import ForecastPresentation
import LocationProvider
import Testing

/// "Label  value" answers (`location status`, `notes show`, `cache status`)
/// break a long value under itself at the terminal's width, where the
/// terminal would cut it mid-word at the left edge.
@Suite struct LabelledLinesTests {
    static func status(_ code: String, width: Int?) throws -> [String] {
        let words = Words(try #require(Language(matching: code)))
        return LocationText.status(.notDetermined, policy: .unrestricted, policyPath: LocationPolicy.defaultPath,
                                   decisionPath: "/home/u/.config/forecastly/location.json", storedPlace: nil, words: words, width: width)
            .split(separator: "\n").map(String.init)
    }

    @Test(arguments: ["en", "de", "ja"])
    func aLongValueGoesOnUnderItself(code: String) throws {
        let lines = try Self.status(code, width: 56)
        let whole = try Self.status(code, width: nil)
        // The GeoClue line, 113 columns in English, is broken; nothing is lost.
        #expect(whole.contains { TextWidth.of($0) > 56 })
        for line in lines { #expect(TextWidth.of(line) <= 56, "\(code): \(line)") }
        #expect(lines.count > whole.count)
        // A further line starts at the values' column.
        let column = TextWidth.of(String(whole[0].prefix { $0 != " " })) + 2
        for line in lines where line.first == " " {
            #expect(line.prefix(while: { $0 == " " }).count >= column - 2, "\(code): \(line)")
        }
        let flattened = { (lines: [String]) in lines.joined(separator: " ").split(whereSeparator: \.isWhitespace).joined() }
        #expect(flattened(lines) == flattened(whole))
    }
}
