public import ForecastCore
public import ForecastlyLocalization

/// The air, as the report, `%Q` and the documents say it.
public enum AirQualityText {
    /// "Good (EAQI 18)": the index's own word and value; nil without that index.
    public static func index(_ air: AirQuality, scale: AirQualityScale, words: Words = .english) -> String? {
        guard let value = air.index(scale) else { return nil }
        return "\(words(scale.category(value))) (\(scale.label) \(value))"
    }

    /// The report's parts: the index, the pollutants, UV, and pollen that is in the air.
    public static func parts(_ air: AirQuality, scale: AirQualityScale, words: Words = .english) -> [String] {
        var parts: [String] = []
        if let index = index(air, scale: scale, words: words) { parts.append(index) }
        // The pollutants in one part, their unit once: "PM2.5 14, PM10 25, O₃ 52 µg/m³".
        let pollutants = [("PM2.5", air.pm2_5), ("PM10", air.pm10), ("O₃", air.ozone), ("NO₂", air.nitrogenDioxide)]
            .compactMap { name, value in value.map { "\(name) \(ValueFormat.decimal($0, places: 0))" } }
        if !pollutants.isEmpty { parts.append(pollutants.joined(separator: ", ") + " µg/m³") }
        // "now": the report's Today line has the day's highest.
        if let uv = air.uvIndex { parts.append(words("UV now {index}", ["index": ValueFormat.decimal(uv, places: 0)])) }
        // Pollen only where some is counted: out of season every kind reads 0.
        let pollen = Pollen.allCases.compactMap { kind in
            air.pollen[kind].flatMap { $0 >= 1 ? "\(words(kind.rawValue)) \(words(Pollen.level($0)))" : nil }
        }
        if !pollen.isEmpty { parts.append(words("pollen: {list}", ["list": pollen.joined(separator: ", ")])) }
        return parts
    }
}
