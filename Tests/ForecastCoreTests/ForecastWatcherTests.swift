import Clocks
@testable import ForecastCore
import ForecastlyBase
import ForecastProviders
import ForecastSamples
import ForecastStore
import Foundation
import LocationProvider
import NetworkTransport
import NIOConcurrencyHelpers
import Testing
import TestSupport

/// Watch mode with a test clock (intervals and backoff take no real time)
/// and a real stub server that goes down and comes back.
@Suite struct ForecastWatcherTests {
    static let kyiv = try! Coordinate(latitude: 50.45, longitude: 30.52)

    /// A stub Open-Meteo whose availability a test switches.
    struct SwitchableServer {
        let up: NIOLockedValueBox<Bool>
        let server: StubHTTPServer

        /// A stub that answers forecasts while `up`, and 503 otherwise.
        static func with<Result>(_ body: (SwitchableServer) async throws -> Result) async throws -> Result {
            let up = NIOLockedValueBox(true)
            return try await StubHTTPServer.with(handler: { _ in
                up.withLockedValue { $0 } ? .json(FullResponse.json()) : .respond(status: 503, body: Array("<html>down</html>".utf8))
            }) { server in
                try await body(SwitchableServer(up: up, server: server))
            }
        }
    }

    func fetcher(_ server: StubHTTPServer, transport: any HTTPTransport) throws -> @Sendable (Coordinate) async throws(ForecastError) -> (Forecast, ForecastOrigin) {
        let service = OpenMeteoService(configuration: try OpenMeteoConfiguration(baseURL: URL(string: server.baseURL)!), transport: transport)
        let caching = CachingForecastService(base: service, cache: try SQLiteStore.inMemory(), policy: .refresh)
        return { coordinate throws(ForecastError) in
            let forecast = try await caching.forecast(for: try ForecastRequest(coordinate: coordinate, days: 1))
            return (forecast, caching.lastOrigin ?? .network)
        }
    }

    /// Moves `clock` to just after `duration` from now: a timer due then
    /// fires whenever it goes to sleep. `TestClock` keeps a sleep until an
    /// advance reaches its instant, so a sleep made for the very instant the
    /// clock already shows (the watcher's timer, preempted between reading
    /// the clock and sleeping) never ends: a busy CI machine hung the suite
    /// on it. A deadline already passed is not slept on at all.
    static func advance(_ clock: TestClock<Duration>, past duration: Duration) async {
        await clock.advance(by: duration + .milliseconds(1))
    }

    static func describe(_ frame: WatchFrame?) -> String {
        switch frame {
        case .forecast(_, let origin, let next)?: "\(origin.name) next \(next.components.seconds)s"
        case .failed(let error, let retry)?: "failed \(error.exitStatus.rawValue) retry \(retry.components.seconds)s"
        case .notLocated(let error, let retry)?: "not located \(error.exitStatus.rawValue) retry \(retry.components.seconds)s"
        case .notPermitted?: "not permitted"
        case nil: "end"
        }
    }

