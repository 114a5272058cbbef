import ForecastlyBase
import Foundation
@testable import LocationProvider
import Synchronization
import Testing
import TestSupport

/// The gpsd backend against a scripted server, for what a real gpsd does
/// only by timing or never: a device nobody announced, messages that are
/// wrong, a peer that is not gpsd.
@Suite struct GPSDProtocolTests {
    static let oneDevice = #"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/ttyACM0","driver":"u-blox","activated":"2026-11-21T08:00:00.000Z"}]}"#
    static let noDevices = #"{"class":"DEVICES","devices":[]}"#

    /// How long a test waits for a fix it knows will not come. The answer
    /// depends on the server's VERSION greeting arriving within it, which on
    /// a machine busy with the parallel CLI tests can take over a second.
    static let patience: Duration = .seconds(5)

    /// Asking again whether gpsd has a receiver waits as long: the scripted
    /// server answers at once, but on a busy machine its answer can take
    /// longer than the 2 s a user waits for.
    static func provider(for server: ScriptedGPSD) throws -> GPSDLocationProvider {
        GPSDLocationProvider(address: try #require(GPSDAddress(server.address)), deviceCheckPatience: patience)
    }

    /// gpsd listed no device when we connected and announced none while we
    /// waited, yet lists one when asked at the end (a receiver still being
    /// probed at connect time): that is a receiver without a fix.
    @Test func aReceiverListedOnlyWhenAskedAgainIsNoFixNotNoReceiver() async throws {
        try await ScriptedGPSD.with(answer: { $0 == "?DEVICES" ? [Self.oneDevice] : [] }) { server in
            let error = await #expect(throws: LocationError.self) {
                try await Self.provider(for: server).currentLocation(timeout: Self.patience)
            }
            #expect(error == .noFix(timeoutSeconds: Self.patience.inSeconds, satellitesSeen: nil, satellitesUsed: nil))
            #expect(server.commands.contains("?DEVICES"))
        }
    }

