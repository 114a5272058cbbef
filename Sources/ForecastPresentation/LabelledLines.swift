/// "Label  value" lines whose values start in one column, however long the
/// labels are in the language shown ("Latitude   50.45", "Breite  50,45").
enum LabelledLines {
    static func render(_ rows: [(label: String, value: String)]) -> String {
        let width = (rows.map { TextWidth.of($0.label) }.max() ?? 0) + 2
        return rows.map { TextWidth.pad($0.label, to: width) + $0.value }.joined(separator: "\n") + "\n"
    }
}
