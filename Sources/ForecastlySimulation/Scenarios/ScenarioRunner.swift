import ForecastCore
public import ForecastlyApp
import ForecastlyBase
import ForecastPresentation
import ForecastProviders
import Foundation
import LocationProvider
import Synchronization

/// Plays a `Scenario` through the product: forecastly's application
/// (`Application.watch`, as `forecastly --watch --source gpsd` runs it),
/// with the scenario's receiver as its location source, its decision and
/// policy as the files on disk, its answers at the prompt, the services
/// answered in process in their own formats, a recording notification
/// service and a virtual clock. No real time passes between steps: the
/// runner and the product run on one serial executor (`ProductExecutor`),
/// and after each event the runner waits for its idle signal (every task
/// the product started has finished or waits for the story), then writes
/// the transcript entry and checks the invariants.
///
/// What must never happen:
/// - locating in any state but authorized;
/// - an "allow once" remembered beyond its run;
/// - a forecast fetched for a located place while locating is not permitted;
/// - a located forecast shown while restricted;
/// - an expired warning shown, or a warning announced again unless it got worse.
///
/// What must happen:
/// - when the permission allows locating and the receiver has a fix (and
///   the weather service answers), a forecast for it is shown by the next refresh;
/// - after a restart, the permission is what the stored decision and the
///   policy on disk say.
public enum ScenarioRunner {
    /// How a front end draws a screen: what the transcript says is shown.
    public typealias Drawing = @Sendable (WatchScreen) -> String

    /// Plays `scenario`. `rule` decides whether forecastly may locate (a test
    /// may hand in a faulty one to see the invariants fail); `draw` is the
    /// front end whose screens the transcript shows.
    public static func run(_ scenario: Scenario, rule: LocatingRule = .standard, draw: @escaping Drawing = describe) async throws -> ScenarioTranscript {
        await ScenarioMachine(scenario, rule: rule, draw: draw).play()
    }

    /// What a screen shows, in a line: "forecast for 52.5200°N, 13.4100°E: 12°C", "not permitted: …".
    @Sendable public static func describe(_ screen: WatchScreen) -> String {
        switch screen.frame {
        case .forecast(let forecast, let origin, _):
            let temperature = ValueFormat.temperature(forecast.current?.temperature, unit: forecast.units.temperature)
            let stale = if case .stale = origin { " (stale: the service failed)" } else { "" }
            return "forecast for \(forecast.requestedCoordinate): \(temperature)\(stale)"
        case .failed(let error, _):
            return "error: \(error.userMessage)"
        case .notLocated(let error, _):
            return "error: \(error.userMessage)"
        case .notPermitted(let error):
            return "not permitted: \(error.userMessage)"
        }
    }

    /// "90s", "10m", "2h", "4h5m" as the scenario would write them.
    static func label(_ duration: Duration) -> String {
        let seconds = Int(duration.inSeconds)
        guard seconds > 0 else { return "0s" }
        let parts = [(seconds / 3600, "h"), (seconds % 3600 / 60, "m"), (seconds % 60, "s")].filter { $0.0 > 0 }
        return parts.map { "\($0.0)\($0.1)" }.joined()
    }
}

/// One scenario's machine: what outlives a restart (the disk, the store,
/// the receiver, the services, the clock) and the application running on it.
private final class ScenarioMachine: Sendable {
    let scenario: Scenario
    let clock = VirtualClock()
    /// Where every task of the product runs, and its idle signal.
    let executor = ProductExecutor()
    let epoch = Date(timeIntervalSince1970: 1_800_000_000)
    let services: ScenarioServices
    let disk: InMemoryPermissionRecords
    let backends: ScenarioBackends
    /// The stored place's file, removed when the story ends.
    let placeFile: String
    let asker = ScriptedAsker()
    let notifier = RecordingNotifier()
    let context: AppContext
    let settings: ForecastSettings
    let watching: WatchSettings
    let draw: ScenarioRunner.Drawing
    /// Whether the story scripts warnings or rain (or notifications): the watch then asks both beside each forecast.
    let scriptsTheSky: Bool

