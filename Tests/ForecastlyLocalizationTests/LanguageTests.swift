import ForecastlyBase
@testable import ForecastlyLocalization
import Foundation
import Testing

/// The language, as Linux programs choose it: LANGUAGE (a list), then
/// LC_ALL, LC_MESSAGES, LANG; a language forecastly does not have is English.
@Suite struct LanguageTests {
    @Test(arguments: [
        (["LANG": "de_DE.UTF-8"], "de", "LANG"),
        (["LANG": "de_AT.UTF-8@euro"], "de", "LANG"),
        (["LANG": "en_US.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"], "fr", "LC_MESSAGES"),
        (["LC_ALL": "ja_JP.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8", "LANG": "de_DE.UTF-8"], "ja", "LC_ALL"),
        (["LANGUAGE": "sv:uk:ru", "LANG": "de_DE.UTF-8"], "uk", "LANGUAGE"),
        (["LANGUAGE": "pt_BR:pt", "LANG": "pt_BR.UTF-8"], "pt", "LANGUAGE"),
        // LANGUAGE does not count under the C locale, as in GNU gettext.
        (["LANGUAGE": "de", "LANG": "C"], "en", "LANG"),
        (["LANGUAGE": "de", "LANG": "C.UTF-8"], "de", "LANGUAGE"),
        (["LANG": "sv_SE.UTF-8"], "en", "LANG"),
        (["LANG": "C.UTF-8"], "en", "LANG"),
        (["LC_ALL": "", "LANG": "nl_NL.UTF-8"], "nl", "LANG"),
    ] as [([String: String], String, String)])
    func theLocaleChooses(environment: [String: String], code: String, variable: String) throws {
        let chosen = try #require(LocaleLanguage.resolve(environment))
        #expect(chosen.language.code == code)
        #expect(chosen.variable == variable)
    }

    @Test func noVariableIsNoChoice() {
        #expect(LocaleLanguage.resolve([:]) == nil)
        #expect(LocaleLanguage.resolve(["LANGUAGE": "de"]) == nil)  // LANGUAGE alone: the locale is C
    }

    @Test func namesAsALangFlagGivesThem() {
        #expect(Language(matching: "DE")?.code == "de")
        #expect(Language(matching: "pt-BR")?.code == "pt")
        #expect(Language(matching: "en_GB") == .english)
        #expect(Language(matching: "tlh") == nil)
    }

    /// A message the catalog lacks stays English; one it has is translated,
    /// its placeholders filled.
    @Test func wordsFallBackMessageByMessage() {
        let german = Words(Language(code: "de"))
        #expect(german("Now") == "Jetzt")
        #expect(german("Wind {speed}", ["speed": "15 km/h"]) == "Wind 15 km/h")
        #expect(german("Nothing like this is in any catalog") == "Nothing like this is in any catalog")
        #expect(Words.english("Now") == "Now")
    }

    /// Day and month names and the decimal separator from Foundation's
    /// data for the locale, not from the C library (these test machines
    /// have no German locale generated).
    @Test func datesAndNumbersFollowTheLanguage() {
        let german = Words(Language(code: "de"), localeName: "de_DE.UTF-8")
        #expect(german.number("12.5") == "12,5")
        #expect(german.day(year: 2026, month: 11, day: 21) == "Sa. 21. Nov.")
        #expect(Words(Language(code: "fr")).day(year: 2026, month: 11, day: 21) == "sam. 21 nov.")
        #expect(Words(Language(code: "ja")).day(year: 2026, month: 11, day: 21) == "11月21日(土)")
        #expect(Words.english.day(year: 2026, month: 11, day: 21) == "Sat 21 Nov")
        #expect(Words.english.number("12.5") == "12.5")
    }
}

/// Errors and notes said in a language, as the DocC overview shows.
@Suite struct SayingMessagesTests {
    @Test func anErrorsLineInGerman() throws {
        let error = OutputFile.Failure.notAFile(path: "/tmp", kind: .directory)
        #expect(Words(try #require(Language(matching: "de"))).line(error) == "“/tmp” ist ein Verzeichnis, keine Datei; "
            + "forecastly schreibt nur in Dateien. Nennen Sie eine Datei (oder - für die Standardausgabe).")
        #expect(Words.english.line(error) == error.userMessage)
    }

    /// A language without a message says that message in English, and the rest in its own.
    @Test func aMissingMessageIsEnglishTheRestTranslated() throws {
        let words = Words(try #require(Language(matching: "fr")))
        let message = MessageText("{error} Fetching a new one.", messages: ["error": [MessageText("A message no catalog has.")]])
        #expect(words.say(message) == "A message no catalog has. Une nouvelle est demandée.")
    }
}
