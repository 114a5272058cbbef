public import ForecastCore
public import ForecastlyBase
public import ForecastlyLocalization
public import Foundation

/// The human-readable forecast: a header, current conditions, today, the
/// next hours and the coming days, in aligned columns.
public struct ForecastReport: Sendable {
    public var forecast: Forecast
    public var placeName: String?
    public var hours: Int
    public var style: TerminalStyle
    public var source: DataSource
    /// A line under the header, e.g. that this is a stored forecast and how old.
    public var notice: String?
    /// `--chart`: the meteogram of the coming hours, above the hours table.
    public var chart: TerminalMeteogram?
    /// Columns to fit: a line of parts joined by " · " (the header, the
    /// details of now, today) breaks before the part that would pass it.
    /// Nil for no limit.
    public var width: Int?
    /// The clock the times are written in.
    public var hourCycle: HourCycle = .twentyFourHour
    /// The warnings (one line each above "Now"), the next two hours (above
    /// the air) and the air now (under today; credited at the end), as far
    /// as they were asked for and answered.
    public var extras = ForecastExtras()
    /// When the report is read: the next two hours and the warnings are told from it.
    public var now = Date()
    private var nowcast: Nowcast? { extras.nowcast }
    private var airQuality: AirQuality? { extras.airQuality }
    private var airQualityScale: AirQualityScale { extras.airQualityScale }
    private var alerts: PlaceAlerts? { extras.alerts }
    /// Plain ASCII (`--ascii`, or a locale that is not UTF-8): a letter for
    /// the weather instead of an emoji, "|" between parts, no "°", names
    /// without accents.
    public var ascii = false
    /// The language of the words, its dates and its numbers. JSON and
    /// the providers' own texts are not translated.
    public var words = Words.english

    public init(forecast: Forecast, placeName: String?, hours: Int, style: TerminalStyle, source: DataSource, notice: String? = nil) {
        self.notice = notice
        self.forecast = forecast
        self.placeName = placeName
        self.hours = hours
        self.style = style
        self.source = source
    }

    private var clock: PlaceClock { PlaceClock(timeZone: forecast.timeZone, hourCycle: hourCycle) }
    private var units: ForecastUnits {
        guard ascii else { return forecast.units }
        var plain = forecast.units
        plain.temperature = plain.temperature.replacingOccurrences(of: "°", with: "")
        return plain
    }
    private var separator: String { ascii ? " | " : " · " }

    private func glyph(_ condition: WeatherCondition?, isDay: Bool = true, at time: Date? = nil) -> String? {
        guard let condition else { return nil }
        if ascii { return String(condition.asciiGlyph) }
        // A clear night shows the Moon as it is.
        let moon = isDay ? nil : time.flatMap { forecast.moonPhase(at: $0) }
        return condition.glyph(isDay: isDay, moon: moon, southernHemisphere: forecast.isSouthernHemisphere)
    }

    public func render() -> String {
        var lines = header()
        if let fix = forecast.fix { lines.append(label(words("From")) + fix.sourceSummary(words: words)) }
        if let notice { lines += fitted([style.bold(notice)], first: label(words("Stored")), indent: indent) }
        lines += alertSection()
        lines += currentSection()
        lines += todaySection()
        lines += skySection()
        lines += nowcastSection()
        lines += airSection()
        if let chart {
            let drawn = chart.render()
            if !drawn.isEmpty { lines += [""] + drawn }
        }
        lines += hoursSection()
        lines += daysSection()
        var credits = [source.attribution]
        if airQuality != nil { credits.append(DataSource.openMeteoAirQuality.attribution) }
        if case .covered(let coverage) = alerts, !coverage.active.isEmpty { credits.append(coverage.source.credit.attribution) }
        // Each credit on its own line, broken between words where the terminal is narrower.
        lines += [""] + credits.flatMap { fitted([$0], first: "", indent: "").map(style.dim) }
        let text = lines.joined(separator: "\n") + "\n"
        return ascii ? ASCIIText.fold(text) : text
    }

    private func header() -> [String] {
        let place = placeName ?? words.number(forecast.requestedCoordinate.description)
        var parts = [style.bold(place)]
        if placeName != nil { parts.append(words.number(forecast.coordinate.description)) }
        parts.append(forecast.timeZone.identifier)
        if let time = forecast.current?.time {
            parts.append("\(words.day(clock.localDate(time))) \(clock.time(time)) \(clock.offsetLabel(time))")
        }
        return fitted(parts, first: "", indent: "")
    }

