import ForecastlyBase
import Foundation
@testable import LocationProvider
import Testing
import TestSupport

/// GeoClue through the real daemon (2.6 on Debian 12) on a private system
/// bus, fed real receiver logs; each test starts and stops its own.
@Suite(.serialized, .enabled(if: GeoClueSandbox.unavailableReason == nil, "\(GeoClueSandbox.unavailableReason ?? "")"))
struct GeoClueLocationProviderTests {
    /// A receiver standing still: every fix of the log is the same place.
    static let stationary = Fixtures.url("gpsd/firefly-II.log")

    /// forecastly's client in this test process, on the sandbox's bus (named
    /// to it: setting the environment would race with other tests' threads).
    static func locate(_ sandbox: GeoClueSandbox, timeout: Duration = .seconds(8), accuracy: LocationAccuracy = .full) async throws(LocationError) -> LocationFix {
        try await GeoClueLocationProvider(accuracy: accuracy, busAddress: sandbox.busAddress).currentLocation(timeout: timeout)
    }

    @Test func theFirstFixIsWhatGeoClueTellsAnyClientAndWhatGpsdSays() async throws {
        let fix = try await GeoClueSandbox.with(.init(log: Self.stationary)) { sandbox in
            let ours = try await Self.locate(sandbox)
            let plain = try await sandbox.plainClientFix()
            #expect(abs(ours.coordinate.latitude - plain.latitude) < 1e-6)
            #expect(abs(ours.coordinate.longitude - plain.longitude) < 1e-6)
            #expect(ours.source == .geoclue)
            return ours
        }
        // gpsd's first fix for the same log, through gpsfake, paced (the piped
        // replay ends in two seconds, and on a busy machine the client came
        // after it: "no receiver", seen in a full run).
        let gpsd = try await GPSFake.with(log: Self.stationary, pacing: .paced) { gps in
            try await GPSDLocationProvider(address: GPSDAddress(gps.address)!).currentLocation(timeout: .seconds(10))
        }
        #expect(abs(fix.coordinate.latitude - gpsd.coordinate.latitude) < 1e-4)
        #expect(abs(fix.coordinate.longitude - gpsd.coordinate.longitude) < 1e-4)
    }

