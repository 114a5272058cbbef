import CDBus
import ForecastlyBase
public import Foundation

/// What D-Bus clients can make the served GeoClue and location portal do,
/// without a bus: `bytes` are read as a program of what clients send
/// (create, set DesktopId and thresholds, start, stop, delete, portal
/// sessions with their options and tokens) mixed with what the story does
/// (positions, the desktop's switch, grants changed). The fuzzing harness
/// follows a client's values through the whole behaviour this way, as
/// `SimulatedGPSD.conversation` does for gpsd's clients; sd-bus has checked
/// each message's signature before these values exist, so the program
/// chooses values, not signatures.
public enum ServedClients {
    /// What the services said and held after the program.
    public struct Conversation: Sendable {
        /// The transcript's lines (what `simulate serve` prints).
        public var log: [String] = []
        /// Every object path the services registered or named in a signal.
        public var paths: [String] = []
        /// Every position a client was told, as it was sent.
        public var told: [(latitude: Double, longitude: Double, accuracy: Double)] = []
        /// Privacy promises broken (each world checks them as it tells).
        public var violations: [String] = []
        /// The services' parts of `simulate ctl status`, serialized as the
        /// control socket serializes them (nil: they were no JSON).
        public var status: Data?
    }

    public static func conversation(_ bytes: [UInt8]) -> Conversation {
        var program = Program(bytes: bytes[...])
        let everyone = ["*": AppGrant(permission: .asked, answerAllows: true, accuracy: .city), "maps": AppGrant()]
        var geoclue = GeoClueWorld(apps: everyone, switchOn: true, uid: 1000)
        var portal = PortalWorld(apps: everyone, switchOn: true)
        var said = Conversation()
        var now = Date(timeIntervalSince1970: 1_800_000_000)
        let peers = [":1.7", ":1.8", ":1.9"]
        let ids = ["maps", "weather", "*", ""]

        func record(_ effects: [GeoClueEffect]) {
            for effect in effects {
                switch effect {
                case .register(let object), .unregister(let object): said.paths.append(object.path)
                case .changed(let path, _, _): said.paths.append(path)
                case .locationUpdated(let client, let old, let new): said.paths += [client, old, new]
                case .log(let line): said.log.append(line)
                }
            }
        }
        func record(_ effects: [PortalEffect]) {
            for effect in effects {
                switch effect {
                case .register(let session), .unregister(let session), .closed(let session, _): said.paths.append(session)
                case .response(let request, _, _): said.paths.append(request)
                case .locationUpdated(let session, _, let location):
                    said.paths.append(session)
                    var values: [String: Double] = [:]
                    for case let (key, .double(value)) in location { values[key] = value }
                    said.told.append((values["Latitude"] ?? .nan, values["Longitude"] ?? .nan, values["Accuracy"] ?? .nan))
                case .log(let line): said.log.append(line)
                }
            }
        }

        while let operation = program.next() {
            now += Double(program.next() ?? 0)
            let peer = peers[Int(program.next() ?? 0) % peers.count]
            let client = Int(program.next() ?? 0) % 5
            switch operation % 12 {
            case 0: record(geoclue.client(for: peer, new: program.next().map { $0 & 1 == 1 } ?? false).1)
            case 1: record(geoclue.set("DesktopId", of: client, text: program.text()))
            case 2:
                let property = ["RequestedAccuracyLevel", "DistanceThreshold", "TimeThreshold"][Int(program.next() ?? 0) % 3]
                record(geoclue.set(property, of: client, number: program.number()))
            case 3:
                switch geoclue.start(client, now: now) {
                case .success(let effects): record(effects)
                case .failure(let refusal): said.log.append(geoclue.refusalLine(client, refusal))
                }
            case 4: record(geoclue.stop(client, why: "it called Stop"))
            case 5: record(geoclue.delete(GeoClueWorld.clientPath(client), by: peer))
            case 6:
                let fix = program.fix(at: now)
                record(geoclue.report(fix, now: now))
                record(portal.report(fix, now: now))
            case 7:
                let on = (program.next() ?? 0) & 1 == 1
                record(geoclue.switched(on: on))
                record(portal.switched(on: on))
            case 8:
                let change = program.change(ids: ids)
                record(geoclue.apply(change))
                record(portal.apply(change))
            case 9:
                let options = (program.next() ?? 0)
                let made = portal.createSession(
                    peer: peer, appID: ids[client % ids.count], token: options & 1 == 1 ? program.text() : nil,
                    accuracy: options & 2 == 2 ? program.number() : nil, distance: options & 4 == 4 ? program.number() : nil,
                    time: options & 8 == 8 ? program.number() : nil)
                if case .success(let (path, effects)) = made { said.paths.append(path); record(effects) }
            case 10:
                let sessions = portal.sessions.keys.sorted()
                let path = sessions.isEmpty ? program.text() : sessions[client % sessions.count]
                if case .success(let (request, effects)) = portal.start(path, peer: peer, token: program.text(), now: now) {
                    said.paths.append(request)
                    record(effects)
                }
            default:
                let sessions = portal.sessions.keys.sorted()
                if !sessions.isEmpty { record(portal.close(sessions[client % sessions.count], by: peer)) }
            }
        }
        for location in geoclue.locations.values.sorted(by: { $0.id < $1.id }) {
            said.told.append((location.latitude, location.longitude, location.accuracy))
        }
        said.violations = geoclue.violations + portal.violations
        let status: [String: Any] = ["geoclue": geoclue.status(), "portal": portal.status()]
        said.status = JSONSerialization.isValidJSONObject(status) ? try? JSONSerialization.data(withJSONObject: status, options: [.sortedKeys]) : nil
        return said
    }

