import ForecastlyBase
import Foundation

/// What the simulated GeoClue knows and decides, apart from D-Bus: its
/// clients, what the story grants each desktop id, the desktop's switch,
/// the position now, and what each client was told. Every change returns
/// what the bus must then say (`GeoClueEffect`), so this is the whole
/// behaviour and `SimulatedGeoClue` only carries it to the bus.
///
/// It behaves as GeoClue 2.6 does for a client: `DesktopId` must be set
/// before `Start`; with the desktop's switch off `Start` is refused
/// ("Geolocation disabled for UID …") and running clients stop; a denied
/// app is refused as the agent refuses it ("Agent rejected …"); a position
/// goes to an active client as a new Location object (`LocationUpdated`),
/// coarsened to the level granted, and only when it moved at least
/// `DistanceThreshold` metres and `TimeThreshold` seconds passed.
struct GeoClueWorld: Sendable {
    struct Client: Sendable {
        let id: Int
        /// The D-Bus peer that made it (its unique name).
        let peer: String
        var desktopID = ""
        /// The desktop id the agent authorized at `Start`: what a running
        /// client is granted, whatever id it sets afterwards (a new one
        /// counts from its next `Start`, as GeoClue asks its agent then).
        var startedAs = ""
        var requestedLevel: UInt32 = 0
        var distanceThreshold: UInt32 = 0
        var timeThreshold: UInt32 = 0
        var active = false
        /// The level this run was granted (the lower of asked and granted).
        var level: AccuracyLevel = .none
        /// The Location object now, and what it said when.
        var location: Int?
        var lastTold: (coordinate: Coordinate, at: Date)?
        var positionsTold = 0

        var path: String { GeoClueWorld.clientPath(id) }
        var name: String { desktopID.isEmpty ? "client \(id) (\(peer))" : "client \(id) (\(shownID), \(peer))" }
        /// The desktop id as the transcript shows it: a client sets any
        /// string, and the transcript goes to a terminal.
        var shownID: String { desktopID.strippingTerminalControls(limit: 80) }
    }

    /// A position as one client was told it.
    struct Location: Sendable, Equatable {
        let id: Int
        let client: Int
        var latitude: Double
        var longitude: Double
        var accuracy: Double
        var altitude: Double
        var speed: Double
        var heading: Double
        var description: String
        var time: Date

        var path: String { GeoClueWorld.locationPath(client: client, id: id) }
    }

    /// Why a start is refused: a D-Bus error as GeoClue sends it.
    struct Refusal: Error, Sendable, Equatable {
        let name: String
        let message: String
    }

    static let managerPath = "/org/freedesktop/GeoClue2/Manager"
    static func clientPath(_ id: Int) -> String { "/org/freedesktop/GeoClue2/Client/\(id)" }
    static func locationPath(client: Int, id: Int) -> String { clientPath(client) + "/Location/\(id)" }

    private(set) var apps: [String: AppGrant]
    private(set) var switchOn: Bool
    private(set) var clients: [Int: Client] = [:]
    /// The Location objects that exist: each client's newest two (a slow
    /// client may still be reading the one before).
    private(set) var locations: [Int: Location] = [:]
    private(set) var position: ServedFix?
    /// Broken promises: a position told that the permission did not allow.
    private(set) var violations: [String] = []
    private var nextClient = 1
    private var nextLocation = 1
    private let uid: UInt32

    init(apps: [String: AppGrant], switchOn: Bool, uid: UInt32 = getuid()) {
        self.apps = apps
        self.switchOn = switchOn
        self.uid = uid
    }

    func grant(for desktopID: String) -> AppGrant {
        apps[desktopID] ?? apps["*"] ?? AppGrant()
    }

    var inUse: Bool { clients.values.contains(where: \.active) }
    /// What the agent allows at most: nothing while the switch is off.
    var availableLevel: AccuracyLevel { switchOn ? .exact : .none }

    // MARK: The Manager