    private func fitted(_ parts: [String], first: String, indent: String) -> [String] {
        FittedLines.lines(parts, first: first, indent: indent, width: width, separator: separator)
    }

    private func temperature(_ value: Double?) -> String {
        style.temperature(ValueFormat.temperature(value, unit: units.temperature),
                          celsius: ValueFormat.celsius(value, unit: units.temperature))
    }

    /// The labels' column: as wide as the longest label shown and a space
    /// (7 in English), so every line's text starts in one column.
    private var labelWidth: Int {
        var shown = ["Now", "Today", "Sky"]
        if nowcast.map({ !$0.steps.isEmpty }) == true { shown.append("Soon") }
        if airQuality != nil { shown.append("Air") }
        if notice != nil { shown.append("Stored") }
        if forecast.fix != nil { shown.append("From") }
        let labels = shown.map { TextWidth.of(words($0)) }
        return max(7, (labels.max() ?? 0) + 1)
    }
    private var indent: String { String(repeating: " ", count: labelWidth) }

    private func label(_ text: String) -> String { style.bold(TextWidth.pad(text, to: max(labelWidth, TextWidth.of(text) + 1))) }

    private func currentSection() -> [String] {
        guard let now = forecast.current else { return [] }
        let condition = now.condition
        let isDay = now.isDay ?? true
        // An answer far from the clock is shown as what it is: the time it
        // describes (the header gives its day), never "Now".
        let first = label(forecast.isOutdated(at: self.now) ? clock.time(now.time) : words("Now"))
        var weather = ""
        if let condition { weather += "\(glyph(condition, isDay: isDay, at: now.time) ?? "") \(words.condition(condition)), " }
        weather += temperature(now.temperature)
        if now.apparentTemperature != nil { weather += " (\(words("feels like {temperature}", ["temperature": temperature(now.apparentTemperature)])))" }
        var headline = [weather]
        if let difference = forecast.yesterday?.temperatureDifference {
            headline.append(YesterdayText.difference(difference, unit: units.temperature, atThisHour: true, words: words))
        }

        // What a walk outside needs, then what a barometer and the eye tell.
        var outside: [String] = []
        if now.windSpeed != nil {
            var wind = words("Wind {speed}", ["speed": words.wind(now.windSpeed, direction: now.windDirection, unit: units.windSpeed)])
            if let gusts = now.windGusts { wind += ", " + words("gusts {speed}", ["speed": words.speed(gusts, unit: units.windSpeed)]) }
            outside.append(wind)
        }
        if now.relativeHumidity != nil { outside.append(words("Humidity {value}", ["value": ValueFormat.percent(now.relativeHumidity)])) }
        if now.precipitation != nil {
            outside.append(words("Precipitation {amount}", ["amount": words.precipitation(now.precipitation, unit: units.precipitation)]))
        }
        var air: [String] = []
        if now.pressure != nil {
            let trend = forecast.pressureTrend.map { " \($0.arrow(ascii: ascii)) \(words($0.rawValue))" } ?? ""
            air.append(words("Pressure {pressure}", ["pressure": words.pressure(now.pressure, unit: units.pressure) + trend]))
        }
        if now.dewPoint != nil { air.append(words("Dew point {temperature}", ["temperature": temperature(now.dewPoint)])) }
        if now.cloudCover != nil { air.append(words("Cloud {value}", ["value": ValueFormat.percent(now.cloudCover)])) }
        if now.visibility != nil {
            air.append(words("Visibility {distance}", ["distance": words.visibility(now.visibility, unit: units.distance)]))
        }
        return fitted(headline, first: first, indent: indent)
            + [outside, air].filter { !$0.isEmpty }.flatMap { fitted($0, first: indent, indent: indent) }
    }

