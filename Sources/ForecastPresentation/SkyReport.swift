public import ForecastCore
public import ForecastlyBase
public import ForecastlyLocalization
public import Foundation

/// `forecastly sky`: the Sun and the Moon for the coming days, in the
/// report's style (as wttr.in's `/Moon` shows the Moon):
///
///     Kyiv, UA · 50.4500°N, 30.5200°E · Europe/Kyiv
///     Sat 21 Nov  Dawn 06:44 · Sunrise 07:21 · Sunset 16:05 · Dusk 16:42
///                 Day 8 h 44 min (-2 min 39 s)
///                 🌔 Waxing gibbous 86% · Moonset 03:07 · Moonrise 14:02
public struct SkyReport: Sendable {
    public var days: [SkyDay]
    public var dayBefore: SunDay?
    public var coordinate: Coordinate
    public var placeName: String?
    public var timeZone: TimeZone
    public var style: TerminalStyle
    public var hourCycle: HourCycle = .twentyFourHour
    public var width: Int?
    public var ascii = false
    public var words = Words.english

    public init(days: [SkyDay], dayBefore: SunDay?, coordinate: Coordinate, placeName: String?, timeZone: TimeZone, style: TerminalStyle) {
        self.days = days
        self.dayBefore = dayBefore
        self.coordinate = coordinate
        self.placeName = placeName
        self.timeZone = timeZone
        self.style = style
    }

    public func render() -> String {
        let separator = ascii ? " | " : " · "
        let clock = PlaceClock(timeZone: timeZone, hourCycle: hourCycle)
        var header = [style.bold(placeName ?? words.number(coordinate.description))]
        if placeName != nil { header.append(words.number(coordinate.description)) }
        header.append(timeZone.identifier)
        var lines = FittedLines.lines(header, first: "", indent: "", width: width, separator: separator)
        // The days' column as wide as its longest day ("Sat 21 Nov", "Sa. 21. Nov.").
        let column = (days.map { TextWidth.of(words.day($0.date)) }.max() ?? 10) + 2
        let indent = String(repeating: " ", count: column)
        var previous = dayBefore
        for day in days {
            let label = style.bold(TextWidth.pad(words.day(day.date), to: column))
            let sun = SkyText.sun(day, yesterday: previous, clock: clock, ascii: ascii, sunriseAndSunset: true, words: words)
            let moon = SkyText.moon(day, clock: clock, ascii: ascii, southernHemisphere: coordinate.latitude < 0, words: words)
            lines += FittedLines.lines(sun, first: label, indent: indent, width: width, separator: separator)
            lines += FittedLines.lines(moon, first: indent, indent: indent, width: width, separator: separator)
            previous = day.sun
        }
        let computed = words("Sun and Moon computed on this machine.")
        lines += [""] + (width.map { TextWidth.paragraph(computed, width: $0) } ?? [computed]).map(style.dim)
        let text = lines.joined(separator: "\n") + "\n"
        return ascii ? ASCIIText.fold(text) : text
    }
}
