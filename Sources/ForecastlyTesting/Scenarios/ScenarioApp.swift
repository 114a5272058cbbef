import Clocks
import ForecastCore
import ForecastlyBase
import ForecastPresentation
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
    }

    var shows: String { record.withLock { $0.shows } }

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

    static func launch(
        store: InMemoryAuthorizationStore, policy: LocationPolicy, source: ScenarioLocationSource, clock: TestClock<Duration>,
        interval: Duration, now: @escaping @Sendable () -> Date, weather: any ForecastService
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
