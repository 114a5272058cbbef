import ArgumentParser
import ForecastlyTesting
import ForecastCore
import Foundation
import LocationProvider
import NetworkTransport
import ForecastlyBase

enum SimulatedAuthorization: String, ArgumentChoice {
    case notDetermined, denied, restricted, authorized
    /// Authorized by the user, but the desktop's Location Services switch is
    /// off: GeoClue refuses, and forecastly is restricted for the run.
    case desktopSwitchOff
}

enum SimulatedFailure: String, ArgumentChoice {
    case unavailable, timeout
}

/// `forecastly simulate`: the real pipeline (permission, locating, forecast,
/// rendering) over a simulated location source, with the permission state
/// kept in memory. Nothing the user decided is read or changed.
struct SimulateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Show what a user sees in a location permission state, using a simulated location source.",
        discussion: """
        Examples: forecastly simulate --authorization denied
                  forecastly simulate --scenario Examples/scenarios/revoked-while-watching.json
        A scenario (JSON, format in the README) plays a whole permission story
        through the real pipeline and watch mode on a virtual clock, and checks
        the invariants at every step; a broken one exits 1 naming the step.
        """
    )

    @Option(help: ArgumentHelp("The permission state to simulate.", valueName: "state"))
    var authorization: SimulatedAuthorization?

    @Option(help: ArgumentHelp("Play a scenario file (JSON) and print its transcript.", valueName: "file"))
    var scenario: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Where the simulated source says you are (default 52.52,13.41).", valueName: "lat,lon"))
    var fix: String?

    @Option(help: ArgumentHelp("Make the simulated source fail: unavailable or timeout.", valueName: "failure"))
    var fail: SimulatedFailure?

    @Option(help: ArgumentHelp("Which kind of source to simulate: gpsd, geoclue or ip.", valueName: "source"))
    var source: SourceChoice = .gpsd

    @OptionGroup(title: "Forecast") var forecastOptions: ForecastOptions
    @OptionGroup(title: "Output") var output: OutputOptions
    @OptionGroup(title: "Service") var service: ServiceOptions

    func validate() throws {
        guard (authorization == nil) != (scenario == nil) else {
            throw ValidationError("Give --authorization STATE, or --scenario FILE.")
        }
        _ = try coordinate()
        guard [.gpsd, .geoclue, .ip].contains(source) else { throw ValidationError("--source must be gpsd, geoclue or ip for a simulation.") }
        try forecastOptions.check()
        try output.check()
        try service.check()
    }

    private func coordinate() throws -> Coordinate {
        guard let fix else { return try Coordinate(latitude: 52.52, longitude: 13.41) }
        let parts = fix.split(separator: ",").map { Double($0.trimmingWhitespace()) }
        guard parts.count == 2, let latitude = parts[0], let longitude = parts[1],
              let coordinate = try? Coordinate(latitude: latitude, longitude: longitude) else {
            throw ValidationError("--fix takes LAT,LON in decimal degrees, such as 52.52,13.41.")
        }
        return coordinate
    }

    func run() async throws {
        Diagnostics.bootstrap(verbose: output.verbose)
        if let scenario {
            try await play(scenario)
            return
        }
        guard let authorization else { return }
        let kind: LocationSourceKind = switch source {
        case .ip: .ip
        case .geoclue: .geoclue
        default: .gpsd
        }
        let decision: UserDecision = switch authorization {
        case .authorized, .desktopSwitchOff: .authorized(.full)
        case .denied: .denied
        case .notDetermined, .restricted: .notDetermined
        }
        let policy = authorization == .restricted
            ? LocationPolicy(path: "simulated-policy.json", locationEnabled: false, forbiddenSources: []) : .unrestricted
        let (state, _) = await LocationAuthorization.load(store: InMemoryAuthorizationStore(decision: decision), policy: policy)
        let environment = ProcessInfo.processInfo.environment
        let setup = LocationSetup(environment: environment, directories: XDGDirectories(environment: environment),
                                  authorization: state, policy: policy)
        let timeout: Duration = .seconds(2)
        let script: [SimulatedLocationProvider.Step] = switch fail {
        case nil where authorization == .desktopSwitchOff: [.fail(.restricted(.desktopSwitchOff, source: kind))]
        case nil: [.searching(visible: 9, used: 6), .wait(.milliseconds(300)), .fix(try coordinate(), accuracy: kind == .ip ? nil : 8)]
        case .unavailable?: [.fail(Self.unavailable(kind))]
        case .timeout?: [.searching(visible: 5, used: 0), .wait(timeout + .seconds(1))]
        }
        let provider = AuthorizedLocationProvider(SimulatedLocationProvider(kind: kind, script: script), authorization: state)
        let renderer = try output.renderer()
        let forecast = try await Services.with(service.settings) { services in
            try await PermissionPrompt.ensurePermission(setup: setup, services: "a simulated \(Self.describe(kind))")
            return try await ForecastLoader(showsProgress: renderer.wantsProgress).locateAndLoad(
                authorization: state, provider: provider, service: services.weather, timeout: timeout,
                days: forecastOptions.days, units: forecastOptions.units)
        }
        Terminal.standardOutput.write(renderer.render(forecast, units: forecastOptions.units, placeName: forecast.fix?.placeName, hours: forecastOptions.hours))
    }

    /// `--scenario FILE`: the transcript, as text or JSON; exit 1 when an invariant broke.
    private func play(_ path: String) async throws {
        let scenario: Scenario
        do {
            scenario = try Scenario.load(from: URL(fileURLWithPath: path))
        } catch let error as ScenarioFileError {
            throw ForecastError.invalidInput(error.description)
        }
        let transcript = try await ScenarioRunner.run(scenario)
        Terminal.standardOutput.write(output.json ? transcript.json() : transcript.text())
        if let first = transcript.violations.first {
            Terminal.standardError.writeLine("forecastly: the scenario broke an invariant at step \(first.step) (\(first.at)): \(first.text).")
            throw SilentExit(status: .failure)
        }
    }

    static func unavailable(_ kind: LocationSourceKind) -> LocationError {
        switch kind {
        case .gpsd: .gpsdNotRunning(address: "simulated gpsd")
        case .geoclue: .geoclueUnavailable(reason: "GeoClue is not installed (package geoclue-2.0)")
        default: .lookupFailed(service: "simulated IP service", reason: "no answer")
        }
    }

    static func describe(_ kind: LocationSourceKind) -> String {
        switch kind {
        case .gpsd: "GPS receiver"
        case .geoclue: "GeoClue location service"
        case .ip: "IP location service"
        case .manual: "stored place"
        }
    }
}
