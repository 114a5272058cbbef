import ForecastlyBase
import Foundation
@testable import LocationProvider
import Synchronization
import Testing
import TestSupport

/// The gpsd backend against a real gpsd, fed by gpsfake with real receiver
/// logs; expected first fixes are the table in Tests/Fixtures/gpsd/SOURCES.md.
@Suite(.serialized) struct GPSDLocationProviderTests {
    struct Replay: Sendable, CustomTestStringConvertible {
        var log: String
        var minimumMode: Int
        var maximumMode: Int
        var latitude: Double
        var longitude: Double
        var testDescription: String { log }
    }

    @Test(arguments: [
        Replay(log: "nd-1005.log", minimumMode: 3, maximumMode: 3, latitude: 57.163445, longitude: -2.12137),          // 3D from the start
        Replay(log: "blumax-gps009.log", minimumMode: 3, maximumMode: 3, latitude: 52.018015, longitude: 8.534753333), // no fix, then 3D
        Replay(log: "firefly-II.log", minimumMode: 2, maximumMode: 2, latitude: 37.261026667, longitude: -121.961181667), // 2D only
        Replay(log: "gr8013-w.log", minimumMode: 2, maximumMode: 3, latitude: 52.514809167, longitude: 13.464265167),  // u-blox 8, GN talkers
    ])
    func firstFixMatchesTheRecording(replay: Replay) async throws {
        let fix = try await Self.firstFix(replaying: replay.log, first: (replay.latitude, replay.longitude))
        #expect(abs(fix.coordinate.latitude - replay.latitude) < 1e-6)
        #expect(abs(fix.coordinate.longitude - replay.longitude) < 1e-6)
        let mode = try #require(fix.gps?.mode)
        #expect((replay.minimumMode...replay.maximumMode).contains(mode))
        #expect(fix.source == .gpsd)
        #expect(fix.accuracy == .full)
    }

    /// The positions a late client may hear are read from the log itself:
    /// its first is the recorded first fix.
    @Test(arguments: [("nd-1005.log", 57.163445, -2.12137), ("blumax-gps009.log", 52.018015, 8.534753333)])
    func theLogsPositionsBeginWithTheFirstFix(log: String, latitude: Double, longitude: Double) throws {
        let first = try #require(try Self.positions(in: Fixtures.url("gpsd/\(log)")).first)
        #expect(abs(first.latitude - latitude) < 1e-6 && abs(first.longitude - longitude) < 1e-6, "\(first)")
    }

