import ArgumentParser
import ForecastCore
import ForecastlyApp
import ForecastlyBase
import ForecastlySettings
import ForecastlySimulation
import ForecastPresentation
import Foundation

extension SimulatedState: ArgumentChoice {}
extension SimulatedFailure: ArgumentChoice {}

extension SimulatedSource: ArgumentChoice {}

/// `forecastly simulate`: stories and permission states played through the
/// product (`play`, the default), or to other programs (`serve`).
struct SimulateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Show what a user sees in a location permission state, or play a story to other programs.",
        discussion: """
        Examples:
          forecastly simulate --authorization denied
          forecastly simulate --scenario story.json
          forecastly simulate --track commute.gpx --speed 60
        To other programs, and driven while it plays:
          forecastly simulate serve --scenario story.json --speed 10
          forecastly simulate ctl status
        'forecastly simulate play --help' lists the options of the first three.
        """,
        subcommands: [SimulatePlayCommand.self, SimulateServeCommand.self, SimulateControlCommand.self],
        defaultSubcommand: SimulatePlayCommand.self
    )
}

/// `forecastly simulate [play]`: the real pipeline (permission, locating,
/// forecast, rendering) over a simulated location source, with the
/// permission state kept in memory. Nothing the user decided is read or changed.
struct SimulatePlayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Show what a user sees in a location permission state, using a simulated location source.",
        discussion: """
        Example stories are in Examples/scenarios. A scenario (JSON, its format in
        the DocC article Scenarios) plays a whole permission story through the
        application and its watch on a virtual clock, and checks the invariants
        at every step; a broken one exits 1 naming the step. A --track alone is
        replayed through the watch: a forecast at the start and at every move
        of more than 3 km.
        """
    )

    @OptionGroup var options: SimulatePlayOptions

    func run() async throws { try await options.run() }
}

extension SimulatePlayOptions {
    func validate() throws {
        // A track may play inside a story: the route driven while the permission changes.
        guard [authorization != nil, story.scenario != nil || story.track != nil].filter({ $0 }).count == 1 else {
            throw UsageMistake.error(MessageText("Give one of --authorization STATE, --scenario FILE and --track FILE."))
        }
        _ = try coordinate()
    }

    private func coordinate() throws -> Coordinate {
        guard let fix else { return try Coordinate(latitude: 52.52, longitude: 13.41) }
        let checked: Coordinate?
        do { checked = try Coordinate.checked(decimalPair: fix) } catch { throw UsageMistake.error(error) }
        guard let checked else { throw UsageMistake.error(MessageText("--fix takes LAT,LON in decimal degrees, such as 52.52,13.41.")) }
        return checked
    }

    func run() async throws {
        Diagnostics.bootstrap(verbose: output.verbose)
        let (scenario, route) = try story.read()
        if let scenario {
            try await play(route.map { scenario.playing($0, speed: story.speed) } ?? scenario)
            return
        }
        let settings = try Settings.forRun(forecastOptions.flags(service: service, output: output))
        let renderer = try output.renderer(clock: settings.clock.value, words: settings.words)
        let forecast = ForecastSettings(
            place: .located(LocatingSettings(source: source.choice, timeout: .seconds(2))), days: settings.days.value,
            service: service.settings(settings))
        let hours = settings.hours.value
        let units = settings.measurementUnits
        if let route {
            try await CommandLineApp.with(timeout: service.timeout) { base in
                for await screen in try await Simulation.replay(route, speed: story.speed, on: base.context, forecast: forecast) {
                    if let answer = screen.answer {
                        renderer.show(answer, units: units, hours: hours)
                    } else if case .failed(let error, _) = screen.frame {
                        Terminal.standardError.writeLine("forecastly: \(error.userMessage)")
                    }
                }
            }
            Terminal.standardError.writeLine("forecastly: the route of \(route.points.count) positions was replayed.")
            return
        }
        guard let authorization else { return }
        // The product's own run, over a decision held in memory and a scripted source.
        let answer = try await CommandLineApp.with(timeout: service.timeout) { base in
            let application = Simulation.application(
                base.context, state: authorization, source: source.kind, fix: try coordinate(), failure: fail)
            return try await Spinner.while(renderer.isReport && Terminal.standardError.isTerminal) { try await application.forecast(forecast, progress: $0) }
        }
        RunNotes.print(answer.notes)
        renderer.show(answer, units: units, hours: hours)
    }

    /// `--scenario FILE`: the transcript, as text or JSON; exit 1 when an invariant broke.
    private func play(_ scenario: Scenario) async throws {
        let transcript = try await ScenarioRunner.run(scenario)
        if output.json { Terminal.standardOutput.writeDocument(transcript.json()) } else { Terminal.standardOutput.write(transcript.text()) }
        if let first = transcript.violations.first {
            Terminal.standardError.writeLine("forecastly: the scenario broke an invariant at step \(first.step) (\(first.at)): \(first.text).")
            throw SilentExit(status: .failure)
        }
    }
}

/// What `simulate play` takes, as a group of its own so that the shells'
/// completion offers it after `forecastly simulate` too (`CompletionTree`),
/// where people type it: `play` is the default.
struct SimulatePlayOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The permission state to simulate.", valueName: "state"))
    var authorization: SimulatedState?

    @OptionGroup var story: StoryOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("Where the simulated source says you are (default 52.52,13.41).", valueName: "lat,lon"))
    var fix: String?

    @Option(help: ArgumentHelp("Make the simulated source fail: unavailable or timeout.", valueName: "failure"))
    var fail: SimulatedFailure?

    @Option(help: ArgumentHelp("Which kind of source to simulate.", valueName: "source"))
    var source: SimulatedSource = .gpsd

    @OptionGroup(title: "Forecast") var forecastOptions: ForecastOptions
    @OptionGroup(title: "Output") var output: OutputOptions
    @OptionGroup(title: "Service") var service: ServiceOptions
}
