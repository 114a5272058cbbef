/// "Label  value" lines whose values start in one column, however long the
/// labels are in the language shown ("Latitude   50.45", "Breite  50,45").
/// A value longer than the terminal's `width` goes on under itself, broken
/// between words, rather than where the terminal would cut it.
enum LabelledLines {
    static func render(_ rows: [(label: String, value: String)], width: Int? = nil) -> String {
        let column = (rows.map { TextWidth.of($0.label) }.max() ?? 0) + 2
        let indent = String(repeating: " ", count: column)
        return rows.flatMap { row in
            FittedLines.lines([row.value], first: TextWidth.pad(row.label, to: column), indent: indent, width: width, separator: " ")
        }.joined(separator: "\n") + "\n"
    }
}
