import ForecastlyBase
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

    /// An error's line, said in the user's language.
    @Test func anErrorInGerman() throws {
        let error = OutputFile.Failure.notAFile(path: "/tmp", kind: .directory)
        #expect(Words(try #require(Language(matching: "de"))).line(error) == "“/tmp” ist ein Verzeichnis, keine Datei; "
            + "forecastly schreibt nur in Dateien. Nennen Sie eine Datei (oder - für die Standardausgabe).")
    }
}
