import ArgumentParser
import ForecastCore
import ForecastPresentation
import Foundation

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

    @Flag(help: "Print one JSON line for Waybar's custom module (text, tooltip, class, alt); its text follows --format. With --watch, one line per refresh.")
    var waybar = false

    @Flag(help: "Add a chart of the coming hours to the report: temperature, chance and amount of precipitation, as wide as the terminal (COLUMNS).")
    var chart = false

    @Flag(help: "Draw the chart in plain ASCII (the default when the locale is not UTF-8).")
    var ascii = false

    @Flag(name: .customLong("no-color"), help: "Never colour the output (NO_COLOR works too).")
    var noColor = false

    @Flag(help: "Log what happens to stderr.")
    var verbose = false

    func check() throws {
        if chart, json || format != nil || oneline || waybar {
            throw ValidationError("--chart belongs to the report; leave out --json, --format, --oneline and --waybar.")
        }
        if ascii, json || format != nil || oneline || waybar {
            throw ValidationError("--ascii draws the report in plain ASCII; leave it out with --json, --format, --oneline and --waybar.")
        }
        let modes = [json, format != nil && !waybar, oneline, waybar].filter { $0 }.count
        guard modes <= 1 else { throw ValidationError("Choose one of --json, --format, --oneline and --waybar (--waybar takes --format for its text).") }
        do {
            _ = try renderer()
        } catch let error as ForecastError {
            throw ValidationError(error.summary)
        }
    }

    func renderer() throws -> OutputRenderer {
        if json { return .json }
        if waybar { return .waybar(try LineTemplate(format ?? LineTemplate.defaultLine)) }
        if let format { return .line(try LineTemplate(format)) }
        if oneline { return .line(try LineTemplate(LineTemplate.defaultLine)) }
        let environment = ProcessInfo.processInfo.environment
        let style = TerminalStyle.detect(isTerminal: Terminal.standardOutput.isTerminal, environment: environment, disabled: noColor)
        let width = Terminal.standardOutput.width(environment: environment)
        let chart = chart ? ChartSettings(width: width, ascii: ascii || !Terminal.localeIsUTF8(environment: environment)) : nil
        return .report(style, chart: chart, width: width)
    }
}

/// The terminal meteogram's size and characters, for `--chart`.
struct ChartSettings: Sendable {
    var width: Int
    var ascii: Bool
}
