import ForecastlyBase
import Foundation

/// What the simulated location portal knows and decides, apart from D-Bus:
/// the sessions, what the story grants each app id (the permission store's
/// `location` table), the desktop's switch and the position now. It
/// behaves as xdg-desktop-portal's Location does: `CreateSession` makes a
/// session, `Start` answers through a Request's `Response` (0 allowed; 1
/// the user or the store said no; 2 GeoClue could not start, as with the
/// switch off) and then `LocationUpdated` carries GeoClue's Location
/// properties, coarsened to the accuracy granted. A program outside
/// Flatpak has the app id "" (as with the real portal), so a story names
/// its grant with `""` or `"*"`.
struct PortalWorld: Sendable {
    struct Session: Sendable {
        let path: String
        let peer: String
        let appID: String
        var requested: AccuracyLevel = .exact
        var distanceThreshold: UInt32 = 0
        var timeThreshold: UInt32 = 0
        var level: AccuracyLevel = .none
        var started = false
        var lastTold: (coordinate: Coordinate, at: Date)?
        var positionsTold = 0

        var name: String { "portal session \(path.split(separator: "/").last ?? "?") (app “\(appID)”, \(peer))" }
    }

    static let desktopPath = "/org/freedesktop/portal/desktop"
    static let locationInterface = "org.freedesktop.portal.Location"
    static let sessionInterface = "org.freedesktop.portal.Session"
    static let requestInterface = "org.freedesktop.portal.Request"

    private(set) var apps: [String: AppGrant]
    private(set) var switchOn: Bool
    private(set) var sessions: [String: Session] = [:]
    private(set) var position: ServedFix?
    private(set) var violations: [String] = []
    private var next = 1

    init(apps: [String: AppGrant], switchOn: Bool) {
        self.apps = apps
        self.switchOn = switchOn
    }

    func grant(for appID: String) -> AppGrant { apps[appID] ?? apps["*"] ?? AppGrant() }

    /// ":1.42" as a path element: "1_42", as the portal writes it.
    static func element(_ peer: String) -> String {
        String(peer.drop { $0 == ":" }.map { $0 == "." ? "_" : $0 })
    }

    /// A token as a client gives it, if it is one a path can hold.
    static func token(_ given: String?, otherwise fallback: String) -> String {
        guard let given, !given.isEmpty, given.count <= 64, given.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else { return fallback }
        return given
    }

    /// `CreateSession(options)`: the session's path, or why not.
    mutating func createSession(peer: String, appID: String, token: String?, accuracy: UInt32?, distance: UInt32?, time: UInt32?)
        -> Result<(String, [PortalEffect]), GeoClueWorld.Refusal> {
        // The portal's accuracy option counts 0 (none) to 5 (exact).
        let levels: [AccuracyLevel] = [.none, .country, .city, .neighborhood, .street, .exact]
        if let accuracy, !levels.indices.contains(Int(accuracy)) {
            return .failure(.init(name: "org.freedesktop.portal.Error.InvalidArgument", message: "Invalid accuracy level"))
        }
        let fallback = "forecastly\(next)"
        next += 1
        let path = "\(Self.desktopPath)/session/\(Self.element(peer))/\(Self.token(token, otherwise: fallback))"
        guard sessions[path] == nil else { return .failure(.init(name: "org.freedesktop.portal.Error.Failed", message: "Session token in use")) }
        var session = Session(path: path, peer: peer, appID: appID)
        if let accuracy { session.requested = levels[Int(accuracy)] }
        session.distanceThreshold = distance ?? 0
        session.timeThreshold = time ?? 0
        sessions[path] = session
        return .success((path, [.register(session: path), .log("portal: \(session.name) created, asking \(session.requested.rawValue)")]))
    }

    /// `Start(session, parent, options)`: the Request's path now, and what follows (the Response, then the position).
    mutating func start(_ path: String, peer: String, token: String?, now: Date) -> Result<(String, [PortalEffect]), GeoClueWorld.Refusal> {
        guard var session = sessions[path], session.peer == peer else {
            return .failure(.init(name: "org.freedesktop.portal.Error.NotFound", message: "Invalid session"))
        }
        let fallback = "forecastly\(next)"
        next += 1
        let request = "\(Self.desktopPath)/request/\(Self.element(peer))/\(Self.token(token, otherwise: fallback))"
        let grant = grant(for: session.appID)
        var effects: [PortalEffect] = []
        if grant.permission == .asked { effects.append(.log("portal: the access dialog asks about app “\(session.appID)”; the story answers \(grant.answerAllows ? "allow" : "deny")")) }
        let response: UInt32 = !grant.allows || grant.accuracy == .none ? 1 : (switchOn ? 0 : 2)
        effects.append(.response(request: request, to: peer, code: response))
        guard response == 0 else {
            sessions[path] = nil
            effects += [.unregister(session: path),
                        .log("portal: \(session.name) refused with response \(response) (\(response == 1 ? "not allowed" : "GeoClue: Geolocation disabled"))")]
            return .success((request, effects))
        }
        session.level = min(session.requested, grant.accuracy)
        session.started = true
        sessions[path] = session
        effects.append(.log("portal: \(session.name) started, granted \(session.level.rawValue)"))
        if let position { effects += tell(path, position, now: now) }
        return .success((request, effects))
    }

