import ForecastlyBase
import Foundation

/// A story played to other programs through the interfaces they use
/// (gpsd's protocol, GeoClue's D-Bus API), at the story's own pace on the
/// wall clock, `speed` times faster: its location steps, and a track's
/// points at their recorded times, as the simulated receiver reports them
/// (and GeoClue, which reads the receiver, passes them on); what it grants
/// each app, and the desktop's switch.
public struct ServedStory: Sendable {
    public let scenario: Scenario?
    public let track: Track?
    /// How many times faster than written or recorded.
    public let speed: Double
    /// Play the track again from its start when it ends (until stopped).
    public let loop: Bool
    /// Start with the story's clock stopped, for `simulate ctl resume` to
    /// start it once the program under test is listening.
    public let paused: Bool

    public init(scenario: Scenario?, track: Track?, speed: Double = 1, loop: Bool = false, paused: Bool = false) {
        self.scenario = scenario
        self.track = track
        self.speed = speed
        self.loop = loop
        self.paused = paused
    }

    /// Plays the story to the location services' clients and through `weather`, on
    /// `timeline` (which `simulate ctl pause` stops); returns when its last
    /// step (and the track, unless looping) has been played. `log` is told each step.
    func play(to locations: ServedLocations, weather: SimulatedWeatherService, timeline: StoryTimeline,
              log: @escaping @Sendable (String) -> Void) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            if let scenario {
                group.addTask {
                    for step in scenario.steps {
                        try await timeline.sleep(until: step.at)
                        Self.serve(step, to: locations, weather: weather, log: log)
                    }
                }
            }
            if let track, !track.points.isEmpty {
                group.addTask {
                    repeat {
                        let first = track.points[0].time
                        let lap = timeline.now
                        for (index, point) in track.points.enumerated() {
                            try await timeline.sleep(until: lap + .milliseconds(Int64(point.time.timeIntervalSince(first) * 1000)))
                            let next = track.points.indices.contains(index + 1) ? track.points[index + 1] : nil
                            locations.report(Self.fix(point, toward: next))
                        }
                        log("gpsd: the track of \(track.points.count) points was played")
                    } while loop && !Task.isCancelled
                }
            }
            try await group.waitForAll()
        }
    }

    static func serve(_ step: Scenario.Step, to locations: ServedLocations, weather: SimulatedWeatherService, log: (String) -> Void) {
        let label = "\(ScenarioRunner.label(step.at)) \(step.description)"
        switch step.event {
        case .weather(let mode):
            log(label)
            weather.set(mode)
            return
        case .app(let change):
            log(label)
            locations.apply(change)
            return
        case .authorization(let change) where change == .desktopSwitchOff || change == .desktopSwitchOn:
            log(label)
            locations.switched(on: change == .desktopSwitchOn)
            return
        case .location(.fix(let latitude, let longitude, let accuracy)) where step.source == .geoclue:
            log(label)
            locations.reportByGeoClue(ServedFix(latitude: latitude, longitude: longitude, accuracy: accuracy, time: Date()))
            return
        case .location where step.source == .gpsd:
            break
        default:
            log("\(label): not served (gpsd, GeoClue, the weather and app steps are; forecastly's own permission is 'simulate play')")
            return
        }
        guard case .location(let change) = step.event else { return }
        log(label)
        switch change {
        case .fix(let latitude, let longitude, let accuracy):
            locations.report(ServedFix(latitude: latitude, longitude: longitude, accuracy: accuracy, time: Date()))
        case .searching(let seen, let used):
            locations.gpsd.report(nil, seen: seen, used: used)
        case .lost:
            locations.gpsd.report(nil)
        case .failure:
            locations.gpsd.unplug()
        }
    }

    /// A track point as the receiver reports it, its speed and heading
    /// toward the next point.
    static func fix(_ point: Track.Point, toward next: Track.Point?) -> ServedFix {
        var fix = ServedFix(latitude: point.coordinate.latitude, longitude: point.coordinate.longitude, accuracy: point.accuracy ?? 5, time: Date())
        if let next, next.time > point.time {
            fix.speed = point.coordinate.distance(to: next.coordinate) / next.time.timeIntervalSince(point.time)
            fix.track = Self.bearing(from: point.coordinate, to: next.coordinate)
        }
        return fix
    }

    /// The initial bearing from one point to another, degrees clockwise from true north.
    static func bearing(from start: Coordinate, to end: Coordinate) -> Double {
        let φ1 = start.latitude * .pi / 180, φ2 = end.latitude * .pi / 180
        let Δλ = (end.longitude - start.longitude) * .pi / 180
        let y = sin(Δλ) * cos(φ2)
        let x = cos(φ1) * sin(φ2) - sin(φ1) * cos(φ2) * cos(Δλ)
        return (atan2(y, x) * 180 / .pi + 360).truncatingRemainder(dividingBy: 360)
    }
}

