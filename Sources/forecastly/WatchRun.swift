import ForecastCore
import Foundation
import LocationProvider
import ForecastlyBase
import Places

/// `forecastly --watch`: frames from `ForecastWatcher`, drawn in place on a
/// terminal or appended otherwise (a status bar reads one line per frame).
struct WatchRun {
    let run: ForecastRun
    let renderer: OutputRenderer
    let options: ForecastOptions
    let interval: Duration
    let maxAge: TimeInterval
    let refresh: Bool

    func start(store: SQLiteStore?, city: PlaceQuery?) async throws {
        let inPlace = Terminal.standardOutput.isTerminal
        WatchTerminal.prepare(inPlace: inPlace)
        let fixed = try run.fixedPlace(city: city)
        try await run.service.withServices { transport, base in
            let cache: any ForecastCache = try store ?? SQLiteStore.inMemory()
            // The first frame may come from the store; later ones are due
            // because the interval passed, so they fetch.
            let caching = CachingForecastService(
                base: base, cache: cache, policy: refresh ? .refresh : .preferStored(maxAge: min(maxAge, interval.inSeconds - 1)),
                placeName: { request in fixed?.name ?? Places.name(near: request.coordinate) })
            var locations: AsyncStream<LocationUpdate>?
            var authorization: AsyncStream<AuthorizationState>?
            var resolved = fixed
            if resolved == nil, let city {
                let resolution = try await Places.resolver(transport: transport).resolve(city)
                resolved = ForecastRun.KnownPlace(coordinate: resolution.place.coordinate, name: resolution.place.displayName, place: resolution.place)
            }
            if resolved == nil {
                let setup = await LocationSetup.load()
                let provider = try setup.provider(run.locating, transport: transport)
                if run.locating.source != .manual {
                    try await PermissionPrompt.ensurePermission(setup: setup, services: setup.servicesDescription(run.locating, transport: transport))
                }
                locations = provider.updates()
                authorization = WatchTerminal.authorizationChanges(initial: await setup.authorization.state)
            }
            let watcher = ForecastWatcher(clock: ContinuousClock(), configuration: .init(interval: interval))
            let days = options.days, units = options.units
            let frames = watcher.frames(place: resolved?.coordinate, locations: locations, authorization: authorization) { coordinate throws(ForecastError) in
                let forecast = try await caching.forecast(for: try ForecastRequest(coordinate: coordinate, days: days, units: units))
                return (forecast, caching.lastOrigin ?? .network)
            }
            for await frame in frames {
                draw(frame, name: resolved?.name, place: resolved?.place, inPlace: inPlace)
            }
        }
    }

    private func draw(_ frame: ForecastWatcher<ContinuousClock>.Frame, name: String?, place: GazetteerPlace?, inPlace: Bool) {
        var screen = ""
        var status: String
        switch frame {
        case .forecast(let forecast, let origin, let next):
            let placeName = name ?? forecast.fix?.placeName ?? Places.name(near: forecast.requestedCoordinate)
            screen = renderer.render(forecast, units: options.units, placeName: placeName, hours: options.hours, place: place, origin: origin)
            if case .stale(_, let error) = origin {
                status = "\(error.summary) Showing the stored forecast; trying again in \(ValueFormat.age(next.inSeconds))."
            } else {
                status = "Next refresh in \(ValueFormat.age(next.inSeconds))."
            }
        case .failed(let error, let retry):
            status = "\(error.summary) Trying again in \(ValueFormat.age(retry.inSeconds))."
        case .notPermitted(let error):
            status = "\(error.userMessage) Waiting for the permission to change."
        }
        if inPlace {
            Terminal.standardOutput.write("\u{1B}[H\u{1B}[2J" + screen + "\n" + status + " Ctrl-C to quit.\n")
        } else {
            if !screen.isEmpty { Terminal.standardOutput.write(screen) }
            if case .forecast(_, .network, _) = frame {} else if case .forecast(_, .stored, _) = frame {} else {
                Terminal.standardError.writeLine("forecastly: \(status)")
            }
        }
    }
}

/// The terminal side of watching: hiding the cursor while drawing in place,
/// restoring it on Ctrl-C, and noticing permission changes made by another
/// `forecastly location …` while this one runs.
enum WatchTerminal {
    static func prepare(inPlace: Bool) {
        if inPlace { Terminal.standardOutput.write("\u{1B}[?25l") }
        signal(SIGINT, restoreAndExit)
        signal(SIGTERM, restoreAndExit)
    }

    /// The decision file, read again every few seconds; yields each change.
    static func authorizationChanges(initial: AuthorizationState) -> AsyncStream<AuthorizationState> {
        AsyncStream { continuation in
            let task = Task {
                var last = initial
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(3))
                    let setup = await LocationSetup.load(reportingWarnings: false)
                    let state = await setup.authorization.state
                    if state != last {
                        continuation.yield(state)
                        last = state
                    }
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

/// Signal handler: only async-signal-safe calls. Shows the cursor again,
/// ends the line, and exits 0: Ctrl-C is how a watch is meant to end.
private func restoreAndExit(_ signalNumber: Int32) {
    let restore: StaticString = "\u{1B}[?25h\n"
    if isatty(STDOUT_FILENO) == 1 {
        restore.withUTF8Buffer { _ = write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }
    _exit(0)
}
