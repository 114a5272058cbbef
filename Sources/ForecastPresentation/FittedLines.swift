/// Parts of a line ("Wind 15 km/h", "Humidity 87%") joined by a separator,
/// broken before the part that would pass the width: the report's details,
/// its sky line, `forecastly sky`.
enum FittedLines {
    /// `parts` joined by `separator` after `first`, on as many lines as
    /// `width` needs (nil: one line), each further line starting with
    /// `indent`; a part is never split unless it is longer than a line.
    /// Widths are in terminal cells (`TextWidth`).
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
                // A part longer than any line is broken between its words,
                // and within a word where Japanese or Chinese may break (`LineBreaks`).
                for (index, word) in words(of: part).enumerated() {
                    for (place, piece) in LineBreaks.pieces(of: word).enumerated() {
                        let (joiner, joinerWidth) = place > 0 ? ("", 0) : index == 0 ? (separator, separatorWidth) : (" ", 1)
                        add(String(piece), width: TextWidth.of(String(piece)), after: joiner, joinerWidth: joinerWidth)
                    }
                }
            } else {
                add(part, width: partWidth, after: separator, joinerWidth: separatorWidth)
            }
        }
        return lines + [line]
    }

    /// `part`'s words, a number kept with the unit after it ("12 s", "11 godz."):
    /// a line that ends in a number and starts with its unit reads wrong.
    private static func words(of part: String) -> [Substring] {
        var words: [Substring] = []
        for word in part.split(separator: " ") {
            if let last = words.last, last.last?.isNumber == true, word.first?.isLetter == true {
                words[words.count - 1] = part[last.startIndex..<word.endIndex]
            } else {
                words.append(word)
            }
        }
        return words
    }
}

extension TextWidth {
    /// `text` broken between words (and where Japanese or Chinese may break)
    /// into lines of at most `width` columns (a word longer than a line
    /// stays whole): a paragraph said on a terminal,
    /// which would otherwise break it wherever the line ends, mid-word.
    public static func paragraph(_ text: String, width: Int) -> [String] {
        FittedLines.lines(text.split(separator: " ").map(String.init), first: "", indent: "", width: width, separator: " ")
    }
}