    /// `GetClient`: the peer's client, made on its first call; `CreateClient`: always a new one.
    mutating func client(for peer: String, new: Bool) -> (Int, [GeoClueEffect]) {
        if !new, let existing = clients.values.first(where: { $0.peer == peer }) { return (existing.id, []) }
        let client = Client(id: nextClient, peer: peer)
        nextClient += 1
        clients[client.id] = client
        return (client.id, [.register(.client(client.id)), .log("geoclue: \(client.name) created")])
    }

    mutating func delete(_ path: String, by peer: String) -> [GeoClueEffect] {
        guard let client = clients.values.first(where: { $0.path == path && $0.peer == peer }) else { return [] }
        clients[client.id] = nil
        let gone = locations.values.filter { $0.client == client.id }.map(\.id)
        for id in gone { locations[id] = nil }
        return [.unregister(.client(client.id))] + gone.map { .unregister(.location(client: client.id, id: $0)) } + [.log("geoclue: \(client.name) deleted")]
    }

    // MARK: A client

    mutating func set(_ property: String, of id: Int, number: UInt32? = nil, text: String? = nil) -> [GeoClueEffect] {
        guard var client = clients[id] else { return [] }
        switch property {
        case "DesktopId": client.desktopID = String((text ?? "").prefix(255))
        case "RequestedAccuracyLevel": client.requestedLevel = number ?? 0
        case "DistanceThreshold": client.distanceThreshold = number ?? 0
        case "TimeThreshold": client.timeThreshold = number ?? 0
        default: return []
        }
        clients[id] = client
        return [.changed(path: client.path, interface: GeoClueEffect.clientInterface, properties: [property])]
    }

    mutating func start(_ id: Int, now: Date) -> Result<[GeoClueEffect], Refusal> {
        guard var client = clients[id] else { return .failure(Refusal(name: "org.freedesktop.DBus.Error.UnknownObject", message: "No such client")) }
        if client.active { return .success([]) }
        guard !client.desktopID.isEmpty else {
            return .failure(Refusal(name: "org.freedesktop.DBus.Error.AccessDenied", message: "'DesktopId' property must be set"))
        }
        guard switchOn else {
            return .failure(Refusal(name: "org.freedesktop.DBus.Error.AccessDenied", message: "Geolocation disabled for UID \(uid)"))
        }
        let grant = grant(for: client.desktopID)
        let asked = grant.permission == .asked ? [GeoClueEffect.log("geoclue: the agent asks about \(client.shownID); the story answers allow")] : []
        guard grant.allows else {
            let id = client.desktopID
            return .failure(Refusal(name: "org.freedesktop.DBus.Error.AccessDenied",
                                    message: "Agent rejected '\(id)' for user '\(uid)'. Please ensure that '\(id)' has installed a valid \(id).desktop file."))
        }
        // As GeoClue clamps it: at least country, at most what is allowed.
        client.level = min(AccuracyLevel(geoclueValue: max(client.requestedLevel, AccuracyLevel.country.geoclueValue)), grant.accuracy, availableLevel)
        client.active = true
        client.startedAs = client.desktopID
        clients[id] = client
        var effects = asked + [.changed(path: client.path, interface: GeoClueEffect.clientInterface, properties: ["Active"]),
                               .changed(path: Self.managerPath, interface: GeoClueEffect.managerInterface, properties: ["InUse"]),
                               .log("geoclue: \(client.name) started, asking \(AccuracyLevel(geoclueValue: client.requestedLevel).rawValue), granted \(client.level.rawValue)")]
        if let position { effects += tell(id, position, now: now) }
        return .success(effects)
    }

    /// The log line of a refused start, for the transcript.
    func refusalLine(_ id: Int, _ refusal: Refusal) -> String {
        let asked = clients[id].map { grant(for: $0.desktopID).permission == .asked && switchOn } == true ? " (the agent asked; the story answers deny)" : ""
        return "geoclue: \(clients[id]?.name ?? "client \(id)") refused\(asked): \(refusal.message.strippingTerminalControls())"
    }

    mutating func stop(_ id: Int, why: String) -> [GeoClueEffect] {
        guard var client = clients[id], client.active else { return [] }
        client.active = false
        clients[id] = client
        return [.changed(path: client.path, interface: GeoClueEffect.clientInterface, properties: ["Active"]),
                .changed(path: Self.managerPath, interface: GeoClueEffect.managerInterface, properties: ["InUse"]),
                .log("geoclue: \(client.name) stopped (\(why))")]
    }

