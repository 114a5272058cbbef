import Clocks
import ForecastCore
import ForecastlyBase
import ForecastPresentation
import ForecastProviders
import Foundation
import LocationProvider
import NetworkTransport
import Synchronization

/// Plays a `Scenario` through the real pipeline: the authorization state
/// machine, the permission guard around the location source, watch mode
/// (`ForecastWatcher`) on a virtual clock, and Open-Meteo's client over the
/// real HTTP transport against a loopback server the runner starts. No real
/// time passes between steps; after each one the runner waits (in real
/// time, briefly) until the pipeline is quiet, then writes the transcript
/// entry and checks the invariants:
///
/// - no locating in any state but authorized;
/// - an "allow once" is never remembered beyond its run;
/// - after a revocation no fix is used for a forecast;
/// - a restricted state never shows a located forecast.
public enum ScenarioRunner {
    public static func run(_ scenario: Scenario) async throws -> ScenarioTranscript {
        let clock = TestClock()
        let launch = clock.now
        let epoch = Date(timeIntervalSince1970: 1_800_000_000)
        let now: @Sendable () -> Date = { epoch.addingTimeInterval(launch.duration(to: clock.now).inSeconds) }
        let server = try await ScenarioWeatherServer(now: now, launch: epoch)
        let transport = AsyncHTTPClientTransport(userAgent: Forecastly.userAgent)
        // The server and the transport are stopped whatever the story does.
        do {
            let transcript = try await play(scenario, clock: clock, now: now, launch: epoch, server: server, transport: transport)
            await transport.shutdown()
            await server.stop()
            return transcript
        } catch {
            await transport.shutdown()
            await server.stop()
            throw error
        }
    }

    private static func play(
        _ scenario: Scenario, clock: TestClock<Duration>, now: @escaping @Sendable () -> Date, launch epoch: Date,
        server: ScenarioWeatherServer, transport: AsyncHTTPClientTransport
    ) async throws -> ScenarioTranscript {
        let launch = clock.now
        let source = ScenarioLocationSource()
        let store = InMemoryAuthorizationStore(decision: scenario.authorization.decision)
        let policy = scenario.policyDisabled
            ? LocationPolicy(path: Self.policyPath, locationEnabled: false, forbiddenSources: []) : .unrestricted
        let weather = OpenMeteoService(configuration: try OpenMeteoConfiguration(baseURL: server.baseURL), transport: transport)
        // A story with warnings or rain (or notifications) watches them beside each forecast.
        let scriptsTheSky = scenario.notify || scenario.steps.contains { step in
            switch step.event {
            case .alert, .rain: true
            default: false
            }
        }
        let extras = scriptsTheSky ? ScenarioApp.Extras(
            alerts: try NWSAlertService(environment: [NWSAlertService.urlVariable: server.baseURL.absoluteString], transport: transport),
            nowcast: OpenMeteoNowcastService(configuration: try OpenMeteoConfiguration(baseURL: server.baseURL), transport: transport),
            notify: scenario.notify, launch: epoch) : nil
        var app = await ScenarioApp.launch(
            store: store, policy: policy, source: source, clock: clock, interval: scenario.interval, now: now, weather: weather, extras: extras)
        var entries: [ScenarioTranscript.Entry] = []
        var notified = 0
        var remembersAGrant = scenario.authorization == .authorized || scenario.authorization == .authorizedReduced
        await app.settle()
        entries.append(await entry(at: "0s", step: "launch", app: app, source: source, server: server, store: store,
                                   remembersAGrant: remembersAGrant, notified: &notified))
        for step in scenario.steps {
            await clock.advance(to: launch.advanced(by: step.at))
            var note: String?
            switch step.event {
            case .authorization(let change):
                do {
                    try await app.authorization.handle(change.event)
                } catch {
                    note = "refused: \(error.summary)"
                }
                switch change {
                case .answerAllow, .grant, .grantReduced: remembersAGrant = true
                case .answerDeny, .revoke, .reset: remembersAGrant = false
                default: break
                }
            case .location(let change):
                source.deliver(change, at: now())
            case .weather(let mode):
                server.set(mode)
            case .alert(let change):
                server.set(change)
            case .rain(let change):
                server.set(change)
            case .restart:
                await app.stop()
                app = await ScenarioApp.launch(
                    store: store, policy: policy, source: source, clock: clock, interval: scenario.interval, now: now, weather: weather, extras: extras)
            case .wait:
                break
            }
            await app.settle()
            var item = await entry(at: Self.label(step.at), step: step.description, app: app, source: source, server: server,
                                   store: store, remembersAGrant: remembersAGrant, notified: &notified)
            if let note { item.shows = note + "; " + item.shows }
            entries.append(item)
        }
        await app.stop()
        return ScenarioTranscript(scenario: scenario.name, entries: entries)
    }