/// A story being served: gpsd, GeoClue and the location portal on buses of
/// their own, the weather service and the control channel, each on
/// loopback (or a private socket), until the story has been played.
public final class ServedSession: Sendable {
    let locations: ServedLocations
    let weather: SimulatedWeatherService
    private let control: ControlSocket
    private let timeline: StoryTimeline
    private let story: ServedStory
    private let log: @Sendable (String) -> Void

    /// Starts every service of `story` (ports 0: free ones, chosen); when
    /// one cannot start, those started already are stopped.
    public static func start(
        _ story: ServedStory, gpsdPort: Int = 0, weatherPort: Int = 0, log: @escaping @Sendable (String) -> Void
    ) async throws(ServeError) -> ServedSession {
        let timeline = StoryTimeline(speed: story.speed, paused: story.paused)
        let apps = story.scenario?.apps ?? [:], switchOn = !(story.scenario?.desktopSwitchOff ?? false)
        var started: [@Sendable () async -> Void] = []
        do throws(ServeError) {
            let gpsd = try await SimulatedGPSD(port: gpsdPort, log: log)
            started.append(gpsd.stop)
            let geoclue = try await SimulatedGeoClue.start(apps: apps, switchOn: switchOn, log: log)
            started.append(geoclue.stop)
            let portal = try await SimulatedPortal.start(apps: apps, switchOn: switchOn, log: log)
            started.append(portal.stop)
            let weather = try await SimulatedWeatherService(port: weatherPort, log: log)
            started.append(weather.stop)
            let locations = ServedLocations(gpsd: gpsd, geoclue: geoclue, portal: portal)
            let control = try await ControlSocket { line in
                StoryControl.encoded(StoryControl.answer(line, locations: locations, weather: weather, timeline: timeline, log: log))
            }
            return ServedSession(locations: locations, weather: weather, control: control, timeline: timeline, story: story, log: log)
        } catch {
            for stop in started.reversed() { await stop() }
            throw error
        }
    }

    private init(
        locations: ServedLocations, weather: SimulatedWeatherService, control: ControlSocket, timeline: StoryTimeline, story: ServedStory,
        log: @escaping @Sendable (String) -> Void
    ) {
        self.locations = locations
        self.weather = weather
        self.control = control
        self.timeline = timeline
        self.story = story
        self.log = log
    }

    /// What a program under test needs, in shell form, one per line.
    public var settings: [String] {
        ["export GPSD_HOST=127.0.0.1 GPSD_PORT=\(locations.gpsd.port)",
         "export FORECASTLY_GPSD=127.0.0.1:\(locations.gpsd.port)",
         "export DBUS_SYSTEM_BUS_ADDRESS=\(locations.geoclue.bus.address)",
         "export DBUS_SESSION_BUS_ADDRESS=\(locations.portal.bus.address)",
         "export OPEN_METEO_URL=\(weather.baseURL) FORECASTLY_OPEN_METEO_URL=\(weather.baseURL)",
         "export FORECASTLY_SIMULATE_CONTROL=\(control.path)"]
    }

    /// Plays the story to its end, then stops every service; returns the
    /// promises broken on the way (a position told that a permission did
    /// not allow), none when every one held.
    /// Cancelled (the command was told to stop), it stops every service and
    /// returns the verdict so far.
    public func play() async throws -> [String] {
        do {
            try await story.play(to: locations, weather: weather, timeline: timeline, log: log)
        } catch is CancellationError {
        } catch {
            await stop()
            throw error
        }
        await stop()
        return locations.violations
    }

    /// Plays the story as `play()` does, and says its verdict in the log;
    /// SIGINT, SIGTERM or SIGHUP end it early, as its end does: every
    /// service stopped (the buses' dbus-daemons too), then the verdict so far.
    public func playUntilStopped() async throws -> [String] {
        let playing = Task { try await play() }
        // Dispatch sees a signal only while its default action is ignored;
        // what the process had before is put back afterwards.
        let stopping = [SIGINT, SIGTERM, SIGHUP].map { number in
            let before = signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number)
            source.setEventHandler { [log] in
                log("stopped by signal \(number)")
                playing.cancel()
            }
            source.resume()
            return (number, before, source)
        }
        defer {
            for (number, before, source) in stopping {
                source.cancel()
                signal(number, before)
            }
        }
        let broken = try await playing.value
        for promise in broken { log("broken promise: \(promise)") }
        // A signal cancelled the playing: the verdict is of the story so far.
        let played = playing.isCancelled ? "the story was stopped before its end" : "the story has been played"
        let so = playing.isCancelled ? " so far" : ""
        log(broken.isEmpty ? "\(played); every promise held\(so)" : "\(played); \(broken.count) promises broken\(so)")
        return broken
    }

    public func stop() async {
        await locations.gpsd.stop()
        await locations.geoclue.stop()
        await locations.portal.stop()
        await weather.stop()
        await control.stop()
    }
}
