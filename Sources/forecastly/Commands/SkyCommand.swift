import ArgumentParser
import ForecastCore
import ForecastlyBase
import ForecastlyLocalization
import ForecastlySettings
import ForecastPresentation
import Foundation

/// `forecastly sky`: the Sun and the Moon at the place for the coming days,
/// computed on this machine.
struct SkyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sky",
        abstract: "Show the Sun and the Moon at the place for the coming days.",
        discussion: """
        Examples:
          forecastly sky Tromsø --days 3
          forecastly sky Kyiv --date 2026-12-21 --days 1
        Civil dawn and dusk, sunrise and sunset, the day's length and how it
        changed since the day before, the Moon's phase and moonrise and
        moonset, in the place's time zone. Computed on this machine: no
        weather service is asked. Where the Sun does not rise or set, the
        day says "Polar night" or "Polar day". --json prints the place and
        the same "sky" array as the forecast's JSON.
        """
    )

    @OptionGroup var place: PlaceOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("Days to show from today (or from --date), 1…16.", valueName: "days"))
    var days = 7

    @Option(help: ArgumentHelp("The first day to show, any day (YYYY-MM-DD); default today in the place's time zone.", valueName: "date"))
    var date: String?

    @Flag(help: "Print JSON for scripts (the forecast's \"sky\" array, with the place).")
    var json = false

    @OptionGroup var drawing: DrawingOptions
    @OptionGroup var waiting: TimeoutOptions
    @OptionGroup var display: DisplayOptions

    func validate() throws {
        try place.checkOnePlace(for: "sky")
        _ = try firstDay()
        guard (1...16).contains(days) else { throw UsageMistake.error(MessageText("--days must be between 1 and 16; got {value}.", ["value": "\(days)"])) }
        try drawing.check(json: json)
    }

    /// `--date`, read.
    private func firstDay() throws -> LocalDate? {
        guard let date else { return nil }
        guard let day = LocalDate(iso8601: date.trimmingWhitespace()), (1..<10_000).contains(day.year) else {
            throw UsageMistake.error(MessageText("--date takes a day as YYYY-MM-DD, such as 2026-12-21; got “{text}”.", ["text": String(date.prefix(40))]))
        }
        return day
    }

    func run() async throws {
        Diagnostics.bootstrap(verbose: display.verbose)
        let settings = try Settings.forRun(Settings.Flags(clock: drawing.clock, language: display.lang))
        let choice = try place.choice(settings: settings)
        let first = try firstDay()
        let answer = try await CommandLineApp.with(timeout: waiting.timeout) { application in
            try await Spinner.while(Terminal.standardError.isTerminal) { try await application.sky(at: choice, days: days, from: first, progress: $0) }
        }
        RunNotes.print(answer.notes)
        if json {
            let document = SkyDocument(days: answer.days, dayBefore: answer.dayBefore, coordinate: answer.coordinate,
                                       placeName: answer.placeName, timeZone: answer.timeZone)
            Terminal.standardOutput.writeJSON(document.encoded())
        } else {
            let environment = ProcessEnvironment.variables
            var report = SkyReport(days: answer.days, dayBefore: answer.dayBefore, coordinate: answer.coordinate,
                                   placeName: answer.placeLabel?.said(settings.words, distance: settings.measurementUnits.distance),
                                   timeZone: answer.timeZone,
                                   style: TerminalStyle.detect(isTerminal: Terminal.standardOutput.isTerminal, environment: environment, disabled: display.noColor))
            report.hourCycle = settings.clock.value
            report.width = Terminal.standardOutput.width(environment: environment)
            report.ascii = drawing.drawsASCII
            report.words = settings.words.forASCII(report.ascii)
            Terminal.standardOutput.write(report.render())
        }
        RunNotes.warn(unwritten: answer.unwrittenCaches)
    }
}
