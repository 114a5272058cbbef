public import ForecastCore

/// ANSI styling that switches off completely: with `enabled == false`
/// every function returns its input unchanged.
public struct TerminalStyle: Sendable {
    public let enabled: Bool

    public init(enabled: Bool) { self.enabled = enabled }

    public static let plain = TerminalStyle(enabled: false)

    /// Colour only on a terminal, never with `NO_COLOR` (https://no-color.org)
    /// set to anything, nor on a "dumb" terminal, nor when asked not to.
    public static func detect(isTerminal: Bool, environment: [String: String], disabled: Bool) -> TerminalStyle {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return TerminalStyle(enabled: isTerminal && !disabled && !noColor && environment["TERM"] != "dumb")
    }

    public func bold(_ text: String) -> String { wrap(text, "1") }
    public func dim(_ text: String) -> String { wrap(text, "2") }

    /// Blue when cold, red when hot; thresholds in °C so °F values are converted first.
    public func temperature(_ text: String, celsius: Double?) -> String {
        guard let celsius else { return text }
        switch celsius {
        case ..<0: return wrap(text, "34")
        case ..<10: return wrap(text, "36")
        case ..<20: return wrap(text, "32")
        case ..<28: return wrap(text, "33")
        default: return wrap(text, "31")
        }
    }

    /// A warning's colour, MeteoAlarm's scale: yellow, orange (bright red
    /// on 8-colour terminals), red; bold red for the extreme.
    public func severity(_ text: String, _ severity: AlertSeverity) -> String {
        switch severity {
        case .extreme: wrap(text, "1;31")
        case .severe: wrap(text, "91")
        case .moderate: wrap(text, "33")
        case .minor, .unknown: wrap(text, "36")
        }
    }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

public enum TextWidth {
    /// Terminal cells a string occupies: wide (East Asian) characters and
    /// emoji-presentation characters take two, control characters and the
    /// colours' escape sequences (`ESC [ … m`) none, everything else one.
    /// One pass; plain ASCII is counted by its bytes.
    public static func of(_ text: String) -> Int {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return ofASCII(text.utf8) }
        var width = 0
        var inEscape = false
        for character in text {
            let scalars = character.unicodeScalars
            guard let first = scalars.first else { continue }
            if inEscape {
                // A CSI sequence ends with its final byte, @ to ~.
                if (0x40...0x7E).contains(first.value), first != "[" { inEscape = false }
                continue
            }
            if first.value == 0x1B { inEscape = true; continue }
            if first.value < 0x20 || (0x7F...0x9F).contains(first.value) { continue }
            if scalars.contains(where: { $0.value == 0xFE0F }) || first.properties.isEmojiPresentation || isWide(first) {
                width += 2
            } else {
                width += 1
            }
        }
        return width
    }

    private static func ofASCII(_ bytes: String.UTF8View) -> Int {
        var width = 0
        var inEscape = false
        for byte in bytes {
            if inEscape {
                if (0x40...0x7E).contains(byte), byte != UInt8(ascii: "[") { inEscape = false }
            } else if byte == 0x1B {
                inEscape = true
            } else if byte >= 0x20, byte != 0x7F {
                width += 1
            }
        }
        return width
    }

    public static func pad(_ text: String, to width: Int, alignRight: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, width - of(text)))
        return alignRight ? fill + text : text + fill
    }

    /// East Asian Wide and Fullwidth: two cells.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
