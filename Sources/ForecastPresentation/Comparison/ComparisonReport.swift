public import ForecastCore
public import ForecastlyLocalization
public import Foundation

/// The `compare` table: one row per place in the order given, with the
/// current temperature, today's low and high, the condition and the wind.
public struct ComparisonReport: Sendable {
    public var entries: [PlaceComparison.Entry]
    public var style: TerminalStyle
    public var source: DataSource
    /// Each place's warnings by GeoNames id: a place with one in force is marked ⚠.
    public var alerts: [Int: PlaceAlerts] = [:]
    /// Plain ASCII (a locale that is not UTF-8): a letter for the weather,
    /// "!" for a warning, names without accents, measured as printed.
    public var ascii = false
    /// The unit of each quantity.
    public var units: MeasurementUnits = .metric
    /// The language of the columns, the conditions and the compass.
    public var words = Words.english
    /// The machine's clock: an answer hours from it is not "now" (its row
    /// says the time it describes, as the report's header does).
    public var now = Date()

    public init(entries: [PlaceComparison.Entry], style: TerminalStyle, source: DataSource) {
        self.entries = entries
        self.style = style
        self.source = source
    }

    /// " ⚠" where a warning is in force (uncoloured: the table's columns are
    /// measured in characters).
    private func mark(_ alerts: PlaceAlerts?) -> String {
        alerts?.active.isEmpty == false ? (ascii ? " !" : " ⚠") : ""
    }

    public func render() -> String {
        var rows: [[String]] = [[words("Place"), words("Now"), words("Low"), words("High"), "", words("Condition"), words("Wind")]]
        for case .forecast(let resolution, let raw) in entries {
            let forecast = raw.converted(to: self.units)
            let units = forecast.units
            let now = forecast.current
            let today = forecast.today
            let condition = now?.condition ?? today?.condition
            // An answer far from the clock says the time it describes, never "now".
            let asOf = forecast.isOutdated(at: self.now) ? forecast.describedTime(at: self.now).map { time in
                let clock = PlaceClock(timeZone: forecast.timeZone)
                return " (" + words("as of {time}", ["time": "\(words.day(clock.localDate(time))) \(clock.time(time))"]) + ")"
            } ?? "" : ""
            rows.append([
                resolution.name + mark(alerts[resolution.place.id]) + asOf,
                ValueFormat.temperature(now?.temperature, unit: units.temperature),
                ValueFormat.temperature(today?.temperatureMin, unit: units.temperature),
                ValueFormat.temperature(today?.temperatureMax, unit: units.temperature),
                condition.map { ascii ? String($0.asciiGlyph) : $0.glyph(isDay: now?.isDay ?? true) } ?? " ",
                condition.map(words.condition) ?? ValueFormat.missing,
                words.wind(now?.windSpeed, direction: now?.windDirection, unit: units.windSpeed),
            ])
        }
        guard rows.count > 1 else { return "" }
        if ascii { rows = rows.map { $0.map(ASCIIText.fold) } }
        var lines = TextTable.lines(rows, rightAligned: [1, 2, 3], indent: "")
        lines[0] = style.bold(lines[0])
        let warned = alerts.values.compactMap { $0.active.first }
        if !warned.isEmpty { lines += ["", "\(ascii ? "!" : "⚠") an official warning is in force there: forecastly alerts --city PLACE"] }
        lines += ["", style.dim("\(source.attribution) · places from GeoNames (CC BY 4.0)")]
        let sources = Set(warned.map(\.source)).sorted { $0.rawValue < $1.rawValue }
        for source in sources { lines.append(style.dim(source.credit.attribution)) }
        return lines.joined(separator: "\n") + "\n"
    }
}
