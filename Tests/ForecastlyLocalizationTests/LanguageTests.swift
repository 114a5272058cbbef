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

    /// Day and month names and the decimal separator are CLDR's: the
    /// catalog's for its language as its main country writes it, Foundation's
    /// for another country; never the C library's (these test machines have
    /// no German locale generated).
    @Test func datesAndNumbersFollowTheLanguage() {
        let german = Words(Language(code: "de"), localeName: "de_DE.UTF-8")
        #expect(german.number("12.5") == "12,5")
        #expect(german.day(year: 2026, month: 11, day: 21) == "Sa. 21. Nov.")
        #expect(Words(Language(code: "fr")).day(year: 2026, month: 11, day: 21) == "sam. 21 nov.")
        #expect(Words(Language(code: "ja")).day(year: 2026, month: 11, day: 21) == "11月21日(土)")
        #expect(Words.english.day(year: 2026, month: 11, day: 21) == "Sat 21 Nov")
        #expect(Words.english.number("12.5") == "12.5")
        // 34,024 places read in German as 34 and a bit.
        #expect(german.grouped(34_024) == "34.024" && Words.english.grouped(34_024) == "34,024" && german.grouped(-999) == "-999")
        // Another country: Austria's January, Switzerland's decimal point, Portugal's order.
        let austrian = Words(Language(code: "de"), localeName: "de_AT.UTF-8")
        #expect(austrian.localeIdentifier == "de_AT" && german.localeIdentifier == nil)
        #expect(austrian.day(year: 2027, month: 1, day: 4) == "Mo. 4. Jän.")
        #expect(Words(Language(code: "de"), localeName: "de_CH.UTF-8").number("12.5") == "12.5")
        #expect(Words(Language(code: "pt"), localeName: "pt_PT.UTF-8").day(year: 2026, month: 11, day: 21) == "sáb., 21/11")
    }

    /// The catalog's day labels and decimal sign are what Foundation (CLDR)
    /// writes for the language in the catalog's country (`X-Region`), and
    /// with no country named: every day of two years, long and short.
    @Test(arguments: LanguageTests.catalogLanguages)
    func theCatalogWritesDaysAsCLDRDoes(code: String) throws {
        let language = Language(code: code)
        let written = Words(language)
        #expect(written.localeIdentifier == nil, "\(code)'s catalog writes its days")
        let catalog = try #require(embeddedCatalogs[code])
        let country = try #require(PortableObject(parsing: catalog).header["X-Region"])
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        for identifier in [code, "\(code)_\(country)"] {
            let locale = Locale(identifier: identifier)
            #expect(written.number("0.5") == "0\(locale.decimalSeparator ?? ".")5", "\(identifier)")
            let grouping = locale.groupingSeparator ?? ","
            #expect(written.grouped(1_234_567) == "1\(grouping)234\(grouping)567", "\(identifier): \(Array(grouping.unicodeScalars))")
            let long = DateFormatter(), short = DateFormatter()
            for (formatter, template) in [(long, "EEEdMMM"), (short, "EEEd")] {
                formatter.locale = locale
                formatter.calendar = calendar
                formatter.timeZone = calendar.timeZone
                formatter.setLocalizedDateFormatFromTemplate(template)
            }
            var date = try #require(calendar.date(from: DateComponents(year: 2027, month: 1, day: 1, hour: 12)))
            for _ in 0..<731 {
                let parts = calendar.dateComponents([.year, .month, .day], from: date)
                let (year, month, day) = (parts.year!, parts.month!, parts.day!)
                #expect(written.day(year: year, month: month, day: day) == long.string(from: date), "\(identifier) \(year)-\(month)-\(day)")
                #expect(written.shortDay(year: year, month: month, day: day) == short.string(from: date), "\(identifier) \(year)-\(month)-\(day)")
                date = date.addingTimeInterval(86_400)
            }
        }
    }

    static let catalogLanguages = ["de", "es", "fr", "it", "ja", "nl", "pl", "pt", "ru", "uk"]
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
