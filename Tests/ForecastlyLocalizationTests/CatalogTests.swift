@testable import ForecastlyLocalization
import Foundation
import Testing
import TestSupport

/// The catalogs in po/: every language has every message of the template
/// and no other, with the same placeholders; gettext's own checker agrees.
@Suite struct CatalogTests {
    static let template = PortableObject(parsing: embeddedCatalogs["pot"] ?? "")
    static let languages = Language.available.filter { $0 != .english }

    @Test func tenLanguagesAtLeast() {
        #expect(Self.languages.count >= 10)
        #expect(Set(Self.languages.map(\.code)).isSuperset(of: ["de", "fr", "es", "it", "pt", "nl", "pl", "uk", "ru", "ja"]))
        #expect(Self.template.identifiers.count > 100)
    }

    @Test(arguments: languages)
    func everyMessageIsTranslatedAndNoneIsStale(language: Language) throws {
        let catalog = PortableObject(parsing: try #require(embeddedCatalogs[language.code]))
        let wanted = Set(Self.template.identifiers)
        let missing = wanted.subtracting(catalog.messages.keys).sorted()
        let stale = Set(catalog.identifiers).subtracting(wanted).sorted()
        #expect(missing.isEmpty, "\(language) misses \(missing)")
        #expect(stale.isEmpty, "\(language) has messages the template no longer has: \(stale)")
        #expect(catalog.identifiers.count == Set(catalog.identifiers).count, "\(language) lists a message twice")
    }

    /// The build embeds each catalog as a raw string ended by `"""####`.
    @Test func noCatalogCanEndItsEmbeddedString() {
        for (language, text) in embeddedCatalogs { #expect(!text.contains("\"####"), "\(language)") }
        #expect(embeddedCatalogs["pot"] != nil && embeddedCatalogs["de"] != nil)
    }

    @Test(arguments: languages)
    func placeholdersMatchTheEnglish(language: Language) throws {
        let catalog = PortableObject(parsing: try #require(embeddedCatalogs[language.code]))
        for (english, translation) in catalog.messages {
            #expect(Self.placeholders(english) == Self.placeholders(translation), "\(language): “\(translation)” for “\(english)”")
            if !Self.placeholders(english).isEmpty { #expect(catalog.braceFormat.contains(english), "\(english) is not marked python-brace-format") }
        }
    }

    /// `msgfmt --check` (GNU gettext, as translators' tools run it) accepts
    /// every catalog, the brace placeholders included.
    @Test func msgfmtAcceptsEveryCatalog() async throws {
        let directory = Fixtures.directory.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("po")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".po") || $0.hasSuffix(".pot") }
        #expect(files.count == Self.languages.count + 1)
        for file in files {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/msgfmt")
            process.arguments = ["--check", "-o", "/dev/null", directory.appendingPathComponent(file).path]
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            let text = String(decoding: await errors.fileHandleForReading.dataUntilEnd(), as: UTF8.self)
            #expect(await process.ended() == 0 && text.isEmpty, "\(file): \(text)")
        }
    }

    /// Every message the code says (`MessageText("…")`, `words("…")`, a
    /// provider's advice) is in the template, so no language can miss it,
    /// and none is built by interpolation, which no catalog could hold.
    @Test func everyMessageInTheCodeIsInTheTemplate() throws {
        let sources = Fixtures.directory.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
        let wanted = Set(Self.template.identifiers)
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        var found = 0
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: /(?:MessageText\(\s*|words(?:\(\))?\(\s*|Advice: )"((?:[^"\\\n]|\\.)*)"/) {
                let literal = String(match.output.1)
                #expect(!literal.contains("\\("), "\(file): “\(literal)” is interpolated; give its values as placeholders")
                let message = literal.replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\")
                // A message that is only placeholders ("{text}") is said as it is.
                guard message.wholeMatch(of: /(\{[a-z]+\}\s*)+/) == nil else { continue }
                found += 1
                #expect(wanted.contains(message), "\(file): “\(message)” is not in po/forecastly.pot")
            }
        }
        #expect(found > 300)
    }

    /// The placeholders a message uses (a translation may repeat one).
    static func placeholders(_ text: String) -> Set<String> {
        Set(text.matches(of: /\{[a-z]+\}/).map { String($0.output) })
    }
}

/// Reading a catalog as gettext does.
@Suite struct PortableObjectTests {
    @Test func readsEscapesContinuationsAndSkipsFuzzyAndEmpty() {
        let catalog = PortableObject(parsing: #"""
        msgid ""
        msgstr "Language: de\n"

        #. a comment
        msgid "Wind {speed}"
        msgstr ""
        "Wind "
        "{speed}"

        #, fuzzy
        msgid "Now"
        msgstr "Jetzt"

        msgid "Today"
        msgstr ""

        #, python-brace-format
        msgid "Say \"{word}\""
        msgstr "Sag \"{word}\"\tbitte"
        """#)
        #expect(catalog.messages == ["Wind {speed}": "Wind {speed}", "Say \"{word}\"": "Sag \"{word}\"\tbitte"])
        #expect(catalog.identifiers == ["Wind {speed}", "Now", "Today", "Say \"{word}\""])
        #expect(catalog.braceFormat == ["Say \"{word}\""])
    }
}