    init(_ scenario: Scenario, rule: LocatingRule, draw: @escaping ScenarioRunner.Drawing) {
        self.scenario = scenario
        self.draw = draw
        let clock = self.clock
        let epoch = self.epoch
        let now: @Sendable () -> Date = { epoch.addingTimeInterval(clock.now.offset.inSeconds) }
        services = ScenarioServices(now: now, launch: epoch, storedPlace: scenario.storedPlace)
        disk = InMemoryPermissionRecords(decision: scenario.authorization.decision, policyDisabled: scenario.policyDisabled,
                                         forbiddenSources: scenario.forbiddenSources)
        placeFile = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-scenario-place-\(UUID().uuidString).json").path
        let placeStore = PlaceStore(path: placeFile)
        if let place = scenario.storedPlace { try? placeStore.save(StoredPlace(coordinate: place, name: nil)) }
        backends = ScenarioBackends(placeStore: placeStore)
        scriptsTheSky = scenario.notify || scenario.steps.contains { step in
            switch step.event {
            case .alert, .rain: true
            default: false
            }
        }
        let process = ProcessInfo.processInfo.environment
        // Every service is the scenario's; the places are the machine's own index.
        var environment = ["LANG": "C.UTF-8", "HOME": process["HOME"] ?? "/nonexistent"]
        let providers = WeatherProviders.all.map(\.provider.urlVariable)
        for variable in providers + ["FORECASTLY_AIR_QUALITY_URL", "FORECASTLY_NWS_URL", "FORECASTLY_METEOALARM_URL", "FORECASTLY_GEOCODING_URL", "FORECASTLY_IPGEO_URL"] {
            environment[variable] = ScenarioServices.baseURL
        }
        context = AppContext(
            environment: environment, transport: services, store: .inMemory(), places: PlaceBook(environment: process),
            clock: clock, now: now, backends: backends, records: disk, asker: asker, notifier: notifier, rule: rule)
        settings = ForecastSettings(
            place: .located(LocatingSettings(source: scenario.source)), days: 3, service: ServiceSettings(fallback: false),
            extras: scriptsTheSky ? ExtrasWanted(nowcast: true, alerts: true) : .none)
        // No jitter: a retry after a failure waits the whole backoff (15 s, 30 s, 1 m, …), the same at every play.
        watching = WatchSettings(interval: scenario.interval, backoff: WatchBackoff(random: { 1 }), notify: scenario.notify ? NotifySettings() : nil)
    }

    func play() async -> ScenarioTranscript {
        // Everything runs on the executor, one job at a time: the runner's
        // own steps, and every task the product starts, here or in the tasks
        // it starts. (Were the runner elsewhere, a product task that met it
        // inside an actor would be run by the runner's thread, unseen.)
        await withTaskExecutorPreference(executor) {
            await TaskPlacement.$preferred.withValue(executor) { await playing() }
        }
    }

    private func playing() async -> ScenarioTranscript {
        defer { unlink(placeFile) }
        var desktopSwitchOff = scenario.desktopSwitchOff
        var app = await launch(desktopSwitchOff: desktopSwitchOff)
        var entries: [ScenarioTranscript.Entry] = []
        var remembersAGrant = scenario.authorization == .authorized || scenario.authorization == .authorizedReduced
        var liveness = Liveness(weatherUpSince: .zero)
        await settle()
        entries.append(await entry(at: .zero, step: "launch", app: app, remembersAGrant: remembersAGrant, liveness: &liveness))
        for step in scenario.steps {
            // Time passes, and what was due meanwhile is done, before the step happens.
            await clock.advance(to: VirtualClock.Instant(offset: step.at)) { await self.settle() }
            await settle()
            var note: String?
            var restarted = false
            switch step.event {
            case .authorization(let change):
                note = await perform(change, app: app)
                switch change {
                case .answerAllow, .grant, .grantReduced: if note == nil { remembersAGrant = true }
                case .answerDeny, .revoke, .reset: if note == nil { remembersAGrant = false }
                default: break
                }
            case .location(let change):
                backends[step.source].deliver(change, at: context.now())
                // The liveness promise is about the source a story locates with alone.
                if scenario.source.kinds == [step.source] {
                    liveness.fix = if case .fix(let latitude, let longitude, _) = change { (try? Coordinate(latitude: latitude, longitude: longitude)).map { ($0, step.at) } } else { nil }
                }
            case .weather(let mode):
                services.set(mode)
                liveness.weatherUpSince = mode == .up ? (liveness.weatherUpSince ?? step.at) : nil
            case .alert(let change):
                services.set(change)
            case .rain(let change):
                services.set(change)
            case .restart:
                await app.stop()
                app = await launch(desktopSwitchOff: desktopSwitchOff)
                liveness.permittedSince = nil
                restarted = true
            case .wait, .expect, .app:
                // An app step is about other programs, which a served story plays to; forecastly's own run has none.
                break
            }
            if case .authorization(let change) = step.event, change == .desktopSwitchOff || change == .desktopSwitchOn {
                desktopSwitchOff = change == .desktopSwitchOff
            }
            await settle()
            var item = await entry(at: step.at, step: step.description, app: app, remembersAGrant: remembersAGrant, liveness: &liveness)
            if restarted { item.violations += await checkRestart(app) }
            if case .expect(let expected) = step.event { item.violations += Self.unmet(expected, in: item, shown: app.lastFrame) }
            if let note { item.shows = note + "; " + item.shows }
            entries.append(item)
        }
        await app.stop()
        return ScenarioTranscript(scenario: scenario.name, entries: entries)
    }

