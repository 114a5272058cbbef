import CDBus
import Foundation
import Synchronization

/// The location portal, `org.freedesktop.portal.Location` on
/// `org.freedesktop.portal.Desktop`, on a session bus of the story's own,
/// as a sandboxed (Flatpak) program reaches it through
/// `DBUS_SESSION_BUS_ADDRESS`. What it decides is `PortalWorld`'s; this
/// carries it to and from the bus.
public final class SimulatedPortal: Sendable {
    private let served: ServedBus
    var bus: PrivateBus { served.bus }
    private let world: Mutex<PortalWorld>
    private var connection: BusConnection { served.connection }
    private let log: @Sendable (String) -> Void

    static let serviceName = "org.freedesktop.portal.Desktop"

    static func start(apps: [String: AppGrant], switchOn: Bool, log: @escaping @Sendable (String) -> Void) async throws(ServeError) -> SimulatedPortal {
        let portal = SimulatedPortal(served: try await ServedBus.start(kind: "session"), world: PortalWorld(apps: apps, switchOn: switchOn), log: log)
        try await portal.served.serve(name: serviceName, context: Unmanaged.passUnretained(portal).toOpaque(), handler: simulatedPortalHandler) { connection in
            connection.register(path: PortalWorld.desktopPath, interface: PortalWorld.locationInterface, table: forecastly_portal_location_vtable(connection.calls))
        }
        return portal
    }

    private init(served: ServedBus, world: PortalWorld, log: @escaping @Sendable (String) -> Void) {
        self.served = served
        self.world = Mutex(world)
        self.log = log
    }

    func report(_ fix: ServedFix) { send(world.withLock { $0.report(fix, now: Date()) }) }
    func switched(on: Bool) { send(world.withLock { $0.switched(on: on) }) }
    func apply(_ change: AppChange) { send(world.withLock { $0.apply(change) }) }
    var violations: [String] { world.withLock { $0.violations } }
    func status() -> [[String: Any]] { world.withLock { $0.status() } }

    func stop() async { await served.stop() }

    private func send(_ effects: [PortalEffect]) {
        served.send { [self] _ in perform(effects) }
    }

    /// On the bus thread.
    private func perform(_ effects: [PortalEffect]) {
        for effect in effects {
            switch effect {
            case .register(let session):
                connection.register(path: session, interface: PortalWorld.sessionInterface, table: forecastly_portal_session_vtable(connection.calls))
            case .unregister(let session):
                connection.unregister(path: session)
            case .response(let request, let peer, let code):
                connection.emit(path: request, interface: PortalWorld.requestInterface, member: "Response", destination: peer) { signal in
                    let appended = connection.append(signal, uint: code)
                    return appended < 0 ? appended : connection.append(signal, dictionary: [])
                }
            case .locationUpdated(let session, let peer, let location):
                let failure = connection.emit(path: PortalWorld.desktopPath, interface: PortalWorld.locationInterface, member: "LocationUpdated",
                                              destination: peer) { signal in
                    let appended = connection.append(signal, string: session, type: "o")
                    return appended < 0 ? appended : connection.append(signal, dictionary: location)
                }
                // Liveness, as the bus sees it: a position decided on and not sent is a broken promise.
                if let failure { world.withLock { $0.undelivered(session, reason: failure) } }
            case .closed(let session, let peer):
                connection.emit(path: session, interface: PortalWorld.sessionInterface, member: "Closed", destination: peer) { signal in
                    connection.append(signal, dictionary: [])
                }
            case .log(let line):
                log(line)
            }
        }
    }

    /// Calls and properties, on the bus thread.
    fileprivate func handle(_ request: Int32, path: String?, member: String?, message: OpaquePointer, error: UnsafeMutablePointer<sd_bus_error>) -> Int32 {
        guard UInt32(request) == FORECASTLY_SERVICE_CALL.rawValue else {
            return UInt32(request) == FORECASTLY_SERVICE_GET.rawValue ? connection.append(message, uint: 1) : -EINVAL  // `version`
        }
        let path = connection.path(of: message), member = connection.member(of: message), peer = connection.sender(of: message)
        switch (path, member) {
        case (PortalWorld.desktopPath, "CreateSession"):
            guard let options = connection.readOptions(message) else {
                return connection.fail(error, name: "org.freedesktop.portal.Error.InvalidArgument", message: "Invalid options")
            }
            func number(_ key: String) -> UInt32? { if case .uint(let value)? = options[key] { value } else { nil } }
            let token: String? = if case .string(let text)? = options["session_handle_token"] { text } else { nil }
            let made = world.withLock {
                $0.createSession(peer: peer, appID: "", token: token, accuracy: number("accuracy"), distance: number("distance-threshold"), time: number("time-threshold"))
            }
            switch made {
            case .success(let (session, effects)):
                perform(effects)
                return connection.reply(to: message, objectPath: session)
            case .failure(let refusal):
                return connection.fail(error, name: refusal.name, message: refusal.message)
            }
        case (PortalWorld.desktopPath, "Start"):
            guard let session = connection.readString(message, type: "o"), connection.readString(message, type: "s") != nil,
                  let options = connection.readOptions(message) else {
                return connection.fail(error, name: "org.freedesktop.portal.Error.InvalidArgument", message: "Invalid arguments")
            }
            let token: String? = if case .string(let text)? = options["handle_token"] { text } else { nil }
            switch world.withLock({ $0.start(session, peer: peer, token: token, now: Date()) }) {
            case .success(let (request, effects)):
                let replied = connection.reply(to: message, objectPath: request)
                perform(effects)
                return replied
            case .failure(let refusal):
                return connection.fail(error, name: refusal.name, message: refusal.message)
            }
        default:  // Session.Close
            let effects = world.withLock { $0.close(path, by: peer) }
            let replied = connection.reply(to: message)
            perform(effects)
            return replied
        }
    }
}

private let simulatedPortalHandler: @convention(c) (
    UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?, OpaquePointer?, UnsafeMutablePointer<sd_bus_error>?
) -> Int32 = { context, request, path, member, message, error in
    guard let context, let message, let error else { return -EINVAL }
    return Unmanaged<SimulatedPortal>.fromOpaque(context).takeUnretainedValue()
        .handle(request, path: path.map { String(cString: $0) }, member: member.map { String(cString: $0) }, message: message, error: error)
}
