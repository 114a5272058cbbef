import ForecastlyBase
import Foundation
import Testing
import TestSupport
@testable import ForecastlySimulation

/// The simulated GeoClue's decisions, without a bus: who is told what, when.
@Suite struct GeoClueWorldTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static func fix(_ latitude: Double, _ longitude: Double, accuracy: Double = 5) -> ServedFix {
        ServedFix(latitude: latitude, longitude: longitude, accuracy: accuracy, time: now)
    }

    /// A world with one client of `app` asking `level`, started; its id.
    static func started(_ world: inout GeoClueWorld, app: String = "org.example.Maps", level: UInt32 = 8) throws -> Int {
        let (id, _) = world.client(for: ":1.7", new: false)
        _ = world.set("DesktopId", of: id, text: app)
        _ = world.set("RequestedAccuracyLevel", of: id, number: level)
        _ = try world.start(id, now: now).get()
        return id
    }

    static func told(_ effects: [GeoClueEffect]) -> Int {
        effects.filter { if case .locationUpdated = $0 { true } else { false } }.count
    }

    @Test func getClientIsOnePerPeerAndCreateClientAlwaysNew() {
        var world = GeoClueWorld(apps: [:], switchOn: true, uid: 1000)
        let (first, _) = world.client(for: ":1.7", new: false)
        #expect(world.client(for: ":1.7", new: false).0 == first)
        #expect(world.client(for: ":1.7", new: true).0 != first)
        #expect(world.client(for: ":1.8", new: false).0 != first)
        // Another peer cannot delete it.
        _ = world.delete(GeoClueWorld.clientPath(first), by: ":1.8")
        #expect(world.clients[first] != nil)
        _ = world.delete(GeoClueWorld.clientPath(first), by: ":1.7")
        #expect(world.clients[first] == nil)
    }

    @Test func aStartIsRefusedAsGeoClueRefusesIt() {
        var world = GeoClueWorld(apps: ["org.example.No": AppGrant(permission: .denied)], switchOn: true, uid: 1000)
        let (id, _) = world.client(for: ":1.7", new: false)
        #expect(world.start(id, now: Self.now) == .failure(.init(name: "org.freedesktop.DBus.Error.AccessDenied", message: "'DesktopId' property must be set")))
        _ = world.set("DesktopId", of: id, text: "org.example.No")
        let started = world.start(id, now: Self.now)
        guard case .failure(let refusal) = started else { Issue.record("a denied app started"); return }
        #expect(refusal.message.hasPrefix("Agent rejected 'org.example.No' for user '1000'"))
        _ = world.set("DesktopId", of: id, text: "org.example.Yes")
        _ = world.switched(on: false)
        #expect(world.start(id, now: Self.now) == .failure(.init(name: "org.freedesktop.DBus.Error.AccessDenied", message: "Geolocation disabled for UID 1000")))
        _ = world.switched(on: true)
        #expect((try? world.start(id, now: Self.now).get()) != nil)
        #expect(world.clients[id]?.active == true && world.inUse)
    }

    @Test func thresholdsHoldBackWhatIsNoNews() throws {
        var world = GeoClueWorld(apps: [:], switchOn: true, uid: 1000)
        let id = try Self.started(&world)
        _ = world.set("DistanceThreshold", of: id, number: 500)
        _ = world.set("TimeThreshold", of: id, number: 60)
        #expect(Self.told(world.report(Self.fix(52.52, 13.41), now: Self.now)) == 1)
        #expect(Self.told(world.report(Self.fix(52.53, 13.41), now: Self.now.addingTimeInterval(30))) == 0)   // too soon
        #expect(Self.told(world.report(Self.fix(52.5201, 13.41), now: Self.now.addingTimeInterval(90))) == 0) // 11 m: too near
        #expect(Self.told(world.report(Self.fix(52.53, 13.41), now: Self.now.addingTimeInterval(90))) == 1)
        #expect(world.clients[id]?.positionsTold == 2)
        // Each client keeps its newest two Location objects.
        #expect(world.locations.values.filter { $0.client == id }.count == 2)
    }

    @Test func aCityGrantIsToldACoarsenedPositionAndNothingFiner() throws {
        var world = GeoClueWorld(apps: ["*": AppGrant(accuracy: .city)], switchOn: true, uid: 1000)
        let id = try Self.started(&world, level: 8)
        #expect(world.clients[id]?.level == .city)
        _ = world.report(Self.fix(52.5212, 13.4098), now: Self.now)
        let location = try #require(world.locations.values.first)
        #expect(location.accuracy == 15_000 && location.description != "GPS" && location.speed == -1)
        #expect(location.latitude != 52.5212 && abs(location.latitude - 52.5212) * 111_320 < 15_000)
        // A move within the grid cell is no news at city level.
        #expect(Self.told(world.report(Self.fix(52.5213, 13.4099), now: Self.now.addingTimeInterval(10))) == 0)
        #expect(world.violations.isEmpty)
    }

    @Test func revokedOrSwitchedOffARunningClientStopsAndIsToldNothing() throws {
        var world = GeoClueWorld(apps: [:], switchOn: true, uid: 1000)
        let maps = try Self.started(&world, app: "org.example.Maps")
        let (other, _) = world.client(for: ":1.9", new: false)
        _ = world.set("DesktopId", of: other, text: "org.example.Other")
        _ = world.set("RequestedAccuracyLevel", of: other, number: 6)
        _ = try world.start(other, now: Self.now).get()
        #expect(world.clients[other]?.level == .street)
        _ = world.apply(AppChange(id: "org.example.Maps", permission: .denied))
        #expect(world.clients[maps]?.active == false && world.clients[other]?.active == true)
        #expect(Self.told(world.report(Self.fix(52.52, 13.41), now: Self.now)) == 1)  // the other only
        _ = world.switched(on: false)
        #expect(!world.inUse)
        #expect(Self.told(world.report(Self.fix(52.60, 13.41), now: Self.now.addingTimeInterval(60))) == 0)
        #expect(world.violations.isEmpty)
    }

    /// A client chooses its DesktopId, and the transcript goes to a
    /// terminal: an escape sequence in it is shown stripped, in every line
    /// that names the client (found by the dbus-clients harness:
    /// Tests/Fixtures/fuzz/dbus-client-desktop-id-with-escape.bin). The
    /// status keeps the id as given; JSON escapes it.
    @Test func aDesktopIdCannotReachTheTerminalRaw() throws {
        var world = GeoClueWorld(apps: ["*": AppGrant(permission: .asked, answerAllows: false)], switchOn: true, uid: 1000)
        let (id, _) = world.client(for: ":1.7", new: false)
        _ = world.set("DesktopId", of: id, text: "maps\u{1B}]0;owned\u{07}\u{1B}[2J\u{202E}")
        let started = world.start(id, now: Self.now)
        guard case .failure(let refusal) = started else { Issue.record("a denied app started"); return }
        let line = world.refusalLine(id, refusal)
        #expect(line.contains("maps"))
        #expect(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x202E })
        #expect(world.clients[id]?.desktopID.contains("\u{1B}") == true)

        let reproducer = try [UInt8](Data(contentsOf: Fixtures.url("fuzz/dbus-client-desktop-id-with-escape.bin")))
        let said = ServedClients.conversation(reproducer)
        #expect(!said.log.isEmpty)
        for line in said.log { #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(line.debugDescription)") }
        #expect(said.violations.isEmpty)
        #expect(said.status != nil)
    }

    /// A running client that sets another DesktopId keeps what its agent
    /// authorized at Start, and its grant's changes follow that id; the new
    /// id counts from its next Start (found by the dbus-clients harness:
    /// the world named a running client by its new id, and the privacy
    /// check saw an exact position told to an app granted only the city).
    @Test func aRunningClientIsGrantedAsItStarted() throws {
        var world = GeoClueWorld(apps: ["maps": AppGrant(), "*": AppGrant(accuracy: .city)], switchOn: true, uid: 1000)
        let id = try Self.started(&world, app: "maps")
        _ = world.set("DesktopId", of: id, text: "other")
        #expect(Self.told(world.report(Self.fix(52.52, 13.41), now: Self.now)) == 1)
        #expect(world.clients[id]?.level == .exact)
        _ = world.apply(AppChange(id: "other", permission: .denied))
        #expect(world.clients[id]?.active == true)
        _ = world.apply(AppChange(id: "maps", accuracy: .city))
        #expect(world.clients[id]?.level == .city)
        _ = world.stop(id, why: "it called Stop")
        #expect(throws: GeoClueWorld.Refusal.self) { try world.start(id, now: Self.now).get() }  // "other" is denied now
        #expect(world.violations.isEmpty)

        let reproducer = try [UInt8](Data(contentsOf: Fixtures.url("fuzz/dbus-client-renamed-while-running.bin")))
        #expect(ServedClients.conversation(reproducer).violations.isEmpty)
    }

    /// A position the world decided to tell and the bus could not send is
    /// a broken promise (liveness), naming the client.
    @Test func aPositionTheBusCouldNotSendIsABrokenPromise() throws {
        var world = GeoClueWorld(apps: [:], switchOn: true, uid: 1000)
        let id = try Self.started(&world, app: "org.example.Maps")
        #expect(Self.told(world.report(Self.fix(52.52, 13.41), now: Self.now)) == 1)
        #expect(world.violations.isEmpty)
        world.undelivered(GeoClueWorld.clientPath(id), reason: "Broken pipe")
        #expect(world.violations == ["client \(id) (org.example.Maps, :1.7) was not sent a position it was allowed: Broken pipe"])
    }

    /// Exactness: every level's coarsened position is the story's within
    /// half a grid cell each way, anywhere on Earth (the poles and the date
    /// line too); a position moved further is not the story's.
    @Test func aCoarsenedPositionIsStillTheStorys() throws {
        var generator = SystemRandomNumberGenerator()
        let points = [(89.99, 179.99), (-89.99, -179.99), (0, 180), (52.52, 13.41)]
            + (0..<500).map { _ in (Double.random(in: -90...90, using: &generator), Double.random(in: -180...180, using: &generator)) }
        for (latitude, longitude) in points {
            let fix = ServedFix(latitude: latitude, longitude: longitude, accuracy: 5, time: Self.now)
            for level in AccuracyLevel.allCases {
                let shown = GeoClueWorld.coarsened(fix, to: level)
                #expect(GeoClueWorld.isTheStorys(shown.coordinate, fix, level: level), "\(latitude),\(longitude) at \(level)")
            }
        }
        let moved = try Coordinate(latitude: 52.62, longitude: 13.41)  // 11 km north
        #expect(!GeoClueWorld.isTheStorys(moved, Self.fix(52.52, 13.41), level: .exact))
        #expect(!GeoClueWorld.isTheStorys(moved, Self.fix(52.52, 13.41), level: .neighborhood))
        #expect(GeoClueWorld.isTheStorys(moved, Self.fix(52.52, 13.41), level: .country))
    }
}

extension GeoClueWorld.Refusal: CustomStringConvertible {
    public var description: String { "\(name): \(message)" }
}
