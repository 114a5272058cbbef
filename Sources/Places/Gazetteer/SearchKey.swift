import Foundation

/// The form in which names are compared: case- and accent-insensitive, with
/// punctuation and runs of spaces reduced to one space, so "Saint-Étienne",
/// "saint etienne" and "SAINT ÉTIENNE" are the same key and "Kyiv", "KYIV"
/// and "Київ" each find Kyiv through its own alternate name.
///
/// Folding is per Unicode scalar, so the index builder can use a table
/// (it folds over a million names) while a query folds its few scalars
/// directly; both give the same bytes.
public enum SearchKey {
    /// Keys longer than this are cut; a prefix that long identifies a place anyway.
    public static let maximumLength = 255

    /// The folded UTF-8 bytes of `text`.
    public static func fold(_ text: some StringProtocol) -> [UInt8] {
        var key: [UInt8] = []
        key.reserveCapacity(text.utf8.count)
        append(text, to: &key, using: ScalarFolding.direct)
        return key
    }

    /// Appends the folded form of `text` to `key` using the given scalar folding.
    static func append(_ text: some StringProtocol, to key: inout [UInt8], using folding: (Unicode.Scalar) -> ScalarFolding.Result) {
        let start = key.count
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            let value = scalar.value
            // ASCII is most of the data: letters and digits pass, the rest separates.
            if value < 0x80 {
                let byte = UInt8(value)
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    appendByte(byte)
                case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                    appendByte(byte | 0x20)
                default:
                    pendingSpace = true
                }
                continue
            }
            switch folding(scalar) {
            case .drop: break
            case .separator: pendingSpace = true
            case .bytes(let bytes):
                for byte in bytes { appendByte(byte) }
            }
        }
        if key.count - start > maximumLength {
            // Cut on a scalar boundary so the key stays valid UTF-8.
            var end = start + maximumLength
            while end > start, key[end] & 0xC0 == 0x80 { end -= 1 }
            key.removeSubrange(end...)
        }

        func appendByte(_ byte: UInt8) {
            if pendingSpace {
                if key.count > start { key.append(0x20) }
                pendingSpace = false
            }
            key.append(byte)
        }
    }
}

/// How one non-ASCII scalar folds.
enum ScalarFolding {
    enum Result: Sendable {
        case drop
        case separator
        case bytes([UInt8])
    }

    /// Letters Foundation's diacritic folding leaves alone because Unicode
    /// gives them no decomposition, though readers treat them as accented.
    private static let strokeLetters: [Unicode.Scalar: String] = [
        "ł": "l", "Ł": "l", "ø": "o", "Ø": "o", "đ": "d", "Đ": "d", "ħ": "h", "Ħ": "h",
        "ŧ": "t", "Ŧ": "t", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ı": "i", "ð": "d", "Ð": "d",
        "þ": "th", "Þ": "th",
    ]

    static func direct(_ scalar: Unicode.Scalar) -> Result {
        if let plain = strokeLetters[scalar] { return .bytes(Array(plain.utf8)) }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format:
            return .drop
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber:
            let folded = String(scalar).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            var bytes: [UInt8] = []
            for inner in folded.unicodeScalars {
                if let plain = strokeLetters[inner] { bytes += plain.utf8; continue }
                let category = inner.properties.generalCategory
                if category == .nonspacingMark || category == .spacingMark || category == .enclosingMark { continue }
                bytes += String(inner).utf8
            }
            return bytes.isEmpty ? .drop : .bytes(bytes)
        default:
            return .separator
        }
    }

    /// Every scalar folded once: the builder looks them up instead of
    /// calling Foundation a million times. Below U+3000 (Latin, Greek,
    /// Cyrillic, Arabic, Indic…) in an array, above (CJK…) in a dictionary.
    final class Table {
        private static let limit: UInt32 = 0x3000
        private var entries: [Result?]
        private var others: [UInt32: Result] = [:]

        init() { entries = Array(repeating: nil, count: Int(Self.limit)) }

        func fold(_ scalar: Unicode.Scalar) -> Result {
            guard scalar.value < Self.limit else {
                if let known = others[scalar.value] { return known }
                let result = ScalarFolding.direct(scalar)
                others[scalar.value] = result
                return result
            }
            let index = Int(scalar.value)
            if let known = entries[index] { return known }
            let result = ScalarFolding.direct(scalar)
            entries[index] = result
            return result
        }
    }
}
