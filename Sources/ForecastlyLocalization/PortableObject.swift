import ForecastlyBase

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
    /// The header's fields ("Language", "X-Region": the country whose
    /// conventions the catalog's dates and numbers follow).
    var header: [String: String] = [:]

    /// gettext's separator between a message's context and its `msgid`
    /// (as in a `.mo` file): "unit\u{4}km/h" is "km/h" as a unit symbol.
    static let contextSeparator = "\u{4}"

    init(parsing text: String) {
        var text = text
        self = text.withUTF8 { Self(parsing: $0) }
    }

    /// Bytes, not a `String`'s views: every character .po syntax gives
    /// meaning to is ASCII, and a catalog is read on the way to every report
    /// in its language (slices of the string's UTF-8 view, each retained and
    /// released, and a set of flag strings per entry made that 1.1 ms for 80 KB).
    typealias Bytes = Slice<UnsafeBufferPointer<UInt8>>

    private init(parsing bytes: UnsafeBufferPointer<UInt8>) {
        enum Field { case context, id, translation }
        var fuzzy = false, braceFormatted = false
        var field: Field?
        var context = "", id = "", translation = ""
        var inEntry = false
        func finish() {
            if inEntry, id.isEmpty, context.isEmpty { readHeader(translation) }
            if !context.isEmpty, !id.isEmpty { id = context + Self.contextSeparator + id }
            if inEntry, !id.isEmpty {
                identifiers.append(id)
                if braceFormatted { braceFormat.insert(id) }
                if !translation.isEmpty, !fuzzy { messages[id] = translation }
            }
            fuzzy = false; braceFormatted = false; field = nil; context = ""; id = ""; translation = ""; inEntry = false
        }
        /// A new keyword line ends the entry whose translation came before it.
        func startField(_ name: Field) {
            if inEntry, field == .translation {
                let kept = (fuzzy, braceFormatted)
                finish()
                (fuzzy, braceFormatted) = kept
            }
            inEntry = true
            field = name
        }
        var lineStart = bytes.startIndex
        while lineStart <= bytes.endIndex {
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
            let line = Self.trimmed(bytes[lineStart..<lineEnd])
            lineStart = lineEnd + 1
            guard let first = line.first else { finish(); continue }
            if first == UInt8(ascii: "#") {
                guard line.starts(with: "#,".utf8) else { continue }
                if field == .translation { finish() }
                for flag in line.dropFirst(2).split(separator: UInt8(ascii: ",")) {
                    let flag = Self.trimmed(flag)
                    if flag.elementsEqual("fuzzy".utf8) { fuzzy = true }
                    if flag.elementsEqual("python-brace-format".utf8) { braceFormatted = true }
                }
            } else if first == UInt8(ascii: "\"") {
                // A continuation of the field above.
                switch field {
                case .id: id += Self.quoted(line)
                case .translation: translation += Self.quoted(line)
                case .context: context += Self.quoted(line)
                case nil: break
                }
            } else if line.starts(with: "msgctxt ".utf8) {
                startField(.context)
                context = Self.quoted(line.dropFirst(8))
            } else if line.starts(with: "msgid ".utf8) {
                startField(.id)
                id = Self.quoted(line.dropFirst(6))
            } else if line.starts(with: "msgstr ".utf8) {
                field = .translation
                translation = Self.quoted(line.dropFirst(7))
            }
        }
        finish()
    }

    /// "Key: value" lines, as the header's `msgstr` holds them.
    private mutating func readHeader(_ text: String) {
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            header[String(line[..<colon])] = String(line[line.index(after: colon)...]).trimmingWhitespace()
        }
    }

    /// The text of a `"…"` string with its C escapes undone.
    static func quoted(_ text: Bytes) -> String {
        let trimmed = Self.trimmed(text)
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        guard trimmed.count >= 2, trimmed.first == quote, trimmed.last == quote else { return "" }
        let body = trimmed.dropFirst().dropLast()
        guard body.contains(backslash) else { return String(decoding: body, as: UTF8.self) }
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
    static func trimmed(_ text: Bytes) -> Bytes {
        func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") }
        var text = text
        while let first = text.first, isBlank(first) { text = text.dropFirst() }
        while let last = text.last, isBlank(last) { text = text.dropLast() }
        return text
    }
}