    static let policyPath = "scenario-policy.json"

    /// The entry for now, with every invariant checked.
    private static func entry(
        at: String, step: String, app: ScenarioApp, source: ScenarioLocationSource, server: ScenarioWeatherServer,
        store: InMemoryAuthorizationStore, remembersAGrant: Bool, notified: inout Int
    ) async -> ScenarioTranscript.Entry {
        // Each entry lists the notifications of its own step.
        let notifications = Array(app.notifications.dropFirst(notified))
        notified += notifications.count
        let state = await app.authorization.state
        var violations = app.takeViolations()
        if source.isRunning, !state.isAuthorized {
            violations.append("the location source is running while permission is \(state.name)")
        }
        if case .authorized = await store.load().decision, !remembersAGrant {
            violations.append("an \"allow once\" grant was remembered beyond its run")
        }
        return ScenarioTranscript.Entry(
            at: at, step: step, authorization: state.name, shows: app.shows, locating: source.isRunning,
            locateStarts: source.starts, forecastRequests: server.requests, violations: violations,
            warnings: app.warnings, notifications: notifications)
    }

    /// "90s", "10m", "2h", "4h5m" as the scenario would write them.
    static func label(_ duration: Duration) -> String {
        let seconds = Int(duration.inSeconds)
        guard seconds > 0 else { return "0s" }
        let parts = [(seconds / 3600, "h"), (seconds % 3600 / 60, "m"), (seconds % 60, "s")].filter { $0.0 > 0 }
        return parts.map { "\($0.0)\($0.1)" }.joined()
    }
}

extension Scenario.InitialAuthorization {
    var decision: UserDecision {
        switch self {
        case .notDetermined: .notDetermined
        case .denied: .denied
        case .authorized: .authorized(.full)
        case .authorizedReduced: .authorized(.reduced)
        }
    }
}

extension Scenario.AuthorizationChange {
    var event: AuthorizationEvent {
        switch self {
        case .answerAllow: .answered(.allow)
        case .answerAllowOnce: .answered(.allowOnce)
        case .answerDeny: .answered(.deny)
        case .grant: .granted(.full)
        case .grantReduced: .granted(.reduced)
        case .revoke: .revoked
        case .reset: .reset
        case .policyOn: .policyRestricted(.policyFile(path: ScenarioRunner.policyPath))
        case .policyOff, .desktopSwitchOn: .policyLifted
        case .desktopSwitchOff: .policyRestricted(.desktopSwitchOff)
        }
    }
}

extension Scenario.Step: CustomStringConvertible {
    public var description: String {
        switch event {
        case .authorization(let change): "authorization \(change.rawValue)"
        case .location(.fix(let latitude, let longitude, let accuracy)):
            "location fix \(latitude), \(longitude)" + (accuracy.map { " ±\(ValueFormat.decimal($0, places: 0)) m" } ?? "")
        case .location(.searching(let visible, let used)): "location searching (\(visible) seen, \(used) used)"
        case .location(.lost): "location lost"
        case .location(.failure): "location source failed"
        case .weather(let mode): "weather \(mode.rawValue)"
        case .alert(let change):
            change.severity.map { "alert \(change.event): \($0.rawValue) until \(ScenarioRunner.label(change.until ?? .zero))" } ?? "alert \(change.event) cancelled"
        case .rain(let change):
            change.from.map { "rain from \(ScenarioRunner.label($0))" + (change.until.map { " until \(ScenarioRunner.label($0))" } ?? "") } ?? "no rain"
        case .restart: "restart"
        case .wait: "wait"
        }
    }
}
