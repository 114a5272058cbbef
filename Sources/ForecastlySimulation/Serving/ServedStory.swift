import ForecastlyBase
import Foundation

/// A story played to other programs through the interfaces they use (today
/// gpsd's protocol), at the story's own pace on the wall clock, `speed`
/// times faster: its gpsd location steps, and a track's points at their
/// recorded times, as the simulated receiver reports them.
public struct ServedStory: Sendable {
    public let scenario: Scenario?
    public let track: Track?
    /// How many times faster than written or recorded.
    public let speed: Double
    /// Play the track again from its start when it ends (until stopped).
    public let loop: Bool

    public init(scenario: Scenario?, track: Track?, speed: Double = 1, loop: Bool = false) {
        self.scenario = scenario
        self.track = track
        self.speed = speed
        self.loop = loop
    }

    /// Plays the story to `gpsd`'s clients and through `weather`; returns
    /// when its last step (and the track, unless looping) has been played.
    /// `log` is told each step.
    public func play(to gpsd: SimulatedGPSD, weather: SimulatedWeatherService, log: @escaping @Sendable (String) -> Void) async throws {
        let clock = ContinuousClock()
        let start = clock.now
        func sleep(until offset: Duration) async throws {
            try await clock.sleep(until: start.advanced(by: offset / speed))
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            if let scenario {
                group.addTask {
                    for step in scenario.steps {
                        try await sleep(until: step.at)
                        Self.serve(step, to: gpsd, weather: weather, log: log)
                    }
                }
            }
            if let track, !track.points.isEmpty {
                group.addTask {
                    repeat {
                        let first = track.points[0].time
                        let lap = clock.now
                        for (index, point) in track.points.enumerated() {
                            let due = Duration.milliseconds(Int64(point.time.timeIntervalSince(first) * 1000)) / speed
                            try await clock.sleep(until: lap.advanced(by: due))
                            let next = track.points.indices.contains(index + 1) ? track.points[index + 1] : nil
                            gpsd.report(Self.fix(point, toward: next))
                        }
                        log("gpsd: the track of \(track.points.count) points was played")
                    } while loop && !Task.isCancelled
                }
            }
            try await group.waitForAll()
        }
    }

    static func serve(_ step: Scenario.Step, to gpsd: SimulatedGPSD, weather: SimulatedWeatherService, log: (String) -> Void) {
        if case .weather(let mode) = step.event {
            log("\(ScenarioRunner.label(step.at)) \(step.description)")
            weather.set(mode)
            return
        }
        guard case .location(let change) = step.event, step.source == .gpsd else {
            log("\(ScenarioRunner.label(step.at)) \(step.description): not served yet (gpsd and the weather service are)")
            return
        }
        log("\(ScenarioRunner.label(step.at)) \(step.description)")
        switch change {
        case .fix(let latitude, let longitude, let accuracy):
            gpsd.report(ServedFix(latitude: latitude, longitude: longitude, accuracy: accuracy, time: Date()))
        case .searching(let seen, let used):
            gpsd.report(nil, seen: seen, used: used)
        case .lost:
            gpsd.report(nil)
        case .failure:
            gpsd.unplug()
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
