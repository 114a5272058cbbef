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
          forecastly simulate serve --scenario story.json --speed 10   (to other programs)
          forecastly simulate ctl status                               (while it serves)
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
        at every step; a broken one exits 1 naming the step.
        """
    )

    @OptionGroup var options: SimulatePlayOptions

    func run() async throws { try await options.run() }
}

extension SimulatePlayOptions {
    func validate() throws {
        // A track may play inside a story: the route driven while the permission changes.
        guard [authorization != nil, scenario != nil || track != nil].filter({ $0 }).count == 1 else {
            throw UsageMistake.error(MessageText("Give one of --authorization STATE, --scenario FILE and --track FILE."))
        }
        guard speed.isFinite, (0.1...10_000).contains(speed) else { throw UsageMistake.error(MessageText("--speed must be between 0.1 and 10000; got {value}.", ["value": "\(speed)"])) }
        _ = try coordinate()
    }

    private func coordinate() throws -> Coordinate {
        guard let fix else { return try Coordinate(latitude: 52.52, longitude: 13.41) }
        guard let coordinate = Coordinate(decimalPair: fix) else {
            throw UsageMistake.error(MessageText("--fix takes LAT,LON in decimal degrees, such as 52.52,13.41."))
        }
        return coordinate
    }

    func run() async throws {
        Diagnostics.bootstrap(verbose: output.verbose)
        if let scenario {
            try await play(scenario)
            return
        }
        let settings = try Settings.forRun(forecastOptions.flags(service: service, output: output))
        let renderer = try output.renderer(clock: settings.clock.value, words: settings.words)
        let forecast = ForecastSettings(
            place: .located(LocatingSettings(source: source.choice, timeout: .seconds(2))), days: settings.days.value,
            service: service.settings(settings))
        let hours = settings.hours.value
        let units = settings.measurementUnits
        if let track {
            let route = try Track.read(from: URL(fileURLWithPath: track))
            try await CommandLineApp.with(timeout: service.timeout) { base in
                for await screen in try await Simulation.replay(route, speed: speed, on: base.context, forecast: forecast) {
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
    private func play(_ path: String) async throws {
        var scenario = try Scenario.load(from: URL(fileURLWithPath: path))
        if let track { scenario = scenario.playing(try Track.read(from: URL(fileURLWithPath: track)), speed: speed) }
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

    @Option(help: ArgumentHelp("Play a scenario file (JSON) and print its transcript.", valueName: "file"), completion: .file(extensions: ["json"]))
    var scenario: String?

    @Option(help: ArgumentHelp("Replay a route (GPX, or an NMEA log) through watch mode: one forecast per refresh. With --scenario, the story's receiver drives it while the permission changes.", valueName: "file"),
            completion: .file(extensions: ["gpx", "nmea", "log", "txt"]))
    var track: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("With --track: how many times faster than recorded, 0.1…10000.", valueName: "factor"))
    var speed: Double = 1

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
