public import ForecastCore
public import ForecastlyLocalization
import ForecastlyBase
/// `--chart`: the coming hours as a small meteogram in the terminal. From
/// the top: a condition glyph every few hours, the temperature as a line
/// (its highest and lowest labelled at the left), the chance of
/// precipitation as bars, the amount where the provider gives one, and the
/// local hours with the day boundaries.
///
/// One column is one step of the forecast; the chart is as wide as the
/// terminal allows (the first `width − 6` steps). Unicode block characters,
/// or plain ASCII (`--ascii`, or a locale that is not UTF-8); colour only
/// when the style has it.
public struct TerminalMeteogram: Sendable {
    public var forecast: Forecast
    public var width: Int
    public var ascii: Bool
    public var style: TerminalStyle
    /// Rows of the temperature line.
    public var height = 8
    /// The language of the chance row's label.
    public var words = Words.english

    public init(forecast: Forecast, width: Int, ascii: Bool, style: TerminalStyle) {
        self.forecast = forecast
        self.width = width
        self.ascii = ascii
        self.style = style
    }

    /// The label column at the left ("-12°C ").
    static let gutter = 7
    static let blocks: [Character] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    static let asciiBlocks: [Character] = [" ", ".", ".", "-", "-", "=", "=", "#", "#"]

    public func render() -> [String] {
        let steps = Array(forecast.upcomingHours().prefix(max(0, width - Self.gutter)))
        let temperatures = steps.compactMap(\.temperature)
        guard steps.count >= 2, let low = temperatures.min(), let high = temperatures.max() else { return [] }
        let clock = PlaceClock(timeZone: forecast.timeZone)
        let unit = forecast.units.temperature
        var lines: [String] = []
        let glyphs = glyphRow(steps, clock: clock)
        if glyphs.contains(where: { $0 != " " }) { lines.append(pad("") + glyphs) }
        lines += temperatureRows(steps, low: low, high: high, unit: unit)
        lines += precipitationRows(steps)
        lines += axisRows(steps, clock: clock)
        return lines.map { $0.trimmingTrailingSpaces() }
    }

    // MARK: Rows

    /// A condition every six local hours (and at the start).
    private func glyphRow(_ steps: [HourlyForecast], clock: PlaceClock) -> String {
        var row = ""
        var column = 0
        for (index, step) in steps.enumerated() {
            guard column <= index else { continue }
            if index == 0 || clock.hour(step.time) % 6 == 0, let condition = step.condition {
                let glyph = ascii ? String(condition.asciiGlyph) : condition.glyph(isDay: step.isDay ?? true)
                row += glyph
                column += TextWidth.of(glyph)
            } else {
                row += " "
                column += 1
            }
        }
        return row
    }

    /// The line: in each column, the row the temperature falls in, drawn
    /// with the block of its height within that row (eighths).
    private func temperatureRows(_ steps: [HourlyForecast], low: Double, high: Double, unit: String) -> [String] {
        let span = max(high - low, 1)
        let levels = height * 8 - 1
        var rows = [String](repeating: "", count: height)
        for step in steps {
            guard let value = step.temperature else {
                for row in rows.indices { rows[row] += " " }
                continue
            }
            let level = Int(((value - low) / span * Double(levels)).rounded())
            let row = height - 1 - level / 8
            for index in rows.indices {
                if index == row {
                    let mark = ascii ? "*" : String(Self.blocks[level % 8 + 1])
                    rows[index] += style.temperature(mark, celsius: ValueFormat.celsius(value, unit: unit))
                } else {
                    rows[index] += " "
                }
            }
        }
        return rows.enumerated().map { index, row in
            let label = index == 0 ? ValueFormat.temperature(high, unit: unit) : index == height - 1 ? ValueFormat.temperature(low, unit: unit) : ""
            // "7C" in ASCII: no degree sign where the locale may not show it.
            return pad(ascii ? label.replacingOccurrences(of: "°", with: "") : label) + row
        }
    }

    /// The chance as bars two rows high, and the amount in one row scaled
    /// to the largest; a provider without chances or amounts leaves its rows out.
    private func precipitationRows(_ steps: [HourlyForecast]) -> [String] {
        var lines: [String] = []
        if steps.contains(where: { $0.precipitationProbability != nil }) {
            var top = "", bottom = ""
            for step in steps {
                let eighths = Int(((step.precipitationProbability ?? 0) / 100 * 16).rounded())
                top += String(block(max(0, eighths - 8)))
                bottom += String(block(min(8, eighths)))
            }
            lines += [pad("") + style.dim(top), pad(words("chance")) + style.dim(bottom)]
        }
        let amounts = steps.map { $0.precipitation ?? 0 }
        if let most = amounts.max(), most > 0 {
            let row = amounts.map { String(block($0 <= 0 ? 0 : max(1, Int(($0 / most * 8).rounded())))) }.joined()
            let unit = forecast.units.precipitation
            // The label is what a full block stands for.
            lines.append(pad("\(ValueFormat.decimal(most, places: unit == "mm" ? 1 : 2))\(unit)") + row)
        }
        return lines
    }

    /// Hours every six local hours; a day's start marked, its name under it
    /// in the reader's language ("Wed 30", "Mi. 30.", "30日(水)").
    private func axisRows(_ steps: [HourlyForecast], clock: PlaceClock) -> [String] {
        var hours = [Character](repeating: " ", count: steps.count)
        var dayRow = ""
        var dayRowWidth = 0
        for (index, step) in steps.enumerated() {
            let hour = clock.hour(step.time)
            if hour == 0 {
                hours[index] = ascii ? "|" : "│"
                // Measured in terminal cells, as a wide character takes two; a
                // name that would run into the one before, or past the chart, is left out.
                let name = words.shortDay(clock.localDate(step.time))
                let width = TextWidth.of(name)
                if dayRowWidth <= index, index + width <= steps.count {
                    dayRow += String(repeating: " ", count: index - dayRowWidth) + name
                    dayRowWidth = index + width
                }
            } else if hour % 6 == 0, index + 1 < hours.count, hours[index] == " " {
                let label = Array(hour < 10 ? "0\(hour)" : "\(hour)")
                hours[index] = label[0]
                hours[index + 1] = label[1]
            }
        }
        return [pad("") + style.dim(String(hours))] + (dayRow.isEmpty ? [] : [pad("") + dayRow])
    }

    private func block(_ eighths: Int) -> Character {
        (ascii ? Self.asciiBlocks : Self.blocks)[max(0, min(8, eighths))]
    }

    private func pad(_ label: String) -> String {
        TextWidth.pad(label, to: Self.gutter - 1, alignRight: true) + " "
    }
}
