import Foundation
import Testing
import TestSupport

/// `forecastly simulate serve` serves org.freedesktop.GeoClue2 on a bus of
/// its own, to GeoClue's own demo client (`where-am-i`, Debian's
/// geoclue-2-demo, which GNOME's libgeoclue drives) and to forecastly's own
/// GeoClue backend: allowed, denied, switched off, coarsened to a city,
/// revoked and allowed again mid-run. Every process is stopped by its PID.
@Suite struct SimulateGeoClueTests {
    typealias Served = SimulateServeTests.Served
    static let whereAmI = "/usr/libexec/geoclue-2.0/demos/where-am-i"
    /// The desktop id where-am-i gives GeoClue.
    static let demo = "geoclue-where-am-i"

    static func story(apps: String = "{}", desktopSwitch: String = "on") -> String {
        """
        {"name": "one fix", "apps": \(apps), "desktopSwitch": "\(desktopSwitch)", "steps": [
          {"at": "0s", "location": {"fix": [52.5212, 13.4098], "accuracy": 6}},
          {"at": "1h", "wait": true}]}
        """
    }

    /// where-am-i for `seconds`, its output (line-buffered, so that what it
    /// printed is there when it is stopped early) and errors.
    static func whereAmI(_ served: Served, seconds: Int) throws -> (Process, ClientOutput) {
        try SimulateServeTests.clientWatched("/usr/bin/stdbuf", ["-oL", Self.whereAmI, "-t", "\(seconds)"],
                                             environment: ["DBUS_SYSTEM_BUS_ADDRESS": served.bus, "LANG": "C.UTF-8"], withErrors: true)
    }

    /// The positions where-am-i printed, in order.
    static func positions(_ output: String) -> [(latitude: Double, longitude: Double, accuracy: Double)] {
        output.matches(of: /Latitude:\s+(-?[\d.]+)[^\n]*\nLongitude:\s+(-?[\d.]+)[^\n]*\nAccuracy:\s+([\d.]+) meters/).compactMap { match in
            guard let latitude = Double(match.output.1), let longitude = Double(match.output.2), let accuracy = Double(match.output.3) else { return nil }
            return (latitude, longitude, accuracy)
        }
    }

    static func control(_ served: Served, _ words: [String]) async throws -> CLIResult {
        try await CLI.run(["simulate", "ctl"] + words, environment: ["FORECASTLY_SIMULATE_CONTROL": served.control], home: FileManager.default.temporaryDirectory)
    }

