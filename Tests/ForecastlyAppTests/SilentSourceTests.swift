import Clocks
import ForecastCore
@testable import ForecastlyApp
import ForecastlyBase
import ForecastlySimulation
import ForecastlyTesting
import Foundation
import LocationProvider
import Synchronization
import Testing

/// A watch whose source falls silent (gpsd gone, the receiver unplugged or
/// without a fix) goes on with the forecast for the last position, and each
/// screen then says so: it no longer reads as where the user is. A source
/// that failed is asked again when the screen said it would be.
@Suite struct SilentSourceTests {
    static let kyiv = try! Coordinate(latitude: 50.45, longitude: 30.52)

    @Test func theScreensAfterTheSourceFellSilentSaySo() async throws {
        let clock = TestClock()
        let start = clock.now
        let epoch = Date()
        // The wall clock moves with the watch's clock: the fix's age is the time the test advanced.
        let now: @Sendable () -> Date = { epoch.addingTimeInterval(start.duration(to: clock.now).inSeconds) }
        let source = SimulatedLocationProvider(kind: .gpsd, script: [
            .fix(Self.kyiv, accuracy: 5), .wait(.seconds(300)), .unavailable("gpsd on 127.0.0.1:2947 went away; reconnecting"),
        ], clock: clock, now: now)
        let app = TestApplication.make(decision: .authorized(.full), location: source, weather: WeatherStub(now: now), clock: clock, now: now)
        let here = ForecastSettings(place: .located(LocatingSettings(source: .gpsd, timeout: .seconds(2))), days: 1)
        let screens = try await app.watch(here, watching: WatchSettings(interval: .seconds(3600)))
        var iterator = screens.makeAsyncIterator()
        let first = try #require(await iterator.next())
        #expect(first.answer != nil && !first.notes.contains { $0.text.contains("no new position") }, "\(first.notes)")
        // The source says it went away at 5 min; the next screens are due hourly.
        var said: [String] = []
        for _ in 0..<3 where said.isEmpty {
            await clock.advance(by: .seconds(3601))
            guard let screen = await iterator.next() else { break }
            said = screen.notes.map(\.text).filter { $0.contains("no new position") }
        }
        #expect(said.count == 1 && said[0].hasPrefix("gpsd has given no new position for 1 h"), "\(said)")
        #expect(said.first?.hasSuffix(": the forecast is for the last one.") == true, "\(said)")
    }

    /// Silent from what the source said until its next fix; only the
    /// sources that keep reporting are said to have fallen silent.
    @Test func silentUntilTheNextFix() {
        let liveness = LocationLiveness()
        let gps = LocationFix(coordinate: Self.kyiv, accuracyMeters: 5, source: .gpsd, timestamp: Date(timeIntervalSince1970: 0))
        let ip = LocationFix(coordinate: Self.kyiv, accuracyMeters: 5_000, source: .ip, timestamp: Date(timeIntervalSince1970: 0))
        let later = Date(timeIntervalSince1970: 125)
        liveness.hear(.fix(gps))
        #expect(liveness.note(for: gps, now: later) == nil)
        liveness.hear(.diagnostic(.searching(satellitesVisible: 7, satellitesUsed: 0)))
        #expect(liveness.note(for: gps, now: later) == nil)
        liveness.hear(.diagnostic(.fixStale(ageSeconds: 12)))
        #expect(liveness.note(for: gps, now: later)?.text == "gpsd has given no new position for 2 min: the forecast is for the last one.")
        #expect(liveness.note(for: ip, now: later) == nil)
        liveness.hear(.fix(gps))
        #expect(liveness.note(for: gps, now: later) == nil)
        liveness.hear(.diagnostic(.locationUnavailable(reason: "the GPS receiver was removed")))
        #expect(liveness.note(for: gps, now: later) != nil)
    }

    /// The IP lookup failed at the watch's start (a laptop logging in before
    /// its network is up): the screen says "Trying again in 10 min", and an
    /// interval later the source is asked again and the forecast shows. It
    /// was never asked again. (The limit fails a watch that never shows a
    /// second screen, rather than holding the suite.)
    @Test(.timeLimit(.minutes(1))) func aSourceThatFailedIsAskedAgainAnIntervalLater() async throws {
        let clock = TestClock()
        let source = FailsFirst(then: Self.kyiv)
        let app = TestApplication.make(decision: .authorized(.full), location: source, weather: WeatherStub(), clock: clock)
        let here = ForecastSettings(place: .located(LocatingSettings(source: .ip, timeout: .seconds(2))), days: 1)
        let screens = try await app.watch(here, watching: WatchSettings(interval: .seconds(600)))
        var iterator = screens.makeAsyncIterator()
        let first = try #require(await iterator.next())
        guard case .notLocated(_, let retry) = first.frame else {
            Issue.record("the first screen is \(first.frame), not the failure")
            return
        }
        #expect(retry == .seconds(600) && source.asked == 1)
        await clock.advance(by: .seconds(601))
        let second = try #require(await iterator.next())
        #expect(second.answer?.forecast.requestedCoordinate == Self.kyiv, "\(second.frame)")
        #expect(source.asked == 2)
    }
}

/// Fails the first time it is asked, as an IP lookup with no network; then locates.
private final class FailsFirst: LocationProvider {
    let kind = LocationSourceKind.ip
    private let place: Coordinate
    private let count = Mutex(0)

    init(then place: Coordinate) { self.place = place }

    var asked: Int { count.withLock { $0 } }

    func currentLocation(timeout: Duration) async throws(LocationError) -> LocationFix {
        count.withLock { $0 += 1 }
        throw .lookupFailed(service: "127.0.0.1", reason: .verbatim("connection refused"))
    }

    func updates() -> AsyncStream<LocationUpdate> {
        let first = count.withLock { count in
            count += 1
            return count == 1
        }
        let fix = LocationFix(coordinate: place, accuracyMeters: 5_000, source: .ip, timestamp: Date())
        return AsyncStream { continuation in
            continuation.yield(first ? .diagnostic(.failed(.lookupFailed(service: "127.0.0.1", reason: .verbatim("connection refused")))) : .fix(fix))
            continuation.finish()
        }
    }
}