    /// Starts the program; the desktop's switch, when off, is what it hears of first.
    private func launch(desktopSwitchOff: Bool) async -> RunningApplication {
        let app = RunningApplication(application: Application(context: context), draw: draw, scriptsTheSky: scriptsTheSky, launch: epoch)
        services.watch { await app.application.permission().0.authorization.state }
        if desktopSwitchOff { await app.application.locationServicesSwitched(on: false) }
        app.start(settings: settings, watching: watching)
        return app
    }

    /// Each expectation of an `"expect"` step that is not so, as a broken promise.
    private static func unmet(_ expected: Scenario.Expectation, in entry: ScenarioTranscript.Entry, shown: WatchFrame?) -> [String] {
        var unmet: [String] = []
        func compare<Value: Equatable>(_ what: String, _ wanted: Value?, _ actual: Value?) {
            guard let wanted, wanted != actual else { return }
            unmet.append("expected \(what) \(wanted), but it is \(actual.map { "\($0)" } ?? "none")")
        }
        compare("permission", expected.authorization, entry.authorization)
        compare("to show", expected.shows, Scenario.ShownKind(shown))
        compare("the forecast to be answered by", expected.answeredBy, entry.answeredBy)
        compare("forecast requests", expected.forecastRequests, entry.forecastRequests)
        compare("locating", expected.locating, entry.locating)
        for (source, count) in (expected.locationRequests ?? [:]).sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            compare("\(source.rawValue) to have been asked", count, entry.locationRequests[source] ?? 0)
        }
        return unmet
    }

    /// A permission step, done as the user or the administrator would do it;
    /// a note when it could not be.
    private func perform(_ change: Scenario.AuthorizationChange, app: RunningApplication) async -> String? {
        switch change {
        case .answerAllow, .answerAllowOnce, .answerDeny:
            // The user answers the running application's prompt.
            let answer: PermissionAnswer = change == .answerAllow ? .allow : change == .answerAllowOnce ? .allowOnce : .deny
            guard !asker.answer(answer) else { return nil }
            let state = await app.application.permission().0.authorization.state
            return "refused: \(AuthorizationError.transition(AuthorizationTransitionError(state: state, event: .answered(answer))).summary)"
        case .grant, .grantReduced, .revoke, .reset:
            // Another `forecastly location allow|deny|reset`, on the same disk.
            do {
                _ = try await Application(context: context).changePermission(change.event)
            } catch let error as any UserFacingError {
                return "refused: \(error.summary)"
            } catch {
                return "refused: \(error)"
            }
            disk.touch()
            return nil
        case .policyOn, .policyOff:
            disk.setPolicy(disabled: change == .policyOn)
            return nil
        case .desktopSwitchOff, .desktopSwitchOn:
            await app.application.locationServicesSwitched(on: change == .desktopSwitchOn)
            return nil
        }
    }

    /// Waits for the product's idle signal: every task it started has
    /// finished or waits for what only the story brings next.
    private func settle() async {
        await executor.idle()
    }

    /// The entry for now, with every invariant checked.
    private func entry(
        at time: Duration, step: String, app: RunningApplication, remembersAGrant: Bool, liveness: inout Liveness
    ) async -> ScenarioTranscript.Entry {
        let state = await app.application.permission().0.authorization.state
        var violations = app.takeViolations() + services.takeViolations() + notifier.takeViolations()
        if backends.isRunning, !state.isAuthorized {
            violations.append("the location source is running while permission is \(state.name)")
        }
        let forbidden = await disk.policy().forbiddenSources
        for kind in backends.running where forbidden.contains(kind) {
            violations.append("\(kind.rawValue) is locating, though the policy forbids it")
        }
        if case .authorized = await disk.store.load().decision, !remembersAGrant {
            violations.append("an \"allow once\" grant was remembered beyond its run")
        }
        liveness.permittedSince = state.isAuthorized ? (liveness.permittedSince ?? time) : nil
        if let missed = liveness.missed(at: time, interval: scenario.interval, shown: app.lastFrame) { violations.append(missed) }
        let notifications = notifier.log.dropFirst(notified.withLock { $0 })
        notified.withLock { $0 += notifications.count }
        return ScenarioTranscript.Entry(
            at: ScenarioRunner.label(time), step: step, authorization: state.kind, shows: app.shows, locating: backends.isRunning,
            locateStarts: backends.starts, forecastRequests: services.requests, violations: violations,
            warnings: app.warnings, notifications: Array(notifications),
            answeredBy: Self.answeredBy(app.lastFrame), locationRequests: backends.requests)
    }

    private let notified = Mutex(0)

    /// The source whose fix the forecast on the screen is for.
    private static func answeredBy(_ frame: WatchFrame?) -> LocationSourceKind? {
        guard case .forecast(let forecast, _, _) = frame else { return nil }
        return forecast.fix?.source
    }

    /// After a restart the permission is what the disk says.
    private func checkRestart(_ app: RunningApplication) async -> [String] {
        let expected = LocationAuthorization.initialState(decision: await disk.store.load().decision, policy: await disk.policy())
        let state = await app.application.permission().0.authorization.state
        guard state != expected else { return [] }
        return ["after the restart the permission is \(state.name), but the stored decision and the policy say \(expected.name)"]
    }
}

