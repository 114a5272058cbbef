import ArgumentParser
import ForecastCore
import ForecastlyBase
import ForecastlyLocalization
import ForecastPresentation
import Foundation

extension AirQualityScale: ArgumentChoice {}

struct OutputOptions: ParsableArguments {
    @Flag(help: "Print JSON for scripts (its schema: the JSONSchema article of ForecastPresentation's documentation).")
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

    @OptionGroup var drawing: DrawingOptions
    var clock: HourCycle? { drawing.clock }

    @Flag(name: .customLong("no-air-quality"), help: "Leave out the air quality (shown in the report and JSON; or air-quality = false in config.toml).")
    var noAirQuality = false

    @Flag(name: .customLong("no-nowcast"), help: "Leave out the next two hours' rain (shown in the report and JSON; or nowcast = false in config.toml).")
    var noNowcast = false

    @Flag(name: .customLong("no-alerts"), help: "Leave out official weather warnings (shown in the report and JSON; or alerts = false in config.toml).")
    var noAlerts = false

    @Option(help: ArgumentHelp("The air-quality index: european or us (default: european in Europe, us elsewhere).", valueName: "index"))
    var aqi: AirQualityScale?

    @OptionGroup var display: DisplayOptions
    var lang: Language? { display.lang }
    var noColor: Bool { display.noColor }
    var verbose: Bool { display.verbose }

    func validate() throws {
        if chart, json || format != nil || oneline || waybar {
            throw UsageMistake.error(MessageText("--chart belongs to the report; leave out --json, --format, --oneline and --waybar."))
        }
        if drawing.ascii, json || format != nil || oneline || waybar {
            throw UsageMistake.error(MessageText("--ascii draws the report in plain ASCII; leave it out with --json, --format, --oneline and --waybar."))
        }
        let modes = [json, format != nil && !waybar, oneline, waybar].filter { $0 }.count
        guard modes <= 1 else { throw UsageMistake.error(MessageText("Choose one of --json, --format, --oneline and --waybar (--waybar takes --format for its text).")) }
        do {
            _ = try renderer(clock: .twentyFourHour, words: .english)
        } catch let error as ForecastError {
            throw UsageMistake.error(error.summaryMessage)
        }
    }

    /// How the forecast is written; `clock` and `words` are the settings' values.
    func renderer(clock: HourCycle, words: Words) throws -> ForecastOutput {
        if json { return .json }
        // Text follows the locale's character set: ASCII unless it is UTF-8,
        // and English where the language has no Latin letters to fold to.
        let ascii = drawing.drawsASCII
        let words = words.forASCII(ascii)
        func template(_ text: String) throws -> LineTemplate {
            var template = try LineTemplate(text)
            template.hourCycle = clock
            template.words = words
            return template
        }
        if waybar { return .waybar(try template(format ?? LineTemplate.defaultLine)) }  // JSON: UTF-8 always
        if let format {
            var line = try template(format)
            line.ascii = ascii
            return .line(line)
        }
        if oneline {
            var line = try template(LineTemplate.defaultLine)
            line.ascii = ascii
            line.marksOutdated = true
            return .line(line)
        }
        let environment = ProcessEnvironment.variables
        let style = TerminalStyle.detect(isTerminal: Terminal.standardOutput.isTerminal, environment: environment, disabled: noColor)
        let width = Terminal.standardOutput.width(environment: environment)
        var report = ReportSettings(style: style, width: width, clock: clock, ascii: ascii, chart: chart)
        report.words = words
        return .report(report)
    }
}