    mutating func close(_ path: String, by peer: String) -> [PortalEffect] {
        guard let session = sessions[path], session.peer == peer else { return [] }
        sessions[path] = nil
        return [.unregister(session: path), .log("portal: \(session.name) closed by its client")]
    }

    mutating func report(_ fix: ServedFix, now: Date) -> [PortalEffect] {
        position = fix
        return sessions.keys.sorted().flatMap { tell($0, fix, now: now) }
    }

    /// The switch off: GeoClue stops the portal's client, and the portal closes its sessions.
    mutating func switched(on: Bool) -> [PortalEffect] {
        switchOn = on
        return on ? [] : sessions.keys.sorted().flatMap { closeByPortal($0, why: "the desktop's switch went off") }
    }

    /// A revocation closes the sessions of the apps no longer allowed.
    mutating func apply(_ change: AppChange) -> [PortalEffect] {
        apps[change.id] = change.applied(to: grant(for: change.id))
        var effects: [PortalEffect] = []
        for path in sessions.keys.sorted() {
            guard let session = sessions[path], session.started, change.id == "*" || change.id == session.appID else { continue }
            let grant = grant(for: session.appID)
            if !grant.allows || grant.accuracy == .none {
                effects += closeByPortal(path, why: "its permission was revoked")
            } else if grant.accuracy < session.level {
                sessions[path]?.level = grant.accuracy
            }
        }
        return effects
    }

    private mutating func closeByPortal(_ path: String, why: String) -> [PortalEffect] {
        guard let session = sessions.removeValue(forKey: path) else { return [] }
        return [.closed(session: path, to: session.peer), .unregister(session: path), .log("portal: \(session.name) closed (\(why))")]
    }

    /// The bus could not send a position this world told the session at
    /// `path`: the client was allowed it and did not get it (liveness).
    mutating func undelivered(_ path: String, reason: String) {
        violations.append("\(sessions[path]?.name ?? path) was not sent a position it was allowed: \(reason)")
    }

    private mutating func tell(_ path: String, _ fix: ServedFix, now: Date) -> [PortalEffect] {
        guard var session = sessions[path], session.started else { return [] }
        let shown = GeoClueWorld.coarsened(fix, to: session.level)
        if let last = session.lastTold {
            let moved = last.coordinate.distance(to: shown.coordinate)
            guard moved >= Double(session.distanceThreshold), moved > 0 || session.level == .exact,
                  now.timeIntervalSince(last.at) >= Double(session.timeThreshold) else { return [] }
        }
        let grant = grant(for: session.appID)
        if !switchOn || !grant.allows { violations.append("\(session.name) was told a position while its permission did not allow it") }
        if session.level > grant.accuracy { violations.append("\(session.name) was told a position finer than it was granted") }
        if !GeoClueWorld.isTheStorys(shown.coordinate, fix, level: session.level) { violations.append("\(session.name) was told a position that is not the story's") }
        session.lastTold = (shown.coordinate, now)
        session.positionsTold += 1
        sessions[path] = session
        let exact = session.level == .exact
        let location: [(String, BusConnection.DictionaryValue)] = [
            ("Latitude", .double(shown.coordinate.latitude)), ("Longitude", .double(shown.coordinate.longitude)), ("Accuracy", .double(shown.accuracy)),
            ("Altitude", .double(exact ? fix.altitude ?? -Double.greatestFiniteMagnitude : -Double.greatestFiniteMagnitude)),
            ("Speed", .double(exact ? fix.speed ?? -1 : -1)), ("Heading", .double(exact ? fix.track ?? -1 : -1)),
            ("Description", .string(exact ? "GPS" : "simulated (\(session.level.rawValue))")), ("Timestamp", .timestamp(fix.time)),
        ]
        return [.locationUpdated(session: path, to: session.peer, location: location),
                .log("portal: told \(session.name) \(String(format: "%.5f,%.5f", shown.coordinate.latitude, shown.coordinate.longitude)) ±\(Int(shown.accuracy)) m (\(session.level.rawValue))")]
    }

    func status() -> [[String: Any]] {
        sessions.keys.sorted().compactMap { sessions[$0] }.map { session in
            ["session": session.path, "appId": session.appID, "peer": session.peer, "started": session.started, "accuracy": session.level.rawValue,
             "positionsTold": session.positionsTold] as [String: Any]
        }
    }
}

/// What the bus must do after a change of `PortalWorld`.
enum PortalEffect: Sendable {
    case register(session: String)
    case unregister(session: String)
    case response(request: String, to: String, code: UInt32)
    case locationUpdated(session: String, to: String, location: [(String, BusConnection.DictionaryValue)])
    case closed(session: String, to: String)
    case log(String)
}
