import Clocks
@testable import ForecastCore
import ForecastlyBase
import ForecastlyApp
import ForecastlySimulation
import ForecastSamples
import Foundation
import LocationProvider
import Synchronization
import Testing
import TestSupport

/// Tracks: GPX and NMEA read, and replayed so watch mode's "moved more than
/// 3 km" refresh can be seen, on a test clock (no waiting).
@Suite struct TrackTests {
    @Test func gpxTrackPointsWithTheirTimes() throws {
        let track = try Track.read(from: Fixtures.url("tracks/berlin-east.gpx"))
        #expect(track.points.count == 10)
        #expect(track.points.first?.coordinate == (try Coordinate(latitude: 52.52, longitude: 13.30)))
        #expect(track.points.last.map { $0.time.timeIntervalSince(track.points[0].time) } == 540)
    }

    /// A real receiver's log: only RMC sentences with a valid fix and a good
    /// checksum count; the log's "no fix" sentences are skipped.
    @Test func nmeaLogsGiveTheirValidFixes() throws {
        let log = try String(contentsOf: Fixtures.url("gpsd/nd-1005.log"), encoding: .utf8)
        let valid = log.split(whereSeparator: \.isNewline).filter { $0.contains("RMC,") && $0.split(separator: ",")[2] == "A" }.count
        let track = try Track.read(from: Fixtures.url("gpsd/nd-1005.log"))
        #expect(track.points.count == valid)
        #expect(track.points.allSatisfy { abs($0.coordinate.latitude) < 90 && $0.coordinate.latitude != 0 })
        #expect(throws: TrackError.self) { try Track.read(from: Fixtures.url("gpsd/tn200.log")) }  // no valid fix at all
    }

    /// Found by fuzzing: an attribute name that is not UTF-8 made
    /// FoundationXML trap; such a file is now refused with a clear error.
    @Test func gpxThatIsNotUTF8IsRefusedNotFatal() {
        let error = #expect(throws: TrackError.self) { try Track.read(from: Fixtures.url("fuzz/track-invalid-utf8-attribute.gpx")) }
        #expect(error?.description.contains("not UTF-8") == true)
    }

    /// Found by fuzzing: `<?z-TP?>`, a processing instruction with no data,
    /// made FoundationXML read a null pointer. libxml2's reader takes it as
    /// the well-formed XML it is: the file is read, and has no positions.
    @Test func anEmptyProcessingInstructionIsReadNotFatal() {
        let error = #expect(throws: TrackError.self) { try Track.read(from: Fixtures.url("fuzz/track-empty-processing-instruction.gpx")) }
        #expect(error?.description.contains("no timed positions") == true || error?.description.contains("well-formed") == true)
        #expect((try? Track.read(from: Fixtures.url("tracks/berlin-east.gpx")))?.points.count == 10)
    }

    @Test func damagedSentencesAreSkipped() {
        let good = "$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6A"
        let badSum = "$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6B"
        let torn = "$GPRMC,123519,A,48"
        let track = Track.nmea([good, badSum, torn].joined(separator: "\r\n"))
        #expect(track.points.count == 1)
        #expect(abs((track.points.first?.coordinate.latitude ?? 0) - 48.1173) < 1e-4)
    }

    /// Ten kilometres at a kilometre a minute, replayed sixty times faster:
    /// watch mode fetches at the start and each time the position has moved
    /// more than 3 km from the last forecast: at about 4 and 8 km.
    @Test func aReplayedRouteRefreshesWatchModeEveryThreeKilometres() async throws {
        // The route plays at its own pace on a clock that moves as soon as it
        // is slept on, so the whole route passes with no real time and no
        // test advancing a clock; the watch's own interval is on a clock that
        // never moves, so every refresh here is one the route's movement made.
        let track = try Track.read(from: Fixtures.url("tracks/berlin-east.gpx"))
        let provider = SimulatedLocationProvider(track: track, speed: 60, clock: ImmediateClock())
        let fetched = Mutex<[Coordinate]>([])
        let watcher = ForecastWatcher(clock: TestClock(), configuration: .init(interval: .seconds(3600)))
        let frames = watcher.frames(place: nil, locations: provider.updates(), endsWithLocations: true) { coordinate throws(ForecastError) in
            fetched.withLock { $0.append(coordinate) }
            var forecast = Sample.zagrebForecast
            forecast.requestedCoordinate = coordinate
            return (forecast, .network)
        }
        for await _ in frames {}  // the frames end with the route
        let longitudes = fetched.withLock { $0 }.map(\.longitude)
        #expect(longitudes.count == 3, "\(longitudes)")
        #expect(abs(longitudes[0] - 13.30) < 1e-6)
        #expect(abs(longitudes[1] - (13.30 + 4 * 0.01475)) < 1e-6)
        #expect(abs(longitudes[2] - (13.30 + 8 * 0.01475)) < 1e-6)
    }
}
