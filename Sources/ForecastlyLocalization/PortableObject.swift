/// A gettext catalog (`.po`) read into its messages: each English `msgid`
/// with its translation. What `msgfmt` would put in a `.mo` file: fuzzy
/// entries and empty translations are left out, so those messages stay
/// English, as gettext leaves them.
struct PortableObject: Sendable {
    /// Translations by English text.
    var messages: [String: String] = [:]
    /// Every `msgid` the file lists, translated or not (the template's are all untranslated).
    var identifiers: [String] = []
    /// The placeholders each message is declared to use (`#, python-brace-format`).
    var braceFormat: Set<String> = []

    /// gettext's separator between a message's context and its `msgid`
    /// (as in a `.mo` file): "unit\u{4}km/h" is "km/h" as a unit symbol.
    static let contextSeparator = "\u{4}"

    init(parsing text: String) {
        var flags: Set<String> = []
        var field: String?
        var context = "", id = "", translation = ""
        var inEntry = false
        func finish() {
            if !context.isEmpty, !id.isEmpty { id = context + Self.contextSeparator + id }
            if inEntry, !id.isEmpty {
                identifiers.append(id)
                if flags.contains("python-brace-format") { braceFormat.insert(id) }
                if !translation.isEmpty, !flags.contains("fuzzy") { messages[id] = translation }
            }
            flags = []; field = nil; context = ""; id = ""; translation = ""; inEntry = false
        }
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmed
            if line.isEmpty { finish(); continue }
            if line.hasPrefix("#,") {
                if inEntry, field == "msgstr" { finish() }
                flags.formUnion(line.dropFirst(2).split(separator: ",").map { String($0.trimmed) })
            } else if line.hasPrefix("#") {
                continue
            } else if line.hasPrefix("msgctxt ") {
                if inEntry, field == "msgstr" {
                    let kept = flags
                    finish()
                    flags = kept
                }
                inEntry = true
                field = "msgctxt"
                context = Self.quoted(line.dropFirst(8))
            } else if line.hasPrefix("msgid ") {
                if inEntry, field == "msgstr" {
                    let kept = flags
                    finish()
                    flags = kept
                }
                inEntry = true
                field = "msgid"
                id = Self.quoted(line.dropFirst(6))
            } else if line.hasPrefix("msgstr ") {
                field = "msgstr"
                translation = Self.quoted(line.dropFirst(7))
            } else if line.hasPrefix("\"") {
                // A continuation of the field above.
                if field == "msgid" { id += Self.quoted(line) } else if field == "msgstr" { translation += Self.quoted(line) } else if field == "msgctxt" { context += Self.quoted(line) }
            }
        }
        finish()
    }

    /// The text of a `"…"` string with its C escapes undone.
    static func quoted(_ text: some StringProtocol) -> String {
        let trimmed = Substring(text).trimmed
        guard trimmed.hasPrefix("\""), trimmed.hasSuffix("\""), trimmed.count >= 2 else { return "" }
        let body = trimmed.dropFirst().dropLast()
        guard body.contains("\\") else { return String(body) }
        var result = ""
        var escaped = false
        for character in body {
            if escaped {
                switch character {
                case "n": result.append("\n")
                case "t": result.append("\t")
                default: result.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}

extension Substring {
    /// Without the spaces, tabs and carriage returns at either end: a slice, not a copy.
    var trimmed: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" || first == "\r" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text = text.dropLast() }
        return text
    }
}
