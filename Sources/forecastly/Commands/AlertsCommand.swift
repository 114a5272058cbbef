import ArgumentParser
import ForecastlyApp
import ForecastlyBase
import ForecastlyLocalization
import ForecastlySettings
import ForecastPresentation
import Foundation

/// `forecastly alerts`: the official warnings in force at the place, in
/// full (description, instruction, areas, sender, link).
struct AlertsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "alerts",
        abstract: "Show the official weather warnings in force at the place, in full.",
        discussion: """
        Example: forecastly alerts --city "Hilo, US"
        Warnings come from the US National Weather Service (the United States
        and its territories), MET Norway (Norway) and MeteoAlarm (Europe's
        national services); anywhere else no warning service covers the place,
        and forecastly says so. The report shows one line per warning above
        "Now"; the forecast's --json has them under "alerts", as does
        'forecastly alerts --json'.
        """
    )

    @OptionGroup var place: PlaceOptions
    @OptionGroup(title: "Service") var service: ServiceOptions

    @Flag(help: "Ask the warning service now, unless it asked for time between requests (then its stored answer, and when it may be asked).")
    var refresh = false

    @Flag(help: "No network: show the warnings stored for the place, with their time.")
    var offline = false

    @Flag(help: "Print JSON for scripts (the place, and \"alerts\" and \"alertService\" as in the forecast's JSON).")
    var json = false

    @OptionGroup var drawing: DrawingOptions
    @OptionGroup var display: DisplayOptions

    func validate() throws {
        try place.checkOnePlace(for: "alerts")
        try drawing.check(json: json)
        if offline, refresh { throw UsageMistake.error(MessageText("--offline and --refresh contradict each other; choose one.")) }
    }

    private var cache: AlertsCachePolicy { offline ? .offline : refresh ? .refresh : .asTermsAllow }

    func run() async throws {
        Diagnostics.bootstrap(verbose: display.verbose)
        let settings = try Settings.forRun(Settings.Flags(provider: service.provider, clock: drawing.clock, apiKey: service.apiKey, language: display.lang))
        let choice = try place.choice(settings: settings)
        let answer = try await CommandLineApp.with(timeout: service.timeout) { application in
            try await Spinner.while(Terminal.standardError.isTerminal) { try await application.alerts(at: choice, service: service.settings(settings), cache: cache, progress: $0) }
        }
        RunNotes.print(answer.notes)
        if json {
            let document = AlertsDocument(alerts: answer.alerts, placeName: answer.placeName, timeZone: answer.timeZone, generatedAt: Date())
            Terminal.standardOutput.writeJSON(document.encoded())
            RunNotes.warn(unwritten: answer.unwrittenCaches)
            return
        }
        let style = TerminalStyle.detect(isTerminal: Terminal.standardOutput.isTerminal, environment: ProcessEnvironment.variables, disabled: display.noColor)
        let text = AlertText.full(answer.alerts, placeName: answer.placeLabel.said(settings.words, distance: settings.measurementUnits.distance),
                                  clock: PlaceClock(timeZone: answer.timeZone, hourCycle: settings.clock.value), now: Date(), style: style,
                                  words: settings.words.forASCII(drawing.drawsASCII))
        Terminal.standardOutput.write(drawing.ascii ? ASCIIText.fold(text) : text)
        RunNotes.warn(unwritten: answer.unwrittenCaches)
    }
}
