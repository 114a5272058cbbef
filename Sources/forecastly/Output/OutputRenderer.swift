import ForecastCore
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
    var showsAirQuality: Bool {
        switch self {
        case .report, .json: true
        case .line(let template), .waybar(let template): template.showsAirQuality
        }
    }

    /// Whether what is printed shows the next two hours: the report and JSON do, a line only with `%N`.
    var showsNowcast: Bool {
        switch self {
        case .report, .json: true
        case .line(let template), .waybar(let template): template.showsNowcast
        }
    }

    /// Scripts read stdout; a spinner belongs on an interactive stderr only.
    var wantsProgress: Bool {
        if case .report = self { return Terminal.standardError.isTerminal }
        return false
    }

    func render(
        _ forecast: Forecast, units: UnitSystem, placeName: String?, hours: Int,
        place: GazetteerPlace? = nil, origin: ForecastOrigin? = nil,
        airQuality: AirQuality? = nil, airQualityScale: AirQualityScale = .european, nowcast: Nowcast? = nil
    ) -> String {
        switch self {
        case .report(let settings):
            var report = ForecastReport(forecast: forecast, placeName: placeName, hours: hours, style: settings.style,
                                        source: forecast.provider.source, notice: origin?.label(now: Date()))
            report.width = settings.width
            report.hourCycle = settings.clock
            report.ascii = settings.ascii
            report.airQuality = airQuality
            report.nowcast = nowcast
            report.airQualityScale = airQualityScale
            if settings.chart {
                report.chart = TerminalMeteogram(forecast: forecast, width: settings.width, ascii: settings.ascii, style: settings.style)
            }
            return report.render()
        case .json:
            var document = ForecastDocument(
                forecast: forecast, placeName: placeName, unitSystem: units, source: forecast.provider.source, generatedAt: Date(),
                place: place, origin: origin
            )
            document.airQuality = airQuality
            document.nowcast = nowcast
            document.airQualityScale = airQualityScale
            return String(decoding: document.encoded(), as: UTF8.self) + "\n"
        case .line(var template):
            template.nowcast = nowcast
            template.airQuality = airQuality
            template.airQualityScale = airQualityScale
            return template.render(forecast, placeName: placeName) + "\n"
        case .waybar(var template):
            template.nowcast = nowcast
            template.airQuality = airQuality
            template.airQualityScale = airQualityScale
            let stale: Bool = switch origin {
            case .stale?, .offline?: true
            default: false
            }
            return WaybarLine(forecast: forecast, placeName: placeName, template: template, isStale: stale).render()
        }
    }
}
