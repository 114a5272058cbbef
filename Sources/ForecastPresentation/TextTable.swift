import ForecastlyBase

/// Aligned columns for terminal output.
public enum TextTable {
    /// Pads every column to its widest cell (in terminal cells, so emoji
    /// count twice); columns are one space apart, each row indented.
    public static func lines(_ rows: [[String]], rightAligned: Set<Int>, indent: String = "  ") -> [String] {
        guard let columns = rows.first?.count else { return [] }
        let widths = (0..<columns).map { column in rows.map { TextWidth.of($0[column]) }.max() ?? 0 }
        return rows.map { row in
            let cells = row.enumerated().map { index, cell in
                TextWidth.pad(cell, to: widths[index], alignRight: rightAligned.contains(index))
            }
            return indent + cells.joined(separator: " ").trimmingTrailingSpaces()
        }
    }
}
