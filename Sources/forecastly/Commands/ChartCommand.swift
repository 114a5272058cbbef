import ArgumentParser
import ForecastlyLocalization
import ForecastlyApp
import ForecastlyBase
import ForecastlySettings
import ForecastPresentation

/// `forecastly chart --svg FILE`: the coming hours as an SVG meteogram.
struct ChartCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chart",
        abstract: "Draw the coming hours as an SVG meteogram (temperature, precipitation, wind).",
        discussion: """
        Example: forecastly chart --city Oslo --svg oslo.svg   (or --svg - for stdout)
        The picture opens in any browser. For a chart in the terminal, use
        'forecastly --chart'.
        """
    )

    @OptionGroup var place: PlaceOptions
    @OptionGroup(title: "Forecast") var forecastOptions: ForecastOptions
    @OptionGroup(title: "Service") var service: ServiceOptions
    @OptionGroup(title: "Cache") var cache: CacheOptions

    @Option(help: ArgumentHelp("Where to write the SVG; - for stdout.", valueName: "file"), completion: .file(extensions: ["svg"]))
    var svg: String

    @OptionGroup var display: DisplayOptions

    func validate() throws {
        try place.checkOnePlace(for: "chart")
        guard !svg.isEmpty else { throw UsageMistake.error(MessageText("--svg needs a file name, or - for stdout.")) }
    }

    func run() async throws {
        Diagnostics.bootstrap(verbose: display.verbose)
        if svg != "-" { try OutputFile.check(svg) }
        var flags = forecastOptions.flags(service: service)
        flags.language = display.lang
        let settings = try Settings.forRun(flags)
        let forecast = ForecastSettings(
            place: try place.choice(settings: settings), days: settings.days.value,
            service: service.settings(settings), cache: cache.policy)
        let answer = try await CommandLineApp.with(timeout: service.timeout) { application in
            cache.offline ? try application.storedForecast(forecast) : try await application.forecast(forecast)
        }
        RunNotes.print(answer.notes)
        RunNotes.printStaleness(answer, drawing: true)
        var chart = MeteogramSVG(forecast: answer.forecast.converted(to: settings.measurementUnits),
                                 placeName: answer.placeLabel?.said(settings.words, distance: settings.measurementUnits.distance))
        chart.words = settings.words
        let picture = chart.render()
        if svg == "-" {
            Terminal.standardOutput.writeDocument(picture)
        } else {
            // As `> FILE` would write it: through a symlink, keeping an existing
            // file's mode, never into a device, a FIFO or a directory.
            try OutputFile.write(Array(picture.utf8), to: svg)
            Terminal.standardError.writeLine("forecastly: " + UserLanguage.words()("chart written to {path}", ["path": svg.strippingTerminalControls(limit: 200)]))
        }
        RunNotes.warn(unwritten: answer.unwrittenCaches)
    }
}
