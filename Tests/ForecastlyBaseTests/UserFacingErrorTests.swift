import ForecastlyBase
import Foundation
import Testing
import TestSupport

@Suite struct UserFacingErrorTests {
    /// The guard at the one place every message passes, for errors defined
    /// elsewhere (the CLI's own, a program embedding the library).
    @Test func theLineIsCleanedEvenWhenACaseForgets() {
        struct Careless: UserFacingError {
            var summaryMessage: MessageText { MessageText("The server said {text}", ["text": "\u{1B}]0;owned\u{7}hello\nthere\u{9B}31m"]) }
            var adviceMessage: MessageText? { .verbatim("Try \u{1B}[1manother\u{1B}[0m one.") }
            let exitStatus = ForecastlyBase.ExitStatus.unavailable  // Testing has an ExitStatus too
        }
        #expect(Careless().userMessage == "The server said hello there. Try another one.")
        // The same guard in any language.
        #expect(Careless().userMessage { $0 == "The server said {text}" ? "Der Server sagte {text}" : $0 } == "Der Server sagte hello there. Try another one.")
    }

    /// The summary ends as a sentence of its language before the advice.
    @Test func aJapaneseSummaryEndsWithAJapaneseFullStop() {
        struct Wrong: UserFacingError {
            var summaryMessage: MessageText { MessageText("{variable} must be one of {expected}; got “{value}”", ["variable": "X", "expected": "a, b", "value": "c"]) }
            var adviceMessage: MessageText? { MessageText("Change or unset it.") }
            let exitStatus = ForecastlyBase.ExitStatus.usage
        }
        let japanese = ["{variable} must be one of {expected}; got “{value}”": "{variable} は {expected} のいずれかです。指定値:「{value}」", "Change or unset it.": "変更してください。"]
        #expect(Wrong().userMessage { japanese[$0] ?? $0 } == "X は a, b のいずれかです。指定値:「c」。 変更してください。")
        #expect(Wrong().userMessage == "X must be one of a, b; got “c”. Change or unset it.")
    }
}

/// A message is its English template and values; a language gives the template.
@Suite struct MessageTextTests {
    @Test func aValueIsNeverFilledInItself() {
        let message = MessageText("Cannot reach {service}: {detail}.", ["service": "example.org", "detail": "{service} said no"])
        #expect(message.text == "Cannot reach example.org: {service} said no.")
    }

    @Test func messagesInsideAreSaidInTheSameLanguage() {
        let inner = MessageText("gpsd is not running on {address}.", ["address": "localhost:2947"])
        let outer = MessageText("No location source answered: {reasons}", messages: ["reasons": [inner, .verbatim("ipwho.is: HTTP 503.")]])
        #expect(outer.text == "No location source answered: gpsd is not running on localhost:2947. ipwho.is: HTTP 503.")
        let german = ["No location source answered: {reasons}": "Keine Ortungsquelle hat geantwortet: {reasons}",
                      "gpsd is not running on {address}.": "gpsd läuft nicht auf {address}."]
        #expect(outer.said { german[$0] ?? $0 } == "Keine Ortungsquelle hat geantwortet: gpsd läuft nicht auf localhost:2947. ipwho.is: HTTP 503.")
    }

    @Test func verbatimTextIsNeverLookedUp() {
        #expect(MessageText.verbatim("Now").said { _ in "Jetzt" } == "Now")
        #expect(MessageText.verbatim("{x}").text == "{x}")
    }

    @Test func aPlaceholderWithoutAValueStays() {
        #expect(MessageText("Use %{code} or {unknown}", ["code": "T"]).text == "Use %T or {unknown}")
    }

    @Test func itTravelsAsJSON() throws {
        let message = MessageText("{error} Fetching a new one.", messages: ["error": [MessageText("A {x}", ["x": "y"])]])
        #expect(try JSONDecoder().decode(MessageText.self, from: JSONEncoder().encode(message)) == message)
    }
}
