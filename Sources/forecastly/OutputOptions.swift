import ArgumentParser
import ForecastCore
import Foundation
import LocationProvider
import Places

struct OutputOptions: ParsableArguments {
    @Flag(help: "Print JSON for scripts (schema in the README).")
    var json = false

    @Option(help: ArgumentHelp(
        "Print one line from a template, e.g. \"%l: %c %t %w\".",
        discussion: LineTemplate.Placeholder.allCases.map { "%\($0.rawValue)  \($0.help)" }.joined(separator: "\n")
            + "\n%%  a percent sign",
        valueName: "template"))
    var format: String?

    @Flag(help: "Print one line for a status bar (same as --format \"\(LineTemplate.defaultLine)\").")
    var oneline = false

    @Flag(name: .customLong("no-color"), help: "Never colour the output (NO_COLOR works too).")
    var noColor = false

    @Flag(help: "Log what happens to stderr.")
    var verbose = false

    func check() throws {
        let modes = [json, format != nil, oneline].filter { $0 }.count
        guard modes <= 1 else { throw ValidationError("Choose one of --json, --format and --oneline.") }
        do {
            _ = try renderer()
        } catch let error as ForecastError {
            throw ValidationError(error.summary)
        }
    }

    func renderer() throws -> OutputRenderer {
        if json { return .json }
        if let format { return .line(try LineTemplate(format)) }
        if oneline { return .line(try LineTemplate(LineTemplate.defaultLine)) }
        let style = TerminalStyle.detect(
            isTerminal: Terminal.standardOutput.isTerminal,
            environment: ProcessInfo.processInfo.environment,
            disabled: noColor
        )
        return .report(style)
    }
}

/// How a finished forecast is written to stdout.
enum OutputRenderer {
    case report(TerminalStyle)
    case json
    case line(LineTemplate)

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
        case .report(let style):
            return ForecastReport(forecast: forecast, placeName: placeName, hours: hours, style: style, source: .openMeteo,
                                  notice: origin?.label(now: Date())).render()
        case .json:
            let document = ForecastDocument(
                forecast: forecast, placeName: placeName, unitSystem: units, source: .openMeteo, generatedAt: Date(),
                place: place, origin: origin
            )
            return String(decoding: document.encoded(), as: UTF8.self) + "\n"
        case .line(let template):
            return template.render(forecast, placeName: placeName) + "\n"
        }
    }
}