    @Test func refreshesOnTheIntervalBacksOffWhileDownAndRecovers() async throws {
        try await SwitchableServer.with { stub in
            try await withTransport(userAgent: Forecastly.userAgent) { transport in
                let clock = TestClock()
                let watcher = ForecastWatcher(clock: clock, configuration: .init(
                    interval: .seconds(600), backoff: WatchBackoff(initial: .seconds(15), cap: .seconds(60), random: { 1 })))
                let frames = watcher.frames(place: Self.kyiv, fetch: try fetcher(stub.server, transport: transport))
                var iterator = frames.makeAsyncIterator()
                var seen: [String] = []

                seen.append(Self.describe(await iterator.next()))                 // start
                await clock.advance(by: .seconds(599))                            // not yet due
                #expect(stub.server.requestCount == 1)
                await Self.advance(clock, past: .seconds(1))
                seen.append(Self.describe(await iterator.next()))                 // the interval passed
                stub.up.withLockedValue { $0 = false }
                await Self.advance(clock, past: .seconds(600))
                seen.append(Self.describe(await iterator.next()))                 // down: stored, stale
                for wait in [15, 30, 60, 60] {
                    await Self.advance(clock, past: .seconds(Int64(wait)))
                    seen.append(Self.describe(await iterator.next()))
                }
                stub.up.withLockedValue { $0 = true }
                await Self.advance(clock, past: .seconds(60))
                seen.append(Self.describe(await iterator.next()))                 // back: fresh again
                #expect(seen == [
                    "network next 600s", "network next 600s",
                    "stale next 15s", "stale next 30s", "stale next 60s", "stale next 60s", "stale next 60s",
                    "network next 600s",
                ])
                #expect(stub.server.requestCount == 8)
            }
        }
    }

    @Test func nothingStoredMeansAFailureFrameAndRetries() async throws {
        try await SwitchableServer.with { stub in
            stub.up.withLockedValue { $0 = false }
            try await withTransport(userAgent: Forecastly.userAgent) { transport in
                let clock = TestClock()
                let watcher = ForecastWatcher(clock: clock, configuration: .init(interval: .seconds(600), backoff: WatchBackoff(random: { 0 })))
                var iterator = watcher.frames(place: Self.kyiv, fetch: try fetcher(stub.server, transport: transport)).makeAsyncIterator()
                #expect(Self.describe(await iterator.next()) == "failed 75 retry 7s") // 503 is temporary; 15 s halved by the jitter
                stub.up.withLockedValue { $0 = true }
                await Self.advance(clock, past: .milliseconds(7_500))
                #expect(Self.describe(await iterator.next()) == "network next 600s")
            }
        }
    }

    @Test func movingMoreThanAFewKilometresFetchesAgain() async throws {
        try await SwitchableServer.with { stub in
            try await withTransport(userAgent: Forecastly.userAgent) { transport in
                let clock = TestClock()
                let (locations, fixes) = AsyncStream.makeStream(of: LocationUpdate.self)
                let (permission, decisions) = AsyncStream.makeStream(of: LocatingDecision.self)
                let watcher = ForecastWatcher(clock: clock, configuration: .init(interval: .seconds(600)))
                var iterator = watcher.frames(place: nil, locations: locations, decisions: permission,
                                              fetch: try fetcher(stub.server, transport: transport)).makeAsyncIterator()
                func fix(_ latitude: Double) -> LocationUpdate {
                    .fix(LocationFix(coordinate: try! Coordinate(latitude: latitude, longitude: 30.52), accuracyMeters: 5, source: .gpsd, timestamp: Date()))
                }
                fixes.yield(fix(50.45))
                #expect(Self.describe(await iterator.next()) == "network next 600s")
                fixes.yield(fix(50.46))        // about 1 km: the same forecast
                fixes.yield(fix(50.50))        // about 5.6 km from the last fetch: a new one
                #expect(Self.describe(await iterator.next()) == "network next 600s")
                #expect(stub.server.requests.map { $0.query["latitude"] } == ["50.45", "50.5"])
                decisions.yield(.refused(.denied))
                #expect(Self.describe(await iterator.next()) == "not permitted")
                await clock.advance(by: .seconds(3_600))  // no fetches while not permitted
                decisions.yield(.allowed(LocationGrant(accuracy: .full)))
                #expect(Self.describe(await iterator.next()) == "network next 600s")
                #expect(stub.server.requestCount == 3)
            }
        }
    }

    /// A replayed route: the frames end once the fixes have, and only after
    /// the forecast the last fix asked for; a live watch goes on instead.
    @Test(arguments: [true, false])
    func theFramesEndWithTheLocationsOnlyWhenAsked(endsWithLocations: Bool) async throws {
        let clock = TestClock()
        let watcher = ForecastWatcher(clock: clock, configuration: .init(interval: .seconds(600)))
        let (locations, fixes) = AsyncStream.makeStream(of: LocationUpdate.self)
        let fetched = NIOLockedValueBox<[Double]>([])
        let frames = watcher.frames(place: nil, locations: locations, endsWithLocations: endsWithLocations) { coordinate throws(ForecastError) in
            try? await Task.sleep(for: .milliseconds(20))  // a fetch still on its way when the route ends
            fetched.withLockedValue { $0.append(coordinate.latitude) }
            var forecast = Sample.zagrebForecast
            forecast.requestedCoordinate = coordinate
            return (forecast, .network)
        }
        for latitude in [50.45, 50.50, 50.55] {
            fixes.yield(.fix(LocationFix(coordinate: try Coordinate(latitude: latitude, longitude: 30.52), accuracyMeters: 5, source: .gpsd, timestamp: Date())))
        }
        fixes.finish()
        var iterator = frames.makeAsyncIterator()
        var shown: [Double] = []
        for _ in 0..<3 {
            if case .forecast(let forecast, _, _)? = await iterator.next() { shown.append(forecast.requestedCoordinate.latitude) }
        }
        #expect(shown == [50.45, 50.50, 50.55])
        #expect(fetched.withLockedValue { $0 } == shown)
        if endsWithLocations {
            #expect(Self.describe(await iterator.next()) == "end")
        } else {
            await Self.advance(clock, past: .seconds(600))  // still watching: the interval refreshes the last place
            #expect(Self.describe(await iterator.next()) == "network next 600s")
        }
    }

    @Test func backoffIsCappedAndJittered() {
        let halves = WatchBackoff(initial: .seconds(10), cap: .seconds(100), random: { 0 })
        let full = WatchBackoff(initial: .seconds(10), cap: .seconds(100), random: { 1 })
        #expect((1...6).map { full.delay(afterFailures: $0) } == [10, 20, 40, 80, 100, 100].map { Duration.seconds($0) })
        #expect((1...6).map { halves.delay(afterFailures: $0) } == [5, 10, 20, 40, 50, 50].map { Duration.seconds($0) })
        let random = WatchBackoff(initial: .seconds(10), cap: .seconds(100))
        for failures in 1...10 {
            let delay = random.delay(afterFailures: failures)
            let ceiling = min(Duration.seconds(10) * (1 << (failures - 1)), .seconds(100))
            #expect(delay >= ceiling / 2 && delay <= ceiling)
        }
    }
}
