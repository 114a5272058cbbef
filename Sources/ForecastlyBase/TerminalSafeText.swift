import Foundation

extension String {
    /// The text with every control character removed (C0, DEL, C1 and the
    /// escape sequences they start), newlines folded to spaces, and at most
    /// `limit` characters. Anything that came over the network goes through
    /// this before it reaches a terminal, so a server cannot move the cursor,
    /// retitle the window or hide text. `keepingNewlines` keeps line breaks
    /// (for a warning's full text, read as paragraphs).
    public func strippingTerminalControls(limit: Int = 300, keepingNewlines: Bool = false) -> String {
        var result = String.UnicodeScalarView()
        var iterator = unicodeScalars.makeIterator()
        var count = 0
        while let scalar = iterator.next(), count < limit {
            switch scalar.value {
            case 0x0A where keepingNewlines:
                result.append(scalar)
                count += 1
            case 0x0D where keepingNewlines:
                continue
            case 0x0A, 0x0D, 0x09:
                if result.last != " " { result.append(" "); count += 1 }
            case 0x1B, 0x9B:
                Self.skipEscapeSequence(after: scalar, in: &iterator)
            case 0x00...0x1F, 0x7F...0x9F:
                continue
            case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                continue // bidirectional overrides can reorder what is shown
            default:
                result.append(scalar)
                count += 1
            }
        }
        return String(result).trimmingWhitespace()
    }

    /// Drops the rest of a CSI (`ESC [` … final byte) or OSC (`ESC ]` … BEL/ST)
    /// sequence; a lone ESC just drops the next character.
    private static func skipEscapeSequence(
        after introducer: Unicode.Scalar,
        in iterator: inout String.UnicodeScalarView.Iterator
    ) {
        let kind: Unicode.Scalar? = introducer.value == 0x9B ? "[" : iterator.next()
        if kind == "[" {
            while let next = iterator.next(), !(0x40...0x7E).contains(next.value) {}
        } else if kind == "]" {
            while let next = iterator.next() {
                if next.value == 0x07 || next.value == 0x9C { break }
                if next.value == 0x1B { _ = iterator.next(); break }
            }
        }
    }
}