/// The liveness invariant's memory: since when locating has been
/// permitted, the receiver has had its fix, and the weather has answered.
private struct Liveness {
    var permittedSince: Duration?
    var fix: (coordinate: Coordinate, since: Duration)?
    var weatherUpSince: Duration?

    /// The broken promise, if one: permitted, fixed and answered for a whole
    /// interval, and still no forecast for the fix (within the 3 km a watch
    /// ignores) on the screen.
    func missed(at time: Duration, interval: Duration, shown: WatchFrame?) -> String? {
        guard let permittedSince, let fix, let weatherUpSince else { return nil }
        let since = max(permittedSince, fix.since, weatherUpSince)
        guard time - since >= interval else { return nil }
        if case .forecast(let forecast, _, _) = shown, forecast.requestedCoordinate.distance(to: fix.coordinate) <= 3_000 { return nil }
        return "locating has been permitted with a fix at \(fix.coordinate) since \(ScenarioRunner.label(since)), and no forecast for it was shown by the next refresh"
    }
}

/// An application running in a scenario, and what its screens showed.
private final class RunningApplication: Sendable {
    let application: Application
    let draw: ScenarioRunner.Drawing
    let scriptsTheSky: Bool
    let launch: Date
    private let task = Mutex<Task<Void, Never>?>(nil)
    private let record = Mutex<Record>(Record())

    private struct Record {
        var shows = "nothing yet"
        var lastFrame: WatchFrame?
        var frames = 0
        var warnings: [String]?
        var violations: [String] = []
    }

    init(application: Application, draw: @escaping ScenarioRunner.Drawing, scriptsTheSky: Bool, launch: Date) {
        self.application = application
        self.draw = draw
        self.scriptsTheSky = scriptsTheSky
        self.launch = launch
    }

    var shows: String { record.withLock { $0.shows } }
    var frames: Int { record.withLock { $0.frames } }
    var lastFrame: WatchFrame? { record.withLock { $0.lastFrame } }
    var warnings: [String]? { record.withLock { $0.warnings } }

