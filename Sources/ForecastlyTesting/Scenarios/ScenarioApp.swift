import Clocks
import ForecastCore
import ForecastlyBase
import ForecastPresentation
import ForecastProviders
import Foundation
import LocationProvider
import Synchronization

/// One run of forecastly inside a scenario: its authorization (loaded from
/// the scenario's store, as a launch loads the decision file), locating
/// through the permission guard whenever permission is given, and watch
/// mode drawing frames. `restart` ends it and launches another.
final class ScenarioApp: Sendable {
    let authorization: LocationAuthorization
    private let tasks: Mutex<[Task<Void, Never>]>
    private let record = Mutex(Record())

    private struct Record {
        var shows = "nothing yet"
        var frames = 0
        var fetching = 0
        var violations: [String] = []
        /// The warnings shown with the last forecast ("Severe: Flood Watch until 8h").
        var warnings: [String]?
        /// What notifications did, in order ("show 1 normal: Moderate: Flood Watch", "withdraw 1").
        var notifications: [String] = []
        var notices = WeatherNotices()
        var nextNotification: UInt32 = 1
        /// The severity each announced warning was announced with, by `WeatherNotices.key`.
        var announced: [String: AlertSeverity] = [:]
        var keysByNotification: [UInt32: String] = [:]
    }

    var shows: String { record.withLock { $0.shows } }
    var warnings: [String]? { record.withLock { $0.warnings } }
    var notifications: [String] { record.withLock { $0.notifications } }

    func takeViolations() -> [String] {
        record.withLock { record in
            defer { record.violations = [] }
            return record.violations
        }
    }

    private init(authorization: LocationAuthorization) {
        self.authorization = authorization
        tasks = Mutex([])
    }

    /// The warning and nowcast services a watch asks beside each forecast,
    /// and whether it announces what they say (`--notify`).
    struct Extras: Sendable {
        var alerts: NWSAlertService
        var nowcast: any NowcastService
        var notify: Bool
        var launch: Date
    }

    static func launch(
        store: InMemoryAuthorizationStore, policy: LocationPolicy, source: ScenarioLocationSource, clock: TestClock<Duration>,
        interval: Duration, now: @escaping @Sendable () -> Date, weather: any ForecastService, extras: Extras? = nil
    ) async -> ScenarioApp {
        let (authorization, _) = await LocationAuthorization.load(store: store, policy: policy)
        let app = ScenarioApp(authorization: authorization)
        let guarded = AuthorizedLocationProvider(source, authorization: authorization)
        let (locations, feed) = AsyncStream<LocationUpdate>.makeStream()
        // Locating runs whenever permission is given, and starts again when it
        // comes back: the guard itself stops it when permission goes.
        let locating = Task {
            var running: Task<Void, Never>?
            for await state in await authorization.updates() {
                guard state.isAuthorized else { continue }
                if let running, !running.isCancelled { await running.value }
                running = Task { for await update in guarded.updates() { feed.yield(update) } }
            }
            running?.cancel()
        }
        let watcher = ForecastWatcher(clock: clock, configuration: .init(interval: interval))
        let frames = watcher.frames(place: nil, locations: locations, authorization: await authorization.updates(), now: now) {
            [app] coordinate throws(ForecastError) in
            app.record.withLock { $0.fetching += 1 }
            defer { app.record.withLock { $0.fetching -= 1 } }
            let state = await authorization.state
            if !state.isAuthorized {
                app.record.withLock { $0.violations.append("a located forecast was fetched while permission is \(state.name)") }
            }
            let request = try ForecastRequest(coordinate: coordinate, days: 3)
            return (try await weather.forecast(for: request), .network)
        }
        let drawing = Task {
            for await frame in frames {
                if let extras, case .forecast(let forecast, _, _) = frame {
                    await app.watchExtras(at: forecast.requestedCoordinate, extras: extras, now: now())
                }
                let state = await authorization.state
                app.record.withLock { record in
                    record.frames += 1
                    record.shows = Self.describe(frame)
                    if case .restricted = state, case .forecast = frame {
                        record.violations.append("a located forecast was shown while permission is restricted")
                    }
                }
            }
        }
        app.tasks.withLock { $0 = [locating, drawing] }
        return app
    }

    /// What a watch does beside each forecast: the warnings (shown, and
    /// checked never to be expired) and the next two hours, announced as
    /// `--notify` announces them, each warning checked to be announced once.
    private func watchExtras(at coordinate: Coordinate, extras: Extras, now: Date) async {
        record.withLock { $0.fetching += 1 }
        defer { record.withLock { $0.fetching -= 1 } }
        let alerts: PlaceAlerts? = try? await extras.alerts.bulletin(at: coordinate, now: now)
            .warnings(for: AlertPlace(coordinate: coordinate, countryCode: "US"), at: now)
        let nowcast = try? await extras.nowcast.nowcast(at: coordinate)
        record.withLock { record in
            record.warnings = alerts?.active.map { alert in
                "\(alert.severity.word): \(alert.event) until \(ScenarioRunner.label(.seconds(alert.until.timeIntervalSince(extras.launch))))"
            } ?? ["(the warning service failed)"]
            for alert in alerts?.active ?? [] where !alert.isActive(at: now) {
                record.violations.append("an expired warning was shown: \(alert.event)")
            }
            guard extras.notify else { return }
            let clock = PlaceClock(timeZone: .gmt)
            for event in record.notices.refresh(alerts: alerts, nowcast: nowcast, now: now) {
                switch event {
                case .warning(let alert, let replacing):
                    let key = WeatherNotices.key(alert)
                    if let earlier = record.announced[key], earlier >= alert.severity {
                        record.violations.append("\(alert.event) was announced again without getting worse")
                    }
                    record.announced[key] = alert.severity
                    let id = replacing ?? record.nextNotification
                    if replacing == nil { record.nextNotification += 1 }
                    record.notices.shown(alert, notification: id)
                    record.keysByNotification[id] = key
                    let urgency = NoticeUrgency(alert.severity) == .critical ? "critical" : "normal"
                    let text = NoticeText.warning(alert, clock: clock, now: now)
                    record.notifications.append("\(replacing == nil ? "show" : "replace") \(id) \(urgency): \(text.summary)")
                case .warningEnded(let id):
                    record.notifications.append("withdraw \(id)")
                    if let key = record.keysByNotification.removeValue(forKey: id) { record.announced[key] = nil }
                case .rainSoon:
                    let summary = nowcast.map { NoticeText.rain($0, clock: clock, now: now).summary } ?? "rain"
                    record.notifications.append("show \(record.nextNotification) normal: \(summary)")
                    record.nextNotification += 1
                }
            }
        }
    }

    /// Waits (in real time) until the pipeline is quiet: no fetch under
    /// way and no new frame for a few polls, or three seconds.
    func settle() async {
        var quiet = 0
        var last = record.withLock { ($0.frames, $0.fetching) }
        for _ in 0..<150 {
            try? await Task.sleep(for: .milliseconds(20))
            let current = record.withLock { ($0.frames, $0.fetching) }
            quiet = current == last && current.1 == 0 ? quiet + 1 : 0
            last = current
            if quiet >= 3 { return }
        }
    }

    func stop() async {
        let running = tasks.withLock { $0 }
        for task in running { task.cancel() }
        await authorization.finish()
        for task in running { await task.value }
    }

    static func describe(_ frame: ForecastWatcher<TestClock<Duration>>.Frame) -> String {
        switch frame {
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
}
