/// Parts of a line ("Wind 15 km/h", "Humidity 87%") joined by a separator,
/// broken before the part that would pass the width: the report's details,
/// its sky line, `forecastly sky`.
enum FittedLines {
    /// `parts` joined by `separator` after `first`, on as many lines as
    /// `width` needs (nil: one line), each further line starting with
    /// `indent`; a part is never split unless it is longer than a line.
    static func lines(_ parts: [String], first: String, indent: String, width: Int?, separator: String) -> [String] {
        guard let width else { return [first + parts.joined(separator: separator)] }
        // Each piece is measured once (the colours' escapes take no columns; the indent does).
        let indentWidth = TextWidth.of(indent), separatorWidth = TextWidth.of(separator)
        var lines: [String] = []
        var line = first, lineWidth = TextWidth.of(first)
        var lineHasPart = false
        func add(_ piece: String, width pieceWidth: Int, after joiner: String, joinerWidth: Int) {
            if lineHasPart, lineWidth + joinerWidth + pieceWidth > width {
                lines.append(line)
                line = indent + piece
                lineWidth = indentWidth + pieceWidth
            } else {
                line += (lineHasPart ? joiner : "") + piece
                lineWidth += (lineHasPart ? joinerWidth : 0) + pieceWidth
            }
            lineHasPart = true
        }
        for part in parts {
            let partWidth = TextWidth.of(part)
            if indentWidth + partWidth > width {
                // A part longer than any line is broken between its words.
                for (index, word) in part.split(separator: " ").enumerated() {
                    add(String(word), width: TextWidth.of(String(word)), after: index == 0 ? separator : " ", joinerWidth: index == 0 ? separatorWidth : 1)
                }
            } else {
                add(part, width: partWidth, after: separator, joinerWidth: separatorWidth)
            }
        }
        return lines + [line]
    }
}

extension TextWidth {
    /// `text` broken between words into lines of at most `width` columns (a
    /// word longer than a line stays whole): a paragraph said on a terminal,
    /// which would otherwise break it wherever the line ends, mid-word.
    public static func paragraph(_ text: String, width: Int) -> [String] {
        FittedLines.lines(text.split(separator: " ").map(String.init), first: "", indent: "", width: width, separator: " ")
    }
}