    /// The portal's reader of a client's `a{sv}` options (CreateSession's
    /// and Start's), for the fuzzing harness, which builds `message` (an
    /// sd-bus message, read from its start) from the fuzzer's bytes: the
    /// options the portal takes from it, or nil when it refuses them
    /// ("Invalid options"). sd-bus checks the signature; which types the
    /// dictionary's variants hold is the client's to choose.
    public static func portalOptions(in message: OpaquePointer) -> [String: String]? {
        var reason = [CChar](repeating: 0, count: 256)
        guard let calls = forecastly_sdbus_service_calls(&reason, reason.count) else { return nil }
        return BusConnection(calls: calls).readOptions(message)?.mapValues { "\($0)" }
    }

    /// The fuzzer's bytes, read as values.
    private struct Program {
        var bytes: ArraySlice<UInt8>

        mutating func next() -> UInt8? { bytes.popFirst() }

        mutating func number() -> UInt32 {
            (0..<4).reduce(UInt32(0)) { value, _ in value << 8 | UInt32(next() ?? 0) }
        }

        /// A length, then that many bytes as UTF-8 (invalid sequences become U+FFFD, as D-Bus would refuse them).
        mutating func text() -> String {
            let count = Int(next() ?? 0) % 80
            let taken = bytes.prefix(count)
            bytes = bytes.dropFirst(count)
            return String(decoding: taken, as: UTF8.self)
        }

        /// A position anywhere on Earth (a story's positions are checked when it is read).
        mutating func fix(at time: Date) -> ServedFix {
            // -32768…32767 over 32768: -1 up to just below 1, so -90…90 and -180…180.
            let latitude = Double(Int16(bitPattern: UInt16(next() ?? 0) << 8 | UInt16(next() ?? 0))) / 32_768 * 90
            let longitude = Double(Int16(bitPattern: UInt16(next() ?? 0) << 8 | UInt16(next() ?? 0))) / 32_768 * 180
            let accuracy = next().map { Double($0) * 10 }
            return ServedFix(latitude: latitude, longitude: longitude, altitude: 30, accuracy: accuracy, speed: 1, track: 90, time: time)
        }

        mutating func change(ids: [String]) -> AppChange {
            let flags = next() ?? 0
            let permissions = AppGrant.Permission.allCases, levels = AccuracyLevel.allCases
            return AppChange(
                id: ids[Int(flags) % ids.count],
                permission: flags & 4 == 4 ? permissions[Int(next() ?? 0) % permissions.count] : nil,
                answerAllows: flags & 8 == 8 ? (next() ?? 0) & 1 == 1 : nil,
                accuracy: flags & 16 == 16 ? levels[Int(next() ?? 0) % levels.count] : nil)
        }
    }
}