    // MARK: The story

    /// A new position: told to every active client it is news to.
    mutating func report(_ fix: ServedFix, now: Date) -> [GeoClueEffect] {
        position = fix
        return clients.keys.sorted().flatMap { tell($0, fix, now: now) }
    }

    /// The desktop's switch: off stops every running client.
    mutating func switched(on: Bool) -> [GeoClueEffect] {
        switchOn = on
        var effects: [GeoClueEffect] = [.changed(path: Self.managerPath, interface: GeoClueEffect.managerInterface, properties: ["AvailableAccuracyLevel"]),
                                        .log("geoclue: the desktop's location switch is \(on ? "on" : "off")")]
        if !on { effects += clients.keys.sorted().flatMap { stop($0, why: "the desktop's switch went off") } }
        return effects
    }

    /// What an app is granted changes; a client whose app is no longer allowed stops.
    mutating func apply(_ change: AppChange) -> [GeoClueEffect] {
        var effects: [GeoClueEffect] = [.log("geoclue: app \(change.id) \(Self.describe(change))")]
        apps[change.id] = change.applied(to: grant(for: change.id))
        for id in clients.keys.sorted() {
            guard let client = clients[id], client.active, change.id == "*" || change.id == client.startedAs else { continue }
            let grant = grant(for: client.startedAs)
            if !grant.allows {
                effects += stop(id, why: "its permission was revoked")
            } else if grant.accuracy < client.level {
                clients[id]?.level = grant.accuracy
                effects.append(.log("geoclue: \(client.name) is now granted \(grant.accuracy.rawValue)"))
            }
        }
        return effects
    }

    static func describe(_ change: AppChange) -> String {
        [change.permission.map { "permission \($0.rawValue)" }, change.answerAllows.map { "answers \($0 ? "allow" : "deny")" },
         change.accuracy.map { "accuracy \($0.rawValue)" }].compactMap { $0 }.joined(separator: ", ")
    }

    /// `fix` to the client `id`, if it is active, may be told, and the
    /// position is news past its thresholds: a new Location object.
    private mutating func tell(_ id: Int, _ fix: ServedFix, now: Date) -> [GeoClueEffect] {
        guard var client = clients[id], client.active, client.level > .none else { return [] }
        let shown = Self.coarsened(fix, to: client.level)
        if let last = client.lastTold {
            let moved = last.coordinate.distance(to: shown.coordinate)
            // A coarsened position that has not moved is no news; an exact one is (its time is).
            guard moved >= Double(client.distanceThreshold), moved > 0 || client.level == .exact else { return [] }
            guard now.timeIntervalSince(last.at) >= Double(client.timeThreshold) else { return [] }
        }
        // The privacy promise, checked as the story sees it, not as the code above decided.
        let grant = grant(for: client.startedAs)
        if !switchOn || !grant.allows { violations.append("\(client.name) was told a position while its permission did not allow it") }
        if client.level > grant.accuracy { violations.append("\(client.name) was told a position finer than it was granted") }
        if !Self.isTheStorys(shown.coordinate, fix, level: client.level) { violations.append("\(client.name) was told a position that is not the story's") }
        let location = Location(
            id: nextLocation, client: id, latitude: shown.coordinate.latitude, longitude: shown.coordinate.longitude, accuracy: shown.accuracy,
            altitude: client.level == .exact ? fix.altitude ?? -Double.greatestFiniteMagnitude : -Double.greatestFiniteMagnitude,
            speed: client.level == .exact ? fix.speed ?? -1 : -1, heading: client.level == .exact ? fix.track ?? -1 : -1,
            description: client.level == .exact ? "GPS" : "simulated (\(client.level.rawValue))", time: fix.time)
        nextLocation += 1
        locations[location.id] = location
        var effects: [GeoClueEffect] = [.register(.location(client: id, id: location.id))]
        let old = client.location
        // Each client keeps its newest two Location objects.
        let older = locations.values.filter { $0.client == id && $0.id != location.id && $0.id != old }.map(\.id)
        for gone in older { locations[gone] = nil }
        effects += older.map { .unregister(.location(client: id, id: $0)) }
        client.location = location.id
        client.lastTold = (shown.coordinate, now)
        client.positionsTold += 1
        clients[id] = client
        let oldPath = old.flatMap { locations[$0]?.path } ?? "/"
        effects += [.changed(path: client.path, interface: GeoClueEffect.clientInterface, properties: ["Location"]),
                    .locationUpdated(client: client.path, old: oldPath, new: location.path),
                    .log("geoclue: told \(client.name) \(String(format: "%.5f,%.5f", location.latitude, location.longitude)) ±\(Int(location.accuracy)) m (\(client.level.rawValue))")]
        return effects
    }