    func takeViolations() -> [String] {
        record.withLock { record in
            defer { record.violations = [] }
            return record.violations
        }
    }

    func start(settings: ForecastSettings, watching: WatchSettings) {
        let started = Task.placed { [self] in
            do {
                let screens = try await application.watch(settings, watching: watching) { [self] progress in
                    if progress == .waitingForPermission { record.withLock { if $0.frames == 0 { $0.shows = "the permission prompt is up" } } }
                }
                record.withLock { if $0.frames == 0 { $0.shows = "nothing yet" } }
                for await screen in screens { await show(screen) }
            } catch let error as any UserFacingError {
                record.withLock { $0.shows = "error: \(error.userMessage)" }
            } catch {
                record.withLock { $0.shows = "error: \(error)" }
            }
        }
        task.withLock { $0 = started }
    }

    private func show(_ screen: WatchScreen) async {
        let state = await application.permission().0.authorization.state
        let now = application.context.now()
        let alerts = screen.answer?.extras.alerts
        record.withLock { record in
            record.frames += 1
            record.lastFrame = screen.frame
            record.shows = draw(screen)
            if case .restricted = state, case .forecast = screen.frame {
                record.violations.append("a located forecast was shown while permission is restricted")
            }
            guard scriptsTheSky, case .forecast = screen.frame else { return }
            record.warnings = alerts?.active.map { alert in
                "\(alert.severity.word): \(alert.event) until \(ScenarioRunner.label(.seconds(alert.until.timeIntervalSince(launch))))"
            } ?? ["(the warning service failed)"]
            for alert in alerts?.active ?? [] where !alert.isActive(at: now) {
                record.violations.append("an expired warning was shown: \(alert.event)")
            }
        }
    }

    /// The program ends: its watch stops, and with it locating.
    func stop() async {
        let running = task.withLock { $0 }
        running?.cancel()
        await running?.value
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
        case .policyOn: .policyRestricted(.policyFile(path: InMemoryPermissionRecords.policyFile))
        case .policyOff, .desktopSwitchOn: .policyLifted
        case .desktopSwitchOff: .policyRestricted(.desktopSwitchOff)
        }
    }
}

extension Scenario.ShownKind {
    /// What `frame` is, as a story's expectation names it.
    init(_ frame: WatchFrame?) {
        switch frame {
        case nil: self = .nothing
        case .forecast(_, .stale, _)?: self = .staleForecast
        case .forecast?: self = .forecast
        case .failed?: self = .error
        case .notLocated?: self = .notLocated
        case .notPermitted?: self = .notPermitted
        }
    }
}

extension Scenario.Step: CustomStringConvertible {
    public var description: String {
        let from = source == .gpsd ? "" : " (\(source.rawValue))"
        return switch event {
        case .authorization(let change): "authorization \(change.rawValue)"
        case .location(.fix(let latitude, let longitude, let accuracy)):
            "location fix \(latitude), \(longitude)" + (accuracy.map { " ±\(ValueFormat.decimal($0, places: 0)) m" } ?? "") + from
        case .location(.searching(let visible, let used)): "location searching (\(visible) seen, \(used) used)" + from
        case .location(.lost): "location lost" + from
        case .location(.failure): "location source failed" + from
        case .weather(let mode): "weather \(mode.rawValue)"
        case .alert(let change):
            change.severity.map { "alert \(change.event): \($0.rawValue) until \(ScenarioRunner.label(change.until ?? .zero))" } ?? "alert \(change.event) cancelled"
        case .rain(let change):
            change.from.map { "rain from \(ScenarioRunner.label($0))" + (change.until.map { " until \(ScenarioRunner.label($0))" } ?? "") } ?? "no rain"
        case .restart: "restart"
        case .wait: "wait"
        case .expect: "expect"
        case .app(let change):
            "app \(change.id): " + [change.permission.map { "permission \($0.rawValue)" }, change.answerAllows.map { "answers \($0 ? "allow" : "deny")" },
                                   change.accuracy.map { "accuracy \($0.rawValue)" }].compactMap { $0 }.joined(separator: ", ")
        }
    }
}