    @Test func noReceiverIsClaimedOnlyAfterAskingAgain() async throws {
        try await ScriptedGPSD.with(answer: { $0 == "?DEVICES" ? [Self.noDevices] : [] }) { server in
            await #expect(throws: LocationError.noReceiver(address: server.address)) {
                try await Self.provider(for: server).currentLocation(timeout: Self.patience)
            }
            #expect(server.commands.contains("?DEVICES"))
        }
    }

    /// A receiver that already has a fix: gpsd's answer to ?POLL is the
    /// answer, without waiting for the receiver's next cycle (this server
    /// sends no TPV of its own), and with the satellites it saw.
    @Test func theFixGpsdHoldsIsTheAnswerAtOnce() async throws {
        let poll = #"{"class":"POLL","time":"2026-11-28T12:00:00.000Z","active":1,"tpv":[{"class":"TPV","device":"/dev/ttyACM0","mode":3,"lat":59.9139,"lon":10.7522,"eph":6.5}],"sky":[{"class":"SKY","device":"/dev/ttyACM0","nSat":11,"uSat":8}]}"#
        try await ScriptedGPSD.with(onWatch: ScriptedGPSD.watchReply + [Self.oneDevice], answer: { $0 == "?POLL" ? [poll] : [] }) { server in
            let fix = try await Self.provider(for: server).currentLocation(timeout: Self.patience)
            #expect(fix.coordinate.latitude == 59.9139 && fix.coordinate.longitude == 10.7522)
            #expect(fix.accuracyMeters == 6.5)
            #expect(fix.gps?.satellitesUsed == 8 && fix.gps?.satellitesVisible == 11)
            #expect(server.commands.contains("?POLL"))
        }
    }

    /// Watching starts from that fix too: a status bar restarted beside a
    /// receiver that has one shows it before the receiver's next cycle.
    @Test func watchingStartsFromTheFixGpsdHolds() async throws {
        let poll = #"{"class":"POLL","active":1,"tpv":[{"class":"TPV","device":"/dev/ttyACM0","mode":2,"lat":59.9139,"lon":10.7522}],"sky":[]}"#
        try await ScriptedGPSD.with(onWatch: ScriptedGPSD.watchReply + [Self.oneDevice], answer: { $0 == "?POLL" ? [poll] : [] }) { server in
            let fixes = Mutex<[Double]>([])
            let seen = try await Self.provider(for: server).updates().watch(for: Self.patience) { update in
                guard case .fix(let fix) = update else { return false }
                fixes.withLock { $0.append(fix.coordinate.latitude) }
                return true
            }
            #expect(seen)
            #expect(fixes.withLock { $0 } == [59.9139])
        }
    }

    /// Lines no gpsd should send are skipped, never taken for a position:
    /// text that is not JSON, an unknown class, a TPV whose latitude is off
    /// the globe. The first plausible fix is the answer.
    @Test func malformedMessagesAreSkipped() async throws {
        try await ScriptedGPSD.with(onWatch: ScriptedGPSD.watchReply + [
            Self.oneDevice,
            "this is not JSON",
            #"{"class":"NOVELTY","value":1}"#,
            #"{"class":"TPV","device":"/dev/ttyACM0","mode":3,"lat":123.5,"lon":10.0}"#,
            #"{"class":"TPV","device":"/dev/ttyACM0","mode":3,"lat":48.137154,"lon":11.576124,"eph":4.2}"#,
        ]) { server in
            let fix = try await Self.provider(for: server).currentLocation(timeout: .seconds(10))
            #expect(abs(fix.coordinate.latitude - 48.137154) < 1e-9)
            #expect(abs(fix.coordinate.longitude - 11.576124) < 1e-9)
            #expect(fix.accuracyMeters == 4.2)
        }
    }

    /// Found by fuzzing: libgps 3.22's gps_read spins for ever (100 % CPU,
    /// no deadline ever checked again) on a device list it cannot read, and
    /// on a position with an object nested in it. Each reproducer is a
    /// mutated recording of gpsd; a real fix (nd-1005's) follows it. The
    /// first fix in the stream is the answer, in seconds.
    @Test(arguments: [
        ("fuzz/gpsd-unreadable-device-list.jsonl", 37.261026667, -121.961181667),
        ("fuzz/gpsd-nested-object-in-position.jsonl", 57.163445, -2.12137),
    ])
    func linesLibgpsSpinsOnAreSkipped(reproducer: String, latitude: Double, longitude: Double) async throws {
        let realFix = #"{"class":"TPV","device":"/dev/pts/1","mode":3,"lat":57.163445000,"lon":-2.121370000,"altHAE":107.5000,"eph":19.000}"#
        let stream = try Fixtures.text(reproducer)
        let lines = stream.split(separator: "\n").map { String($0.dropLast($0.hasSuffix("\r") ? 1 : 0)) } + [realFix]
        try await ScriptedGPSD.with(banner: [], onWatch: lines) { server in
            let provider = try Self.provider(for: server)
            let fix = try #require(await Self.answer(within: .seconds(30)) {
                try? await provider.currentLocation(timeout: .seconds(10))
            }, "the reader hung")
            let coordinate = try #require(fix).coordinate
            #expect(abs(coordinate.latitude - latitude) < 1e-9)
            #expect(abs(coordinate.longitude - longitude) < 1e-9)
        }
    }

    /// A gpsd with five receivers lists five devices: more than libgps's
    /// table holds (it spins on that list too). They count as receivers.
    @Test func aListOfMoreThanFourDevicesMeansAReceiver() async throws {
        let five = (1...5).map { #"{"class":"DEVICE","path":"/dev/ttyUSB\#($0)","driver":"NMEA0183","activated":"2026-11-25T08:00:00.000Z"}"# }
        let devices = #"{"class":"DEVICES","devices":["# + five.joined(separator: ",") + "]}"
        try await ScriptedGPSD.with(onWatch: [devices], answer: { $0 == "?DEVICES" ? [devices] : [] }) { server in
            let provider = try Self.provider(for: server)
            let outcome = await Self.answer(within: .seconds(30)) { () -> LocationError? in
                do throws(LocationError) { _ = try await provider.currentLocation(timeout: .seconds(1)); return nil } catch { return error }
            }
            let error = try #require(outcome, "the reader hung on the device list")
            #expect(error == .noFix(timeoutSeconds: 1, satellitesSeen: nil, satellitesUsed: nil))
        }
    }

    /// The result of `work`, or nil if it has not answered within `limit`.
    /// Not structured on purpose: a reader spinning inside libgps never
    /// returns, and a test must fail rather than wait with it.
    static func answer<T: Sendable>(within limit: Duration, _ work: @escaping @Sendable () async -> T) async -> T? {
        let (answers, answer) = AsyncStream.makeStream(of: T?.self)
        Task.detached { answer.yield(await work()) }
        let timer = Task.detached { try? await Task.sleep(for: limit); answer.yield(nil) }
        defer { timer.cancel() }
        for await first in answers { return first }
        return nil
    }

    /// `--gpsd` pointed at a web server: it answers the WATCH line with an
    /// error page and hangs up. Said at once, not after the timeout, and not
    /// mistaken for gpsd going away.
    @Test func aPeerThatAnswersSomethingElseAndHangsUp() async throws {
        try await ScriptedGPSD.with(
            banner: [], onWatch: ["HTTP/1.1 400 Bad Request", "Connection: close", ""], closeAfterWatch: true) { server in
            let error = await #expect(throws: LocationError.self) {
                try await Self.provider(for: server).currentLocation(timeout: .seconds(30))
            }
            // Not a timeout's error: the hang-up ended the wait.
            #expect(error == .notGpsd(address: server.address))
            #expect(error?.exitStatus == .unavailable)
            #expect(error?.advice?.contains("--gpsd") == true)
        }
    }

    /// A peer that never greets with VERSION (silent, or sending gpsd-like
    /// lines without it) is not gpsd, whatever else it says.
    @Test(arguments: [[String](), [#"{"class":"DEVICES","devices":[]}"#]])
    func aPeerThatNeverGreets(answer: [String]) async throws {
        try await ScriptedGPSD.with(banner: [], onWatch: answer) { server in
            await #expect(throws: LocationError.notGpsd(address: server.address)) {
                try await Self.provider(for: server).currentLocation(timeout: .seconds(1))
            }
        }
    }

    /// Watching a peer that is not gpsd says so and retries with backoff;
    /// the delay grows even though each connection itself succeeds.
    @Test func watchingAPeerThatIsNotGpsdSaysSoAndBacksOff() async throws {
        try await ScriptedGPSD.with(banner: [], onWatch: ["HTTP/1.1 400 Bad Request", ""], closeAfterWatch: true) { server in
            var watching = GPSDLocationProvider.Watching()
            watching.firstRetry = .milliseconds(100)
            let provider = GPSDLocationProvider(address: try #require(GPSDAddress(server.address)), watching: watching)
            let collected = Mutex([String]())
            let ended = await provider.updates().watch(for: .seconds(60)) { update in  // a bound for a stuck provider, not a timing
                guard case .diagnostic(.locationUnavailable(let reason)) = update else { return false }
                return collected.withLock { $0.append(reason); return $0.count == 3 }
            }
            let reasons = collected.withLock { $0 }
            #expect(ended)
            #expect(reasons.allSatisfy { $0.contains("is not gpsd") }, "\(reasons)")
            #expect(reasons.map { $0.components(separatedBy: "Retrying in ").last ?? "" } == ["0.1 s.", "0.2 s.", "0.4 s."])
        }
    }
}
