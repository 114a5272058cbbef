import ForecastCore
import ForecastPresentation
import Foundation
import Places

/// How a finished forecast is written to stdout.
enum OutputRenderer {
    /// The report, fitted to `width` columns (COLUMNS, the terminal, or 80).
    case report(TerminalStyle, chart: ChartSettings?, width: Int)
    case json
    case line(LineTemplate)
    case waybar(LineTemplate)

    /// Scripts read stdout; a spinner belongs on an interactive stderr only.
    var wantsProgress: Bool {
        if case .report = self { return Terminal.standardError.isTerminal }
        return false
    }

    func render(
        _ forecast: Forecast, units: UnitSystem, placeName: String?, hours: Int,
        place: GazetteerPlace? = nil, origin: ForecastOrigin? = nil
    ) -> String {
        switch self {
        case .report(let style, let chart, let width):
            var report = ForecastReport(forecast: forecast, placeName: placeName, hours: hours, style: style, source: forecast.provider.source,
                                        notice: origin?.label(now: Date()))
            report.width = width
            report.chart = chart.map { TerminalMeteogram(forecast: forecast, width: $0.width, ascii: $0.ascii, style: style) }
            return report.render()
        case .json:
            let document = ForecastDocument(
                forecast: forecast, placeName: placeName, unitSystem: units, source: forecast.provider.source, generatedAt: Date(),
                place: place, origin: origin
            )
            return String(decoding: document.encoded(), as: UTF8.self) + "\n"
        case .line(let template):
            return template.render(forecast, placeName: placeName) + "\n"
        case .waybar(let template):
            let stale: Bool = switch origin {
            case .stale?, .offline?: true
            default: false
            }
            return WaybarLine(forecast: forecast, placeName: placeName, template: template, isStale: stale).render()
        }
    }
}