    /// Waits until GeoClue has an active client that was told `told`
    /// positions (a client started on a busy machine may come late).
    static func untilActive(_ served: Served, told: Int = 0) async throws {
        for _ in 0..<600 {
            let status = try await control(served, ["status", "--json"])
            let object = try? JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
            let clients = (object?["geoclue"] as? [String: Any])?["clients"] as? [[String: Any]] ?? []
            if clients.contains(where: { $0["active"] as? Bool == true && ($0["positionsTold"] as? Int ?? 0) >= told }) { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("no GeoClue client became active and was told \(told) positions")
    }

    @Test func whereAmIIsToldTheStorysPositionThenWhereItMoves() async throws {
        try await SimulateServeTests.serving([], story: Self.story(apps: #"{"\#(Self.demo)": "allowed"}"#)) { served in
            let (client, output) = try Self.whereAmI(served, seconds: 120)
            try await Self.untilActive(served)
            #expect(try await Self.control(served, ["move", "52.5300,13.4200"]).status == 0)
            try await Self.untilActive(served, told: 2)
            // Told twice, it prints twice: wait for that, not for a time.
            #expect(await output.printed { Self.positions($0).count == 2 })
            kill(client.processIdentifier, SIGKILL)  // a child of Foundation's Process may have SIGTERM blocked
            let printed = await output.whole.value
            let positions = Self.positions(printed)
            #expect(positions.count == 2, "\(printed)")
            #expect(positions.first.map { abs($0.latitude - 52.5212) < 1e-6 && abs($0.longitude - 13.4098) < 1e-6 && $0.accuracy == 6 } == true)
            #expect(positions.last.map { abs($0.latitude - 52.53) < 1e-6 && abs($0.longitude - 13.42) < 1e-6 } == true)
            #expect(printed.contains("Description: GPS"))
        }
    }

    @Test(arguments: [
        (#"{"geoclue-where-am-i": "denied"}"#, "on", "Agent rejected 'geoclue-where-am-i'"),
        (#"{"*": {"permission": "asked", "answer": "deny"}}"#, "on", "Agent rejected 'geoclue-where-am-i'"),
        ("{}", "off", "Geolocation disabled for UID"),
    ])
    func aRefusalIsGeoCluesOwn(apps: String, desktopSwitch: String, refusal: String) async throws {
        try await SimulateServeTests.serving([], story: Self.story(apps: apps, desktopSwitch: desktopSwitch)) { served in
            let (client, output) = try Self.whereAmI(served, seconds: 10)
            let printed = await output.whole.value
            #expect(printed.contains("org.freedesktop.DBus.Error.AccessDenied: \(refusal)"), "\(printed)")
            #expect(Self.positions(printed).isEmpty)
            #expect(client.terminationStatus != 0)
        }
    }

    /// A city-level grant: a position on a grid kilometres wide, with a city's accuracy, as GeoClue coarsens it.
    @Test func aCityGrantIsToldACityPosition() async throws {
        try await SimulateServeTests.serving([], story: Self.story(apps: #"{"*": {"permission": "asked", "answer": "allow", "accuracy": "city"}}"#)) { served in
            let (_, output) = try Self.whereAmI(served, seconds: 3)
            let printed = await output.whole.value
            let position = try #require(Self.positions(printed).first, "\(printed)")
            #expect(position.accuracy == 15_000)
            let moved = hypot((position.latitude - 52.5212) * 111_320, (position.longitude - 13.4098) * 111_320 * cos(52.52 * .pi / 180))
            #expect(moved > 100 && moved < 15_000, "told \(position), \(moved) m from the truth")
        }
    }

    /// Revoked mid-run: the running client is stopped and told nothing more;
    /// allowed again, a client that starts is told where the receiver is.
    @Test func revokedMidRunThenAllowedAgain() async throws {
        try await SimulateServeTests.serving([], story: Self.story()) { served in
            let (_, first) = try Self.whereAmI(served, seconds: 8)
            try await Self.untilActive(served)
            #expect(try await Self.control(served, ["revoke", Self.demo]).status == 0)
            #expect(try await Self.control(served, ["move", "52.5300,13.4200"]).status == 0)
            let told = Self.positions(await first.whole.value)
            #expect(told.count == 1 && told.allSatisfy { abs($0.latitude - 52.5212) < 1e-6 }, "\(told)")
            #expect(try await Self.control(served, ["allow", Self.demo]).status == 0)
            let again = Self.positions(await (try Self.whereAmI(served, seconds: 3)).1.whole.value)
            #expect(again.count == 1 && again.allSatisfy { abs($0.latitude - 52.53) < 1e-6 }, "\(again)")
            let status = try await Self.control(served, ["status"])
            #expect(status.stdout.contains("GeoClue"), "\(status.stdout)")
        }
    }

    /// forecastly's own GeoClue backend (sd-bus) against the served story:
    /// it locates, and when the desktop's switch goes off it says so (77).
    @Test func forecastlysOwnGeoClueBackendLocatesAndHearsTheSwitch() async throws {
        try await SimulateServeTests.serving([], story: Self.story()) { served in
            let home = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-geoclue-client-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: home) }
            #expect(try await CLI.run(["location", "allow"], home: home).status == 0)
            let environment = ["DBUS_SYSTEM_BUS_ADDRESS": served.bus]
            let located = try await CLI.run(["location", "--source", "geoclue", "--json"], environment: environment, home: home)
            #expect(located.status == 0, "\(located.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(located.stdout.utf8)) as? [String: Any]
            #expect(object?["latitude"] as? Double == 52.5212 && object?["longitude"] as? Double == 13.4098, "\(located.stdout)")
            #expect(object?["source"] as? String == "geoclue")
            #expect(try await Self.control(served, ["switch", "off"]).status == 0)
            let off = try await CLI.run(["location", "--source", "geoclue"], environment: environment, home: home)
            #expect(off.status == 77)
            #expect(off.stderr.contains("Location Services are switched off"), "\(off.stderr)")
        }
    }

    /// Without dbus-daemon there is no bus to serve GeoClue on: one line, exit 69, nothing left running.
    @Test func withoutDbusDaemonServeSaysSo() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-nobus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let story = home.appendingPathComponent("story.json")
        try Self.story().write(to: story, atomically: true, encoding: .utf8)
        let result = try await CLI.run(["simulate", "serve", "--scenario", story.path], environment: ["PATH": home.path], home: home)
        #expect(result.status == 69)
        #expect(result.stderrLines == ["forecastly: The simulated GeoClue needs a D-Bus bus of its own, which cannot be started: dbus-daemon is not on the PATH. "
                                       + "Install dbus-daemon (sudo apt install dbus-daemon) and libsystemd0."], "\(result.stderr)")
        #expect(!result.stdout.contains("ready"))
    }

    @Test func aControlCommandOutsideTheFormatIsRefused() async throws {
        try await SimulateServeTests.serving([], story: Self.story()) { served in
            let bad = try await Self.control(served, ["accuracy", "metre"])
            #expect(bad.status == 64)
            #expect(bad.stderr.contains("accuracy takes none, country, city"), "\(bad.stderr)")
        }
    }
}
