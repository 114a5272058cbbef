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
        // Read as UTF-8 bytes: every character .po syntax gives meaning to is
        // ASCII, and the catalogs are read on the way to every report.
        typealias Line = Substring.UTF8View
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
        /// A new keyword line ends the entry whose translation came before it.
        func startField(_ name: String) {
            if inEntry, field == "msgstr" {
                let kept = flags
                finish()
                flags = kept
            }
            inEntry = true
            field = name
        }
        for raw in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            let line = Self.trimmed(raw)
            if line.isEmpty { finish(); continue }
            if line.starts(with: "#,".utf8) {
                if field == "msgstr" { finish() }
                for flag in line.dropFirst(2).split(separator: UInt8(ascii: ",")) { flags.insert(String(Substring(Self.trimmed(flag)))) }
            } else if line.first == UInt8(ascii: "#") {
                continue
            } else if line.starts(with: "msgctxt ".utf8) {
                startField("msgctxt")
                context = Self.quoted(line.dropFirst(8))
            } else if line.starts(with: "msgid ".utf8) {
                startField("msgid")
                id = Self.quoted(line.dropFirst(6))
            } else if line.starts(with: "msgstr ".utf8) {
                field = "msgstr"
                translation = Self.quoted(line.dropFirst(7))
            } else if line.first == UInt8(ascii: "\"") {
                // A continuation of the field above.
                switch field {
                case "msgid": id += Self.quoted(line)
                case "msgstr": translation += Self.quoted(line)
                case "msgctxt": context += Self.quoted(line)
                default: break
                }
            }
        }
        finish()
    }

    /// The text of a `"…"` string with its C escapes undone.
    static func quoted(_ text: Substring.UTF8View) -> String {
        let trimmed = Self.trimmed(text)
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        guard trimmed.count >= 2, trimmed.first == quote, trimmed.last == quote else { return "" }
        let body = trimmed.dropFirst().dropLast()
        guard body.contains(backslash) else { return String(Substring(body)) }
        var result: [UInt8] = []
        result.reserveCapacity(body.count)
        var escaped = false
        for byte in body {
            if escaped {
                switch byte {
                case UInt8(ascii: "n"): result.append(UInt8(ascii: "\n"))
                case UInt8(ascii: "t"): result.append(UInt8(ascii: "\t"))
                default: result.append(byte)
                }
                escaped = false
            } else if byte == backslash {
                escaped = true
            } else {
                result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Without the spaces, tabs and carriage returns at either end: a slice, not a copy.
    static func trimmed(_ text: Substring.UTF8View) -> Substring.UTF8View {
        func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") }
        var text = text
        while let first = text.first, isBlank(first) { text = text.dropFirst() }
        while let last = text.last, isBlank(last) { text = text.dropLast() }
        return text
    }
}
