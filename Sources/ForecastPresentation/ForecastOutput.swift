public import ForecastCore
public import ForecastlyBase
public import ForecastlyLocalization
import Foundation
public import Places

/// How a finished forecast is written: the report, JSON, one line, or
/// Waybar's object. A front end chooses one from its options and hands it
/// every forecast.
public enum ForecastOutput: Sendable {
    /// The report, fitted to the width, with the chart when asked.
    case report(ReportSettings)
    case json
    case line(LineTemplate)
    case waybar(LineTemplate)

    /// Whether what is printed shows the air: the report and JSON do, a line only with `%Q`.
    public var showsAirQuality: Bool { shows(.airQuality) }

    /// Whether what is printed shows the next two hours: the report and JSON do, a line only with `%N`.
    public var showsNowcast: Bool { shows(.nowcast) }

    /// Whether what is printed shows warnings: the report, JSON and Waybar
    /// (its class and tooltip) do, a line only with `%A`.
    public var showsAlerts: Bool {
        if case .waybar = self { return true }
        return shows(.alerts)
    }

    private func shows(_ placeholder: LineTemplate.Placeholder) -> Bool {
        switch self {
        case .report, .json: true
        case .line(let template), .waybar(let template): template.shows(placeholder)
        }
    }

    /// What a failed run prints on standard output, where its readers need a
    /// line anyway (Waybar: `WaybarLine.failure`); nil for the others, which say it on stderr only.
    public func failureLine(_ why: String, status: ExitStatus) -> String? {
        if case .waybar = self { return WaybarLine.failure(why, status: status) }
        return nil
    }

    /// The language of the words it writes: JSON's are English.
    public var words: Words {
        switch self {
        case .report(let settings): settings.words
        case .line(let template), .waybar(let template): template.words
        case .json: .english
        }
    }

    /// Whether it is the report (scripts read the others: no spinner).
    public var isReport: Bool {
        if case .report = self { return true }
        return false
    }

    /// The forecast as this output writes it; `oneLine`: JSON as one line,
    /// for a stream of answers (`--watch --json`, JSON Lines). `warnings`,
    /// the run's own in the reader's words, go into Waybar's line, which
    /// is read where stderr is not; the others leave them to stderr.
    public func render(
        _ forecast: Forecast, units: MeasurementUnits, placeName: String?, hours: Int,
        place: GazetteerPlace? = nil, origin: ForecastOrigin? = nil, extras: ForecastExtras = ForecastExtras(), oneLine: Bool = false,
        warnings: [String] = []
    ) -> String {
        // Every output shows the forecast in the units chosen for each quantity.
        let forecast = forecast.converted(to: units)
        switch self {
        case .report(let settings):
            var report = ForecastReport(forecast: forecast, placeName: placeName, hours: hours, style: settings.style,
                                        source: forecast.provider.source, notice: origin?.label(now: Date(), words: settings.words))
            report.width = settings.width
            report.hourCycle = settings.clock
            report.ascii = settings.ascii
            report.words = settings.words
            report.extras = extras
            if settings.chart {
                var chart = TerminalMeteogram(forecast: forecast, width: settings.width, ascii: settings.ascii, style: settings.style)
                chart.words = settings.words
                report.chart = chart
            }
            return report.render()
        case .json:
            var document = ForecastDocument(
                forecast: forecast, placeName: placeName, units: units, source: forecast.provider.source, generatedAt: Date(),
                place: place, origin: origin
            )
            document.extras = extras
            return String(decoding: document.encoded(oneLine: oneLine), as: UTF8.self) + "\n"
        case .line(var template):
            template.extras = extras
            return template.render(forecast, placeName: placeName, place: place) + "\n"
        case .waybar(var template):
            template.extras = extras
            var line = WaybarLine(forecast: forecast, placeName: placeName, place: place, template: template, origin: origin)
            line.warnings = warnings
            return line.render()
        }
    }
}

/// How the report is drawn: colour, width (COLUMNS, the terminal, or 80),
/// clock, characters, and whether `--chart` adds the meteogram.
public struct ReportSettings: Sendable {
    public var style: TerminalStyle
    public var width: Int
    public var clock: HourCycle
    public var ascii: Bool
    public var chart: Bool
    public var words = Words.english

    public init(style: TerminalStyle, width: Int, clock: HourCycle, ascii: Bool, chart: Bool) {
        self.style = style
        self.width = width
        self.clock = clock
        self.ascii = ascii
        self.chart = chart
    }
}
