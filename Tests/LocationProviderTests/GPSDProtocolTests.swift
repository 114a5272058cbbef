import Foundation
@testable import LocationProvider
import Testing
import TestSupport

/// The gpsd backend against a scripted server, for what a real gpsd does
/// only by timing or never: a device nobody announced, messages that are
/// wrong, a peer that is not gpsd.
@Suite struct GPSDProtocolTests {
    static let oneDevice = #"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/ttyACM0","driver":"u-blox","activated":"2026-11-21T08:00:00.000Z"}]}"#
    static let noDevices = #"{"class":"DEVICES","devices":[]}"#

    static func provider(for server: ScriptedGPSD) throws -> GPSDLocationProvider {
        GPSDLocationProvider(address: try #require(GPSDAddress(server.address)))
    }

    /// gpsd listed no device when we connected and announced none while we
    /// waited, yet lists one when asked at the end (a receiver still being
    /// probed at connect time): that is a receiver without a fix.
    @Test func aReceiverListedOnlyWhenAskedAgainIsNoFixNotNoReceiver() async throws {
        let server = try await ScriptedGPSD { $0 == "?DEVICES" ? [Self.oneDevice] : [] }
        defer { Task { await server.shutdown() } }
        let error = await #expect(throws: LocationError.self) {
            try await Self.provider(for: server).currentLocation(timeout: .seconds(1))
        }
        #expect(error == .noFix(timeoutSeconds: 1, satellitesSeen: nil, satellitesUsed: nil))
        #expect(server.commands.contains("?DEVICES"))
    }

    @Test func noReceiverIsClaimedOnlyAfterAskingAgain() async throws {
        let server = try await ScriptedGPSD { $0 == "?DEVICES" ? [Self.noDevices] : [] }
        defer { Task { await server.shutdown() } }
        await #expect(throws: LocationError.noReceiver(address: server.address)) {
            try await Self.provider(for: server).currentLocation(timeout: .seconds(1))
        }
        #expect(server.commands.contains("?DEVICES"))
    }

    /// Lines no gpsd should send are skipped, never taken for a position:
    /// text that is not JSON, an unknown class, a TPV whose latitude is off
    /// the globe. The first plausible fix is the answer.
    @Test func malformedMessagesAreSkipped() async throws {
        let server = try await ScriptedGPSD(onWatch: ScriptedGPSD.watchReply + [
            Self.oneDevice,
            "this is not JSON",
            #"{"class":"NOVELTY","value":1}"#,
            #"{"class":"TPV","device":"/dev/ttyACM0","mode":3,"lat":123.5,"lon":10.0}"#,
            #"{"class":"TPV","device":"/dev/ttyACM0","mode":3,"lat":48.137154,"lon":11.576124,"eph":4.2}"#,
        ])
        defer { Task { await server.shutdown() } }
        let fix = try await Self.provider(for: server).currentLocation(timeout: .seconds(3))
        #expect(abs(fix.coordinate.latitude - 48.137154) < 1e-9)
        #expect(abs(fix.coordinate.longitude - 11.576124) < 1e-9)
        #expect(fix.accuracyMeters == 4.2)
    }

    /// `--gpsd` pointed at some other service: it answers, but not with
    /// gpsd's VERSION greeting. Said so, not mistaken for a missing receiver.
    @Test(arguments: [
        ["HTTP/1.1 400 Bad Request", "Connection: close", ""],
        [#"{"class":"DEVICES","devices":[]}"#],
        [],
    ])
    func aPeerThatIsNotGpsd(answer: [String]) async throws {
        let server = try await ScriptedGPSD(banner: [], onWatch: answer)
        defer { Task { await server.shutdown() } }
        let error = await #expect(throws: LocationError.self) {
            try await Self.provider(for: server).currentLocation(timeout: .seconds(10))
        }
        #expect(error == .notGpsd(address: server.address))
        #expect(error?.exitStatus == .unavailable)
        #expect(error?.advice?.contains("--gpsd") == true)
    }
}