    private func todaySection() -> [String] {
        guard let today = forecast.today else { return [] }
        var parts: [String] = []
        if today.temperatureMax != nil {
            var high = words("High {temperature}", ["temperature": temperature(today.temperatureMax)])
            if let difference = forecast.yesterday?.highDifference {
                high += ", " + YesterdayText.difference(difference, unit: units.temperature, atThisHour: false, words: words)
            }
            parts.append(high)
        }
        if today.temperatureMin != nil { parts.append(words("Low {temperature}", ["temperature": temperature(today.temperatureMin)])) }
        if let sunrise = today.sunrise { parts.append(words("Sunrise {time}", ["time": clock.time(sunrise)])) }
        if let sunset = today.sunset { parts.append(words("Sunset {time}", ["time": clock.time(sunset)])) }
        if let uv = today.uvIndexMax { parts.append(words("UV {index}", ["index": ValueFormat.decimal(uv, places: 0)])) }
        let day = forecast.isOutdated(at: now) ? words.shortDay(today.date) : words("Today")
        return parts.isEmpty ? [] : fitted(parts, first: label(day), indent: indent)
    }

    /// The sky today, computed for the place: civil dawn and dusk, the day's
    /// length and its change since yesterday, and the Moon.
    private func skySection() -> [String] {
        let days = forecast.sky(days: 1)
        guard let today = days.first, let date = forecast.daily.first?.date else { return [] }
        let yesterday = Almanac.sun(LocalDate(daysSinceEpoch: date.daysSinceEpoch - 1), at: forecast.requestedCoordinate, timeZone: forecast.timeZone)
        let parts = SkyText.parts(today, yesterday: yesterday, clock: clock, ascii: ascii, southernHemisphere: forecast.isSouthernHemisphere, words: words)
        return fitted(parts, first: label(words("Sky")), indent: indent)
    }

    private func nowcastSection() -> [String] {
        guard let nowcast, !nowcast.steps.isEmpty else { return [] }
        let parts = [NowcastText.summary(nowcast, now: now, clock: clock, words: words), NowcastText.sparkline(nowcast, ascii: ascii)]
            + age(extras.nowcastFetchedAt)
        return fitted(parts, first: label(words("Soon")), indent: indent)
    }

    /// A line per warning in force, the worst first; or why there is none to
    /// show (no service covers the place, or some cannot be placed).
    private func alertSection() -> [String] {
        guard let alerts else { return [] }
        var lines: [String] = []
        for alert in alerts.active {
            lines += fitted(AlertText.parts(alert, clock: clock, now: now, style: style, words: words), first: label(ascii ? words("Warning") : "⚠"), indent: indent)
        }
        if case .covered(let coverage) = alerts, !coverage.active.isEmpty, now.timeIntervalSince(coverage.asOf) > 3600 {
            let asOf = "\(words.day(clock.localDate(coverage.asOf))) \(clock.time(coverage.asOf))"
            lines.append(indent + style.dim("(" + words("{service} could not be asked; as of {time}", ["service": coverage.source.name, "time": asOf]) + ")"))
        }
        if let remark = AlertText.remark(alerts, words: words) { lines += fitted([style.dim(remark)], first: label(words("Alerts")), indent: indent) }
        return lines
    }

    private func airSection() -> [String] {
        guard let airQuality else { return [] }
        var parts = AirQualityText.parts(airQuality, scale: airQualityScale, words: words)
        guard !parts.isEmpty else { return [] }
        // A reading far from the clock says when it was, not how old the fetch is.
        if airQuality.isOutdated(at: now) {
            parts.append(style.dim(words("as of {time}", ["time": "\(words.day(clock.localDate(airQuality.time))) \(clock.time(airQuality.time))"])))
        } else {
            parts += age(extras.airQualityFetchedAt)
        }
        return fitted(parts, first: label(words("Air")), indent: indent)
    }

    /// An extra kept from an earlier run says how old it is, when that matters.
    private func age(_ fetchedAt: Date?) -> [String] {
        guard let fetchedAt, now.timeIntervalSince(fetchedAt) >= 600 else { return [] }
        return [style.dim(words("{age} ago", ["age": words.age(now.timeIntervalSince(fetchedAt))]))]
    }

