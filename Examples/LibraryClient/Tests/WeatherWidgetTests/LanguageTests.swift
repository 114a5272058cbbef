import ForecastlyLocalization
import Testing

/// A program that shows forecastly's words in the user's language.
@Suite struct LanguageTests {
    @Test func germanWords() throws {
        let words = Words(try #require(Language(matching: "de_DE.UTF-8")))
        #expect(words("Wind {speed}", ["speed": "15 km/h"]) == "Wind 15 km/h")
        #expect(words("Slight snow fall") == "Leichter Schneefall")
        #expect(words.number("12.5") == "12,5")
    }
}
