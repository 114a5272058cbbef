import Foundation
import Testing
import TestSupport

/// `forecastly simulate serve` serves the location portal
/// (org.freedesktop.portal.Location on a session bus of its own) to a
/// portal client written as a Flatpak app's Python is (Gio): a grant, a
/// refusal from the permission store, the desktop's switch, and a
/// revocation mid-session. Every process is stopped by its PID.
@Suite struct SimulatePortalTests {
    typealias Served = SimulateServeTests.Served
    static let client = Fixtures.url("portal/portal-client.py").path

    static func portalClient(_ served: Served, locations: Int, seconds: Int) throws -> (Process, Task<String, Never>) {
        let bus = served.settings.first { $0.hasPrefix("export DBUS_SESSION_BUS_ADDRESS=") }?.dropFirst("export DBUS_SESSION_BUS_ADDRESS=".count).description ?? ""
        return try SimulateServeTests.clientStarted("/usr/bin/python3", [client, "\(locations)", "\(seconds)"],
                                                    environment: ["DBUS_SESSION_BUS_ADDRESS": bus, "LANG": "C.UTF-8"], withErrors: true)
    }

    /// "location 52.521200 13.409800 6.0" lines, as numbers.
    static func locations(_ output: String) -> [[Double]] {
        output.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("location ") }.map { $0.split(separator: " ").dropFirst().compactMap { Double($0) } }
    }

    /// Waits until the portal has a started session that was told `told` positions.
    static func untilStarted(_ served: Served, told: Int = 0) async throws {
        for _ in 0..<600 {
            let status = try await SimulateGeoClueTests.control(served, ["status", "--json"])
            let object = try? JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
            let sessions = (object?["portal"] as? [String: Any])?["sessions"] as? [[String: Any]] ?? []
            if sessions.contains(where: { $0["started"] as? Bool == true && ($0["positionsTold"] as? Int ?? 0) >= told }) { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("no portal session started and was told \(told) positions")
    }

    @Test func aGrantedSessionIsToldThePositionThenWhereItMoves() async throws {
        try await SimulateServeTests.serving([], story: SimulateGeoClueTests.story()) { served in
            let (_, output) = try Self.portalClient(served, locations: 2, seconds: 60)
            try await Self.untilStarted(served, told: 1)
            #expect(try await SimulateGeoClueTests.control(served, ["move", "52.5300,13.4200"]).status == 0)
            let printed = await output.value
            #expect(printed.contains("response 0"), "\(printed)")
            #expect(Self.locations(printed) == [[52.5212, 13.4098, 6], [52.53, 13.42, 6]], "\(printed)")
        }
    }

    @Test(arguments: [
        (#"{"": "denied"}"#, "on", 1),
        (#"{"*": {"permission": "asked", "answer": "deny"}}"#, "on", 1),
        ("{}", "off", 2),
    ])
    func aRefusalIsTheRequestsResponse(apps: String, desktopSwitch: String, response: Int) async throws {
        try await SimulateServeTests.serving([], story: SimulateGeoClueTests.story(apps: apps, desktopSwitch: desktopSwitch)) { served in
            let printed = try await Self.portalClient(served, locations: 1, seconds: 20).1.value
            #expect(printed.contains("response \(response)"), "\(printed)")
            #expect(Self.locations(printed).isEmpty)
        }
    }

    /// Revoked mid-session: the portal closes the session, and nothing more is told.
    @Test func aRevocationClosesTheSession() async throws {
        try await SimulateServeTests.serving([], story: SimulateGeoClueTests.story()) { served in
            let (_, output) = try Self.portalClient(served, locations: 5, seconds: 60)
            try await Self.untilStarted(served, told: 1)
            #expect(try await SimulateGeoClueTests.control(served, ["revoke"]).status == 0)
            #expect(try await SimulateGeoClueTests.control(served, ["move", "52.5300,13.4200"]).status == 0)
            let printed = await output.value
            #expect(printed.contains("closed"), "\(printed)")
            #expect(Self.locations(printed) == [[52.5212, 13.4098, 6]], "\(printed)")
        }
    }
}
