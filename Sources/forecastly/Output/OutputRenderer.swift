import ForecastCore
import ForecastlyApp
import ForecastPresentation
import Foundation
import Places

/// How a finished forecast is written to stdout.
enum OutputRenderer {
    /// The report, fitted to the width, with the chart when asked.
    case report(ReportSettings)
    case json
    case line(LineTemplate)
    case waybar(LineTemplate)

    /// Whether what is printed shows the air: the report and JSON do, a line only with `%Q`.
    var showsAirQuality: Bool { shows(.airQuality) }

    /// Whether what is printed shows the next two hours: the report and JSON do, a line only with `%N`.
    var showsNowcast: Bool { shows(.nowcast) }

    /// Whether what is printed shows warnings: the report, JSON and Waybar
    /// (its class and tooltip) do, a line only with `%A`.
    var showsAlerts: Bool {
        if case .waybar = self { return true }
        return shows(.alerts)
    }

    private func shows(_ placeholder: LineTemplate.Placeholder) -> Bool {
        switch self {
        case .report, .json: true
        case .line(let template), .waybar(let template): template.shows(placeholder)
        }
    }

    /// Scripts read stdout; a spinner belongs on an interactive stderr only.
    var wantsProgress: Bool {
        if case .report = self { return Terminal.standardError.isTerminal }
        return false
    }

    /// The answer as this output writes it.
    func render(_ answer: ForecastAnswer, units: UnitSystem, hours: Int) -> String {
        render(answer.forecast, units: units, placeName: answer.placeName, hours: hours, place: answer.place, origin: answer.origin,
               extras: answer.extras)
    }

    func render(
        _ forecast: Forecast, units: UnitSystem, placeName: String?, hours: Int,
        place: GazetteerPlace? = nil, origin: ForecastOrigin? = nil, extras: ForecastExtras = ForecastExtras()
    ) -> String {
        switch self {
        case .report(let settings):
            var report = ForecastReport(forecast: forecast, placeName: placeName, hours: hours, style: settings.style,
                                        source: forecast.provider.source, notice: origin?.label(now: Date()))
            report.width = settings.width
            report.hourCycle = settings.clock
            report.ascii = settings.ascii
            report.extras = extras
            if settings.chart {
                report.chart = TerminalMeteogram(forecast: forecast, width: settings.width, ascii: settings.ascii, style: settings.style)
            }
            return report.render()
        case .json:
            var document = ForecastDocument(
                forecast: forecast, placeName: placeName, unitSystem: units, source: forecast.provider.source, generatedAt: Date(),
                place: place, origin: origin
            )
            document.extras = extras
            return String(decoding: document.encoded(), as: UTF8.self) + "\n"
        case .line(var template):
            template.extras = extras
            return template.render(forecast, placeName: placeName) + "\n"
        case .waybar(var template):
            let stale: Bool = switch origin {
            case .stale?, .offline?: true
            default: false
            }
            template.extras = extras
            return WaybarLine(forecast: forecast, placeName: placeName, template: template, isStale: stale).render()
        }
    }
}
