import ForecastCore
import ForecastlyApp
import ForecastlyBase
import ForecastlyLocalization
import ForecastPresentation
import Foundation

/// A comparison as the user sees it: one line on stderr for each name that
/// failed, then the table (or JSON) of the rest; the run fails with the
/// first real failure's status once everything is printed.
enum ComparisonOutput {
    static func print(_ result: Comparison, units: MeasurementUnits, words: Words = .english, provider: WeatherProvider, json: Bool, noColor: Bool) throws {
        let entries = result.entries
        var failure: ExitStatus?
        // Which place an ambiguous name was taken to mean, as --city says it.
        for case .forecast(let resolution, _) in entries {
            if let note = resolution.ambiguityMessage { Terminal.standardError.writeLine("forecastly: note: \(words.say(note))") }
        }
        for case .failed(_, let error) in entries {
            Terminal.standardError.writeLine("forecastly: \(words.line(error))")
            // A repeated name is only a note; a name that is not found fails the run.
            if !(error is DuplicatePlace) { failure = failure ?? error.exitStatus }
        }
        RunNotes.print(result.notes)
        if json {
            var document = ComparisonDocument(entries: entries, units: units, source: provider.source, generatedAt: Date())
            document.alerts = result.alerts
            document.origins = result.origins
            Terminal.standardOutput.writeJSON(document.encoded())
        } else {
            let style = TerminalStyle.detect(
                isTerminal: Terminal.standardOutput.isTerminal, environment: ProcessEnvironment.variables, disabled: noColor)
            var report = ComparisonReport(entries: entries, style: style, source: provider.source)
            report.alerts = result.alerts
            report.ascii = Terminal.asciiOnly
            report.units = units
            report.words = words.forASCII(report.ascii)
            Terminal.standardOutput.write(report.render())
        }
        if let failure { throw SilentExit(status: failure) }
        RunNotes.warn(unwritten: result.unwrittenCaches)
    }
}
