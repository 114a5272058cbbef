import ForecastlyBase
import Testing

@Suite struct TerminalSafeTextTests {
    @Test(arguments: [
        ("plain reason", "plain reason"),
        ("red \u{1B}[31malert\u{1B}[0m", "red alert"),
        ("title \u{1B}]0;owned\u{07}after", "title after"),
        ("bell\u{07} and nul\u{0} and del\u{7F}", "bell and nul and del"),
        ("line\nbreaks\r\nfolded", "line breaks folded"),
        ("c1 \u{9B}2Jcsi", "c1 csi"),
        ("bidi \u{202E}txet", "bidi txet"),
        ("Київ 🌞", "Київ 🌞"),
    ])
    func controlsAreStripped(input: String, expected: String) {
        #expect(input.strippingTerminalControls() == expected)
    }

    @Test func lengthIsCapped() {
        #expect(String(repeating: "x", count: 10_000).strippingTerminalControls(limit: 50).count == 50)
    }
}

@Suite struct WhitespaceTrimmingTests {
    @Test(arguments: [
        (" 50.45 ", "50.45"),
        ("\t-33.9\n", "-33.9"),
        ("\u{00A0}Kyiv\u{2003}", "Kyiv"),
        ("inner space kept", "inner space kept"),
        ("   ", ""),
        ("", ""),
    ])
    func endsAreTrimmed(input: String, expected: String) {
        #expect(input.trimmingWhitespace() == expected)
        // A slice that does not start at its base's start, as split() gives.
        #expect("<\(input)>".dropFirst().dropLast().trimmingWhitespace() == expected)
    }
}

@Suite struct DecimalTextTests {
    @Test(arguments: [(0.0, 1, "0.0"), (-0.04, 1, "0.0"), (-0.06, 1, "-0.1"), (2.345, 2, "2.35"), (0.012, 2, "0.01"), (12.0, 0, "12"), (1.05, 3, "1.050"), (-3.5, 0, "-4"), (45.5936, 2, "45.59")])
    func fixedDecimals(value: Double, places: Int, text: String) {
        #expect(value.decimalText(places: places) == text)
    }
}

/// A column of names, as Foundation's `padding(toLength:withPad:startingAt:)` makes it.
@Suite struct PaddedTests {
    @Test func padsOrCutsToExactlyTheLength() {
        for (text, length) in [("open-meteo", 12), ("met-norway", 10), ("precipitation-unit", 16), ("", 3), ("São Paulo", 11), ("x", 0)] {
            #expect(text.padded(to: length) == text.padding(toLength: length, withPad: " ", startingAt: 0), "\(text) \(length)")
            #expect(text.padded(to: length).count == length)
        }
    }
}
