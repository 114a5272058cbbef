/// A language forecastly may speak: English, or one with a catalog in `po/`.
/// Named as the catalog is ("de", "pt_BR").
public struct Language: Sendable, Hashable, CustomStringConvertible {
    public let code: String

    /// English: the messages as written, and the fallback of every other.
    public static let english = Language(code: "en")

    /// Every language forecastly has: English and each embedded catalog.
    public static var available: [Language] {
        [.english] + embeddedCatalogs.keys.filter { $0 != "pot" }.sorted().map { Language(code: $0) }
    }

    init(code: String) { self.code = code }

    /// The language a locale name or a `--lang` value asks for, if
    /// forecastly has it: "de_DE.UTF-8@euro" is German, "pt_BR" Brazilian
    /// Portuguese where there is such a catalog and Portuguese otherwise;
    /// "C" and "POSIX" are English.
    public init?(matching name: String) {
        var base = Substring(name)
        if let cut = base.firstIndex(where: { $0 == "." || $0 == "@" }) { base = base[..<cut] }
        // "pt-BR" as "pt_BR". Character by character: Foundation's
        // replacingOccurrences was 1.2% of a stored answer (its first use,
        // on every run's way to the settings).
        let full = String(base.map { $0 == "-" ? "_" : $0 })
        if full == "C" || full == "POSIX" || full.isEmpty { self = .english; return }
        let language = full.split(separator: "_").first.map(String.init)?.lowercased() ?? full
        if language == "en" { self = .english; return }
        let region = full.split(separator: "_").dropFirst().first.map { "_" + $0.uppercased() } ?? ""
        if embeddedCatalogs[language + region] != nil { self.init(code: language + region); return }
        if embeddedCatalogs[language] != nil { self.init(code: language); return }
        return nil
    }

    public var description: String { code }
}

/// Where the language came from, as Linux programs decide it: `LANGUAGE`
/// (a list, the first forecastly has wins), then `LC_ALL`, `LC_MESSAGES`
/// and `LANG`. `LANGUAGE` counts only when the messages' locale is not "C",
/// as GNU gettext has it.
public enum LocaleLanguage {
    /// The language and the variable that chose it; English from "C", or
    /// when no variable names a language forecastly has.
    public static func resolve(_ environment: [String: String]) -> (language: Language, variable: String, value: String)? {
        let messages = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { name in
            environment[name].flatMap { $0.isEmpty ? nil : (name, $0) }
        }.first
        if let list = environment["LANGUAGE"], !list.isEmpty, let messages, messages.1 != "C", messages.1 != "POSIX" {
            for name in list.split(separator: ":") {
                if let language = Language(matching: String(name)) { return (language, "LANGUAGE", list) }
            }
        }
        guard let (variable, value) = messages else { return nil }
        return (Language(matching: value) ?? .english, variable, value)
    }
}
