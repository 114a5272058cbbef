import ForecastlyBase

/// Aligned columns for terminal output.
public enum TextTable {
    /// Pads every column to its widest cell (in terminal cells, so emoji
    /// count twice); columns are one space apart, each row indented. Where
    /// the table would be wider than `width`, column `droppable` is left out
    /// (each cell is measured once either way).
    public static func lines(
        _ rows: [[String]], rightAligned: Set<Int>, indent: String = "  ", fitting width: Int? = nil, dropping droppable: Int? = nil
    ) -> [String] {
        guard let columns = rows.first?.count else { return [] }
        let widths = (0..<columns).map { column in rows.map { TextWidth.of($0[column]) }.max() ?? 0 }
        var shown = Array(0..<columns)
        if let width, let droppable, TextWidth.of(indent) + widths.reduce(0, +) + columns - 1 > width {
            shown.removeAll { $0 == droppable }
        }
        return rows.map { row in
            let cells = shown.map { index in TextWidth.pad(row[index], to: widths[index], alignRight: rightAligned.contains(index)) }
            return indent + cells.joined(separator: " ").trimmingTrailingSpaces()
        }
    }
}
