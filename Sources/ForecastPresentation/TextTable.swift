import ForecastlyBase

/// Aligned columns for terminal output.
public enum TextTable {
    /// A way to make a table narrower where it is wider than the terminal,
    /// tried in the order given until it fits.
    public enum Narrowing {
        /// Leave the column out (what it says is said elsewhere too).
        case drop(Int)
        /// Show the column's shorter cell for each row ("Tue 29" for "Tue
        /// 29 Sep"), made only when the table is too wide.
        case shorten(Int, to: (_ row: Int) -> String)
    }

    /// Pads every column to its widest cell (in terminal cells, so emoji
    /// count twice); columns are one space apart, each row indented. Where
    /// the table would be wider than `width`, the `narrowings` are applied
    /// in turn until it fits (each cell is measured once, a shortened one again).
    public static func lines(
        _ rows: [[String]], rightAligned: Set<Int>, indent: String = "  ", fitting width: Int? = nil, narrowing narrowings: [Narrowing] = []
    ) -> [String] {
        fitted(rows, rightAligned: rightAligned, indent: indent, fitting: width, narrowing: narrowings).lines
    }

    /// The table's lines, and the columns they show (a legend names only those).
    public static func fitted(
        _ rows: [[String]], rightAligned: Set<Int>, indent: String = "  ", fitting width: Int? = nil, narrowing narrowings: [Narrowing] = []
    ) -> (lines: [String], shown: [Int]) {
        guard let columns = rows.first?.count else { return ([], []) }
        var rows = rows
        var widths = (0..<columns).map { column in rows.map { TextWidth.of($0[column]) }.max() ?? 0 }
        var shown = Array(0..<columns)
        func tableWidth() -> Int { TextWidth.of(indent) + shown.map { widths[$0] }.reduce(0, +) + shown.count - 1 }
        if let width {
            for narrowing in narrowings where tableWidth() > width {
                switch narrowing {
                case .drop(let column):
                    shown.removeAll { $0 == column }
                case .shorten(let column, let shorter):
                    for index in rows.indices { rows[index][column] = shorter(index) }
                    widths[column] = rows.map { TextWidth.of($0[column]) }.max() ?? 0
                }
            }
        }
        let lines = rows.map { row in
            let cells = shown.map { index in TextWidth.pad(row[index], to: widths[index], alignRight: rightAligned.contains(index)) }
            return indent + cells.joined(separator: " ").trimmingTrailingSpaces()
        }
        return (lines, shown)
    }
}
