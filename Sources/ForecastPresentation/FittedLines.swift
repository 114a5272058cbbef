/// Parts of a line ("Wind 15 km/h", "Humidity 87%") joined by a separator,
/// broken before the part that would pass the width: the report's details,
/// its sky line, `forecastly sky`.
enum FittedLines {
    /// `parts` joined by `separator` after `first`, on as many lines as
    /// `width` needs (nil: one line), each further line starting with
    /// `indent`; a part is never split unless it is longer than a line.
    static func lines(_ parts: [String], first: String, indent: String, width: Int?, separator: String) -> [String] {
        guard let width else { return [first + parts.joined(separator: separator)] }
        // The colours' escapes take no columns; the indent does.
        func columns(_ text: String) -> Int { TextWidth.of(text.replacing(/\x{1B}\[[0-9;]*m/, with: "")) }
        var lines: [String] = []
        var line = first
        var lineHasPart = false
        func add(_ piece: String, after joiner: String) {
            if lineHasPart, columns(line) + columns(joiner) + columns(piece) > width {
                lines.append(line)
                line = indent + piece
            } else {
                line += (lineHasPart ? joiner : "") + piece
            }
            lineHasPart = true
        }
        for part in parts {
            if columns(indent) + columns(part) > width {
                // A part longer than any line is broken between its words.
                for (index, word) in part.split(separator: " ").enumerated() { add(String(word), after: index == 0 ? separator : " ") }
            } else {
                add(part, after: separator)
            }
        }
        return lines + [line]
    }
}