    /// A receiver that starts with "no fix" placeholders (89°60'N 0°E, and
    /// zeros), as gpsd's regression logs do: GeoClue passes them on,
    /// forecastly waits for the first real position.
    @Test func placeholdersAreNeverAFix() async throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("placeholders-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: log) }
        // GeoClue dates a GGA fix today (UTC), or yesterday when that would be
        // more than a minute ahead of its clock, and ignores one older than
        // the position it holds: so the placeholders are stamped 40 s ago and
        // the log's real fixes from 35 s ago on, whatever the hour (the log's
        // own times, just after 00:59, are ahead of the clock for the first
        // hour of every day). Its "yesterday" is today's day of the month less
        // one, which on the 1st is no date: in the first 41 s of a month it waits.
        var now = Date()
        let intoTheDay = now.timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400)
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        if intoTheDay < 41, utc.component(.day, from: now) == 1 {
            try await Task.sleep(for: .seconds(41 - intoTheDay))
            now = Date()
        }
        func stamp(_ date: Date) -> String {
            let seconds = Int(date.timeIntervalSince1970) % 86_400
            return String(format: "%02d%02d%02d.00", seconds / 3600, seconds % 3600 / 60, seconds % 60)
        }
        let placeholders = [
            "GPGGA,\(stamp(now - 40)),8960.0000,N,00000.0000,E,0,00,50.0,0.0,M,0.0,M,,0000",
            "GPRMC,\(stamp(now - 40)),V,8960.0000,N,00000.0000,E,0.00,0.00,010120,,,N",
            "GPGGA,\(stamp(now - 39)),0000.0000,N,00000.0000,E,0,00,50.0,0.0,M,0.0,M,,0000",
        ].map(Self.sentence).joined()
        // The log's GGA and RMC sentences, their times moved to 35 s ago on, one second apart as recorded.
        var step = 0.0
        let real = try String(contentsOf: Self.stationary, encoding: .utf8).split(separator: "\n").map { line -> String in
            guard line.hasPrefix("$GPGGA,") || line.hasPrefix("$GPRMC,"), let star = line.firstIndex(of: "*") else { return String(line) + "\n" }
            var fields = line[line.index(after: line.startIndex)..<star].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            if line.hasPrefix("$GPGGA,") { step += 1 }
            fields[1] = stamp(now - 36 + step)
            return Self.sentence(fields.joined(separator: ","))
        }.joined()
        try (placeholders + real).write(to: log, atomically: true, encoding: .utf8)
        try await GeoClueSandbox.with(.init(log: log)) { sandbox in
            let fix = try await Self.locate(sandbox)
            #expect(!(fix.coordinate.latitude == 0 && fix.coordinate.longitude == 0))
            #expect(abs(fix.coordinate.latitude) < 89)
        }
    }

    /// "$BODY*XX\r\n" with BODY's checksum.
    static func sentence(_ body: String) -> String {
        let sum = body.utf8.reduce(UInt8(0), ^)
        return "$\(body)*\(String(format: "%02X", sum))\r\n"
    }

    @Test func theDesktopSwitchOffIsARestriction() async throws {
        try await GeoClueSandbox.with(.init(agentLevel: 0, log: Self.stationary)) { sandbox in
            await #expect(throws: LocationError.restricted(.desktopSwitchOff, source: .geoclue)) { try await Self.locate(sandbox) }
        }
    }

    @Test func theAdministratorsRefusalInGeoClueConfigurationIsARestriction() async throws {
        let before = try? Data(contentsOf: URL(fileURLWithPath: Restriction.geoclueConfigurationPath))
        try await GeoClueSandbox.with(.init(log: Self.stationary, forbidForecastly: true)) { sandbox in
            await #expect(throws: LocationError.restricted(.geoclueConfiguration(path: Restriction.geoclueConfigurationPath), source: .geoclue)) {
                try await Self.locate(sandbox)
            }
        }
        // The daemon read a bind-mounted copy: the machine's file is as it was, byte for byte.
        #expect((try? Data(contentsOf: URL(fileURLWithPath: Restriction.geoclueConfigurationPath))) == before)
    }

    @Test func withoutAnAgentTheTimeoutSaysNoDesktopSessionAnswers() async throws {
        try await GeoClueSandbox.with(.init(agentLevel: nil, log: Self.stationary)) { sandbox in
            // The error says what ended the wait; how long it took is the machine's business.
            await #expect(throws: LocationError.geoclueNoAgent(timeoutSeconds: 2)) { try await Self.locate(sandbox, timeout: .seconds(2)) }
            #expect(LocationError.geoclueNoAgent(timeoutSeconds: 2).summary.contains("no desktop session answers"))
        }
    }

    /// A desktop that allows only city-level accuracy: GeoClue does not start
    /// its NMEA source for this client (city is coarser than a receiver), so
    /// with NMEA as its only source no position comes, and the wait ends
    /// with a timeout that points at the accuracy setting.
    @Test func aCityCapWithOnlyAReceiverGivesNoFixInTime() async throws {
        try await GeoClueSandbox.with(.init(agentLevel: 4, log: Self.stationary)) { sandbox in
            let error = await #expect(throws: LocationError.self) { try await Self.locate(sandbox, timeout: .seconds(2)) }
            #expect(error == .geoclueNoFix(timeoutSeconds: 2, placeholders: 0))
            #expect(error?.advice?.contains("accuracy") == true)
        }
    }

    @Test func geoClueAbsentIsUnavailable() async throws {
        try await GeoClueSandbox.with(.init(geoclue: false)) { sandbox in
            let error = await #expect(throws: LocationError.self) { try await Self.locate(sandbox, timeout: .seconds(2)) }
            #expect(error == .geoclueUnavailable(reason: MessageText("GeoClue is not installed (package geoclue-2.0)")))
            #expect(error?.exitStatus == .unavailable)
        }
    }

    @Test func switchedOffWhileWatchingEndsTheUpdates() async throws {
        try await GeoClueSandbox.with(.init(log: Self.stationary)) { sandbox in
            let ending = try await withThrowingTaskGroup(of: LocationError?.self) { group in
                group.addTask {
                    var sawFix = false
                    for await update in GeoClueLocationProvider(busAddress: sandbox.busAddress).updates() {
                        switch update {
                        case .fix:
                            if !sawFix { sandbox.switchOff() }
                            sawFix = true
                        case .diagnostic(.failed(let error)):
                            return sawFix ? error : nil
                        case .diagnostic:
                            continue
                        }
                    }
                    return nil
                }
                group.addTask {
                    try await Task.sleep(for: .seconds(10))
                    return nil
                }
                let first = try await group.next() ?? nil
                group.cancelAll()
                return first
            }
            #expect(ending == .restricted(.desktopSwitchOff, source: .geoclue))
        }
    }
}