    /// The first fix of one pipe-paced replay. That recipe plays the log
    /// once, about 1.4 s after gpsfake starts; a test runner saturated by
    /// the parallel CLI tests can connect only after it began, and then hears
    /// a later fix of the log, or after it ended, and then no fix at all (a
    /// receiver without one, or none once gpsfake removed it), or when
    /// gpsfake's gpsd is already going away (its port closed, or the
    /// connection closed before gpsd's greeting: "not gpsd"); it may also
    /// find another test's server on a port gpsfake meant to take. Only
    /// those cases are tried again, on a fresh gpsfake: a fix that is none
    /// of the log's positions (a placeholder, a misread sentence) still
    /// fails, and so does a gpsd that is never understood, three times.
    static func firstFix(replaying log: String, first: (latitude: Double, longitude: Double), attempts: Int = 3) async throws -> LocationFix {
        let recorded = try positions(in: Fixtures.url("gpsd/\(log)"))
        func isFirst(_ fix: LocationFix) -> Bool {
            abs(fix.coordinate.latitude - first.latitude) < 1e-6 && abs(fix.coordinate.longitude - first.longitude) < 1e-6
        }
        func isLater(_ fix: LocationFix) -> Bool {
            recorded.contains { abs(fix.coordinate.latitude - $0.latitude) < 1e-6 && abs(fix.coordinate.longitude - $0.longitude) < 1e-6 }
        }
        var attempt = 1
        while true {
            let fix: LocationFix? = try await GPSFake.with(log: Fixtures.url("gpsd/\(log)")) { gpsfake -> LocationFix? in
                let provider = GPSDLocationProvider(address: try #require(GPSDAddress(gpsfake.address)))
                do throws(LocationError) {
                    return try await provider.currentLocation(timeout: .seconds(10))
                } catch {
                    let cameTooLate = switch error {
                    case .noFix, .noReceiver, .notGpsd, .gpsdLost, .gpsdNotRunning: true
                    default: false
                    }
                    guard cameTooLate, attempt < attempts else { throw error }
                    return nil
                }
            }
            if let fix, isFirst(fix) || !isLater(fix) || attempt == attempts { return fix }
            attempt += 1
        }
    }

    /// Every position the log's GGA (with a fix) and RMC (valid) sentences
    /// give, in decimal degrees: where a client that joined late can be.
    static func positions(in log: URL) throws -> [(latitude: Double, longitude: Double)] {
        func degrees(_ value: Substring, _ hemisphere: Substring, width: Int) -> Double? {
            guard value.count > width, let whole = Double(value.prefix(width)), let minutes = Double(value.dropFirst(width)) else { return nil }
            let magnitude = whole + minutes / 60
            return hemisphere == "S" || hemisphere == "W" ? -magnitude : magnitude
        }
        return try String(contentsOf: log, encoding: .utf8).split(whereSeparator: \.isNewline).compactMap { line in
            let fields = line.split(separator: "*").first?.split(separator: ",", omittingEmptySubsequences: false) ?? []
            guard let kind = fields.first?.suffix(3) else { return nil }
            let at: Int
            switch kind {
            case "GGA" where fields.count > 6 && fields[6] != "0": at = 2
            case "RMC" where fields.count > 6 && fields[2] == "A": at = 3
            default: return nil
            }
            guard let latitude = degrees(fields[at], fields[at + 1], width: 2), let longitude = degrees(fields[at + 2], fields[at + 3], width: 3) else { return nil }
            return (latitude, longitude)
        }
    }

    /// tn200 never fixes, and gpsd sends no SKY for it (its GSV cycles yield
    /// none), so the error reports the timeout and claims no satellite count.
    @Test func receiverThatNeverFixesTimesOut() async throws {
        try await GPSFake.with(log: Fixtures.url("gpsd/tn200.log"), pacing: .paced) { gpsfake in
            // gpsd lists tn200 when asked again at the timeout; on a machine busy
            // with the parallel CLI tests that answer can take longer than 2 s.
            let provider = GPSDLocationProvider(address: try #require(GPSDAddress(gpsfake.address)), deviceCheckPatience: .seconds(5))
            let error = await #expect(throws: LocationError.self) { try await provider.currentLocation(timeout: .seconds(4)) }
            #expect(error == .noFix(timeoutSeconds: 4, satellitesSeen: nil, satellitesUsed: nil))
            #expect(error?.exitStatus == .temporaryFailure)
            #expect(error?.summary == "The GPS receiver has no fix after 4 s.")
        }
    }

    /// blumax reports 12 satellites in view, none used, before its first fix:
    /// what the spinner shows while waiting, and what a timeout would report.
    @Test func satellitesSeenWhileSearchingThenTheFix() async throws {
        try await GPSFake.with(log: Fixtures.url("gpsd/blumax-gps009.log"), pacing: .paced) { gpsfake in
            let provider = GPSDLocationProvider(address: try #require(GPSDAddress(gpsfake.address)))
            let progress = ProgressLog()
            let fix = try await provider.currentLocation(timeout: .seconds(15)) { visible, used in progress.append(visible, used) }
            #expect(progress.entries.first.map { $0 == (12, 0) } == true, "\(progress.entries)")
            #expect(fix.gps?.satellitesVisible == 12)
            #expect(abs(fix.coordinate.latitude - 52.018015) < 1e-6)
        }
    }

    @Test func nothingListeningIsGpsdNotRunning() async throws {
        // Loopback's discard port: nothing listens there, whatever parallel tests bind meanwhile.
        let port = 9
        let provider = GPSDLocationProvider(address: GPSDAddress(host: "127.0.0.1", port: port))
        await #expect(throws: LocationError.gpsdNotRunning(address: "127.0.0.1:\(port)")) {
            try await provider.currentLocation(timeout: .seconds(2))
        }
        #expect(LocationError.gpsdNotRunning(address: "localhost:2947").summary == "gpsd is not running on localhost:2947.")
    }

    @Test func gpsdKilledWhileWaitingForAFix() async throws {
        try await GPSFake.with(log: Fixtures.url("gpsd/tn200.log"), pacing: .paced) { gpsfake in
            let provider = GPSDLocationProvider(address: try #require(GPSDAddress(gpsfake.address)))
            let waiting = Task { () -> LocationError? in
                do throws(LocationError) { _ = try await provider.currentLocation(timeout: .seconds(15)); return nil } catch { return error }
            }
            try await Task.sleep(for: .milliseconds(1500))
            gpsfake.stop()
            #expect(await waiting.value == .gpsdLost(address: gpsfake.address))
        }
    }

    @Test func watchingSurvivesGpsdDyingAndSaysSo() async throws {
        try await GPSFake.with(log: Fixtures.url("gpsd/blumax-gps009.log"), pacing: .paced) { gpsfake in
            var watching = GPSDLocationProvider.Watching()
            watching.firstRetry = .milliseconds(200)
            let provider = GPSDLocationProvider(address: try #require(GPSDAddress(gpsfake.address)), watching: watching)
            let seen = Mutex(SeenWhileWatching())
            let ended = await provider.updates().watch(for: .seconds(20)) { update in
                seen.withLock { seen in
                    if case .diagnostic(.searching) = update, !seen.satellites {
                        seen.satellites = true
                        gpsfake.stop()
                    }
                    if case .diagnostic(.locationUnavailable(let reason)) = update {
                        if reason.contains("went away") { seen.loss = true }
                        if reason.contains("Retrying") { seen.retry = true }
                    }
                    return seen.loss && seen.retry
                }
            }
            let (sawSatellites, sawLoss, sawRetry) = seen.withLock { ($0.satellites, $0.loss, $0.retry) }
            #expect(ended)
            #expect(sawSatellites)
            #expect(sawLoss)
            #expect(sawRetry) // it keeps trying to reconnect, with backoff
        }
    }

    /// A real gpsd with no device at all: DEVICES is empty.
    @Test func gpsdWithoutAReceiver() async throws {
        try await GPSFake.withoutReceiver { port in
            await #expect(throws: LocationError.noReceiver(address: "127.0.0.1:\(port)")) {
                try await GPSDLocationProvider(address: GPSDAddress(host: "127.0.0.1", port: port)).currentLocation(timeout: .seconds(2))
            }
        }
    }

    /// Paced replay: fixes about a second apart, so a 0.3 s staleness limit
    /// fires between them; when the log ends gpsd reports the device removed.
    @Test func watchingReportsStaleFixesAndARemovedReceiver() async throws {
        try await GPSFake.with(log: Fixtures.url("gpsd/nd-1005.log"), pacing: .pacedOnce) { gpsfake in
            var watching = GPSDLocationProvider.Watching()
            watching.staleAfter = .milliseconds(300)
            let provider = GPSDLocationProvider(address: try #require(GPSDAddress(gpsfake.address)), watching: watching)
            let seen = Mutex(SeenWhileWatching())
            let ended = await provider.updates().watch(for: .seconds(25)) { update in
                seen.withLock { seen in
                    switch update {
                    case .fix: seen.fixes += 1
                    case .diagnostic(.fixStale(let age)): if seen.fixes > 0, age >= 0.3 { seen.staleAfterFix = true }
                    case .diagnostic(.locationUnavailable(let reason)) where reason.contains("removed"): seen.removed = true
                    default: break
                    }
                    return seen.removed
                }
            }
            let (fixes, staleAfterFix, removed) = seen.withLock { ($0.fixes, $0.staleAfterFix, $0.removed) }
            #expect(ended)
            #expect(fixes >= 2)
            #expect(staleAfterFix)
            #expect(removed)
        }
    }

    @Test(arguments: [("localhost", "localhost:2947"), ("gps.local:3000", "gps.local:3000"), ("[::1]:2948", "[::1]:2948"), ("::1", "[::1]:2947")])
    func addressParsing(text: String, expected: String) throws {
        #expect(try #require(GPSDAddress(text)).description == expected)
    }

    @Test(arguments: ["", "host:", "host:99999", "host:abc", "[::1", "a b"])
    func malformedAddresses(text: String) {
        #expect(GPSDAddress(text) == nil)
    }
}

final class ProgressLog: Sendable {
    private let stored = Mutex<[(Int, Int)]>([])
    var entries: [(Int, Int)] { stored.withLock { $0 } }
    func append(_ visible: Int, _ used: Int) { stored.withLock { $0.append((visible, used)) } }
}

/// What a watching test has seen so far (updated from the stream's task).
private struct SeenWhileWatching: Sendable {
    var satellites = false, loss = false, retry = false
    var fixes = 0, staleAfterFix = false, removed = false
}