    /// The bus could not send a position this world told `clientPath`:
    /// the client was allowed it and did not get it (liveness).
    mutating func undelivered(_ clientPath: String, reason: String) {
        let name = clients.values.first { $0.path == clientPath }?.name ?? clientPath
        violations.append("\(name) was not sent a position it was allowed: \(reason)")
    }

    /// Exactness, as the story sees it: a position told at `level` is the
    /// story's own, moved at most by the level's grid (half a cell each way).
    static func isTheStorys(_ told: Coordinate, _ fix: ServedFix, level: AccuracyLevel) -> Bool {
        guard let story = try? Coordinate(latitude: fix.latitude, longitude: fix.longitude) else { return false }
        return told.distance(to: story) <= (level.coarseness ?? 0) * 0.71 + 1
    }

    /// A position as a client granted `level` is told it: on a grid as
    /// coarse as the level (so that nothing finer can be worked out from a
    /// series of them), its accuracy no better than the level's.
    static func coarsened(_ fix: ServedFix, to level: AccuracyLevel) -> (coordinate: Coordinate, accuracy: Double) {
        let accuracy = fix.accuracy ?? 10
        let exact = (try? Coordinate(latitude: fix.latitude, longitude: fix.longitude)) ?? (try! Coordinate(latitude: 0, longitude: 0))
        guard let metres = level.coarseness else { return (exact, accuracy) }
        let step = metres / 111_320
        let latitude = min(90, max(-90, (fix.latitude / step).rounded() * step))
        let longitude = min(180, max(-180, (fix.longitude / step).rounded() * step))
        return ((try? Coordinate(latitude: latitude, longitude: longitude)) ?? exact, max(accuracy, metres))
    }

    // MARK: For `simulate ctl status`

    func status() -> [String: Any] {
        ["switch": switchOn ? "on" : "off",
         "apps": apps.mapValues { grant in
             ["permission": grant.permission.rawValue, "answer": grant.answerAllows ? "allow" : "deny", "accuracy": grant.accuracy.rawValue]
         },
         "clients": clients.keys.sorted().compactMap { clients[$0] }.map { client in
             ["id": client.id, "desktopId": client.desktopID, "peer": client.peer, "active": client.active, "accuracy": client.level.rawValue,
              "positionsTold": client.positionsTold] as [String: Any]
         }]
    }
}

/// What the bus must say or do after a change of `GeoClueWorld`.
enum GeoClueEffect: Sendable, Equatable {
    enum Object: Sendable, Equatable {
        case manager
        case client(Int)
        case location(client: Int, id: Int)

        var path: String {
            switch self {
            case .manager: GeoClueWorld.managerPath
            case .client(let id): GeoClueWorld.clientPath(id)
            case .location(let client, let id): GeoClueWorld.locationPath(client: client, id: id)
            }
        }
    }

    static let managerInterface = "org.freedesktop.GeoClue2.Manager"
    static let clientInterface = "org.freedesktop.GeoClue2.Client"
    static let locationInterface = "org.freedesktop.GeoClue2.Location"

    case register(Object)
    case unregister(Object)
    /// `PropertiesChanged` for these properties.
    case changed(path: String, interface: String, properties: [String])
    case locationUpdated(client: String, old: String, new: String)
    /// A line of the transcript.
    case log(String)
}
