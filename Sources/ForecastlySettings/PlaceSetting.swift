import ForecastlyBase

/// The `place` setting: a city as `--city` takes it, or "LAT,LON". The CLI
/// reads it as it reads `forecastly PLACE`; here it is only checked, so a
/// mistake is reported with the file's line.
enum PlaceSetting {
    static func isPlausible(_ text: String) -> Bool {
        if Coordinate.decimalPair(text) != nil { return Coordinate(decimalPair: text) != nil }
        if Coordinate.looksWrittenOtherwise(text) { return false }
        return !text.isEmpty && text.count <= 200
            && text.contains(where: \.isLetter)
            && !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    }
}