    /// The hours as the provider gives them: where its steps are wider than
    /// an hour (MET Norway's widen to six hours, OpenWeather's free forecast
    /// has three), a line says so, and no hour is made up in between.
    private func hoursSection() -> [String] {
        let shown = Array(forecast.upcomingHours().prefix(hours))
        let rows = shown.map { hour -> [String] in
            let condition = hour.condition
            return [
                clock.time(hour.time),
                glyph(condition, isDay: hour.isDay ?? true) ?? " ",
                ValueFormat.temperature(hour.temperature, unit: units.temperature),
                ValueFormat.percent(hour.precipitationProbability),
                words.precipitation(hour.precipitation, unit: units.precipitation),
                words.speed(hour.windSpeed, unit: units.windSpeed),
                words(ValueFormat.compass(hour.windDirection)),
            ]
        }
        guard let first = shown.first else { return [] }
        // A narrow terminal: the wind's direction goes first (the legend says
        // "wind", not where from), then the amount, which the chance outlives.
        let table = TextTable.fitted(rows, rightAligned: [2, 3, 4, 5], fitting: width, narrowing: [.drop(6), .drop(4)])
        let firstStep = first.stepHours ?? 1
        let title = firstStep == 1 ? words("Next hours") : words("Next hours, in steps of {hours} hours", ["hours": "\(firstStep)"])
        var lines = [""] + legend(title, (words(Self.hoursLegend.long), words(Self.hoursLegend.short)),
                                  naming: Self.hoursLegend.columns, shown: table.shown)
        var step = firstStep
        for (hour, line) in zip(shown, table.lines) {
            let width = hour.stepHours ?? 1
            if width != step {
                lines.append(style.dim("  " + words("then in steps of {hours} hours", ["hours": "\(width)"])))
                step = width
            }
            lines.append(line)
        }
        return lines
    }

    private func daysSection() -> [String] {
        let rows = forecast.daily.map { day -> [String] in
            let condition = day.condition
            return [
                words.day(day.date),
                glyph(condition) ?? " ",
                condition.map(words.condition) ?? ValueFormat.missing,
                ValueFormat.temperature(day.temperatureMax, unit: units.temperature),
                "/",
                ValueFormat.temperature(day.temperatureMin, unit: units.temperature),
                ValueFormat.percent(day.precipitationProbabilityMax),
                words.speed(day.windSpeedMax, unit: units.windSpeed),
            ]
        }
        guard !rows.isEmpty else { return [] }
        // A narrow terminal (a split pane, a phone): the condition's name goes
        // before the rows run off the edge (its symbol says it still), then
        // the month (the days follow each other: "Tue 29", "Wed 30", "Thu 1"),
        // then the wind (Polish's "22 km/godz." at 40 columns).
        let table = TextTable.fitted(rows, rightAligned: [3, 5, 6, 7], fitting: width,
                                     narrowing: [.drop(2), .shorten(0, to: { words.shortDay(forecast.daily[$0].date) }), .drop(7)])
        return [""] + legend(words("Coming days"), (words(Self.daysLegend.long), words(Self.daysLegend.short)),
                             naming: Self.daysLegend.columns, shown: table.shown) + table.lines
    }

    /// A table's title and what its columns are, fitted to the width (the
    /// legend goes on under the title, dim, where the line would be too long).
    /// The short legend where the long one would not fit on the title's line.
    /// A part of the legend names the columns `naming` gives for it, and is
    /// left out with them when the table had to leave them out to fit.
    private func legend(_ title: String, _ legend: (long: String, short: String), naming: [[Int]], shown: [Int]) -> [String] {
        let long = title + "  " + legend.long
        let text = width.map { TextWidth.of(long) > $0 } == true ? legend.short : legend.long
        var parts = text.components(separatedBy: " · ")
        // A catalog that joined the parts otherwise keeps its legend whole.
        if parts.count == naming.count {
            parts = zip(parts, naming).filter { _, columns in columns.contains(where: shown.contains) }.map(\.0)
        }
        return fitted(parts.map(style.dim), first: style.bold(title) + "  ", indent: String(repeating: " ", count: 2))
    }

    /// What the columns are, so "80% 22 km/h" reads as a chance of
    /// precipitation and a wind: one line, so the columns stay narrow.
    /// `columns`: the table's columns each part of the legend names.
    static let hoursLegend = (long: "temperature · chance of precipitation · amount · wind", short: "temperature · chance · amount · wind",
                              columns: [[2], [3], [4], [5, 6]])
    static let daysLegend = (long: "high / low · chance of precipitation · strongest wind", short: "high / low · chance · wind",
                             columns: [[3, 4, 5], [6], [7]])
}
