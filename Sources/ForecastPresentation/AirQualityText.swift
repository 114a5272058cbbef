public import ForecastCore

/// The air, as the report, `%Q` and the documents say it.
public enum AirQualityText {
    /// "Good (EAQI 18)": the index's own word and value; nil without that index.
    public static func index(_ air: AirQuality, scale: AirQualityScale) -> String? {
        guard let value = air.index(scale) else { return nil }
        return "\(scale.category(value)) (\(scale.label) \(value))"
    }

    /// The report's parts: the index, the pollutants, UV, and pollen that is in the air.
    public static func parts(_ air: AirQuality, scale: AirQualityScale) -> [String] {
        var parts: [String] = []
        if let index = index(air, scale: scale) { parts.append(index) }
        // The pollutants in one part, their unit once: "PM2.5 14, PM10 25, O₃ 52 µg/m³".
        let pollutants = [("PM2.5", air.pm2_5), ("PM10", air.pm10), ("O₃", air.ozone), ("NO₂", air.nitrogenDioxide)]
            .compactMap { name, value in value.map { "\(name) \(ValueFormat.decimal($0, places: 0))" } }
        if !pollutants.isEmpty { parts.append(pollutants.joined(separator: ", ") + " µg/m³") }
        // "now": the report's Today line has the day's highest.
        if let uv = air.uvIndex { parts.append("UV now \(ValueFormat.decimal(uv, places: 0))") }
        // Pollen only where some is counted: out of season every kind reads 0.
        let pollen = Pollen.allCases.compactMap { kind in air.pollen[kind].flatMap { $0 >= 1 ? "\(kind.rawValue) \(Pollen.level($0))" : nil } }
        if !pollen.isEmpty { parts.append("pollen: " + pollen.joined(separator: ", ")) }
        return parts
    }
}