/// What needs no daemon: the placeholder rule and the error mapping.
@Suite struct GeoClueFixTests {
    static let placeholders: [(Double, Double)] = [(0, 0), (90, 0), (-90, 0)]
    static let real: [(Double, Double)] = [(0, 0.0001), (89.9999, 0), (45.8150, 15.9819), (-33.9, 18.4)]

    @Test(arguments: placeholders)
    func placeholdersAreNotFixes(latitude: Double, longitude: Double) {
        #expect(GeoClueFix(latitude: latitude, longitude: longitude, accuracy: 0, timestamp: nil).locationFix(receivedAt: Date()) == nil)
    }

    @Test(arguments: real)
    func realPositionsAreFixes(latitude: Double, longitude: Double) {
        let fix = GeoClueFix(latitude: latitude, longitude: longitude, accuracy: 3, timestamp: nil).locationFix(receivedAt: Date())
        #expect(fix?.coordinate.latitude == latitude)
        #expect(fix?.accuracy == .full)
    }

    @Test func kilometresOfAccuracyAreReduced() {
        let fix = GeoClueFix(latitude: 45.8, longitude: 15.9, accuracy: 25_000, timestamp: nil).locationFix(receivedAt: Date())
        #expect(fix?.accuracy == .reduced)
    }

    static let errors: [(String, String, LocationError)] = [
        ("org.freedesktop.DBus.Error.AccessDenied", "Geolocation disabled for UID 1000", .restricted(.desktopSwitchOff, source: .geoclue)),
        ("org.freedesktop.DBus.Error.AccessDenied", "'forecastly' disallowed by configuration for UID 1000",
         .restricted(.geoclueConfiguration(path: "/etc/geoclue/geoclue.conf"), source: .geoclue)),
        ("org.freedesktop.DBus.Error.AccessDenied", "Agent rejected 'forecastly' for user '1000'.", .denied),
        ("org.freedesktop.DBus.Error.ServiceUnknown", "The name org.freedesktop.GeoClue2 was not provided by any .service files",
         .geoclueUnavailable(reason: MessageText("GeoClue is not installed (package geoclue-2.0)"))),
        ("org.freedesktop.DBus.Error.Spawn.ChildExited", "Process org.freedesktop.GeoClue2 exited with status 1",
         .geoclueUnavailable(reason: MessageText("GeoClue could not be started ({reason})", ["reason": "Process org.freedesktop.GeoClue2 exited with status 1"]))),
        ("org.freedesktop.DBus.Error.Failed", "Something else.", .geoclueUnavailable(reason: .verbatim("org.freedesktop.DBus.Error.Failed: Something else"))),
        ("org.freedesktop.DBus.Error.Timeout", "Connection timed out", .geoclueNoAgent(timeoutSeconds: 0)),
    ]

    @Test(arguments: errors)
    func dbusErrorsMeanWhatTheyMean(name: String, message: String, expected: LocationError) {
        #expect(GeoClueSession.failure(name: name, message: message, code: -1) == expected)
    }
}
