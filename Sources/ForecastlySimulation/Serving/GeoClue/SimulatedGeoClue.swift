import CDBus
import Foundation
import Synchronization

/// `org.freedesktop.GeoClue2` on a bus of the story's own (`PrivateBus`),
/// as GeoClue 2.6 serves it: the Manager, a Client per program and a
/// Location object per position told. What it decides is `GeoClueWorld`'s;
/// this carries it to and from the bus (sd-bus, on a thread of its own,
/// since an sd-bus connection belongs to the thread that uses it).
///
/// A program under test reaches it through `DBUS_SYSTEM_BUS_ADDRESS`
/// (`bus.address`), exactly as it reaches the real GeoClue.
public final class SimulatedGeoClue: Sendable {
    private let served: ServedBus
    var bus: PrivateBus { served.bus }
    private let world: Mutex<GeoClueWorld>
    private var connection: BusConnection { served.connection }
    private let log: @Sendable (String) -> Void

    static let serviceName = "org.freedesktop.GeoClue2"

    /// Starts a bus and serves GeoClue on it, with what `apps` grants and the desktop's switch.
    static func start(apps: [String: AppGrant], switchOn: Bool, log: @escaping @Sendable (String) -> Void) async throws(ServeError) -> SimulatedGeoClue {
        let service = SimulatedGeoClue(served: try await ServedBus.start(kind: "system"), world: GeoClueWorld(apps: apps, switchOn: switchOn), log: log)
        try await service.served.serve(name: serviceName, context: Unmanaged.passUnretained(service).toOpaque(), handler: simulatedGeoClueHandler) { _ in
            service.perform([.register(.manager)])
        }
        return service
    }

    private init(served: ServedBus, world: GeoClueWorld, log: @escaping @Sendable (String) -> Void) {
        self.served = served
        self.world = Mutex(world)
        self.log = log
    }

    // MARK: What the story does

    func report(_ fix: ServedFix) { send(world.withLock { $0.report(fix, now: Date()) }) }
    func switched(on: Bool) { send(world.withLock { $0.switched(on: on) }) }
    func apply(_ change: AppChange) { send(world.withLock { $0.apply(change) }) }

    /// Broken promises so far (positions a permission did not allow).
    var violations: [String] { world.withLock { $0.violations } }
    func status() -> [String: Any] { world.withLock { $0.status() } }

    /// What the story changed, said by the bus thread (woken for it).
    private func send(_ effects: [GeoClueEffect]) {
        served.send { [self] _ in perform(effects) }
    }

    /// Stops serving and the bus.
    func stop() async { await served.stop() }

    /// On the bus thread.
    private func perform(_ effects: [GeoClueEffect]) {
        for effect in effects {
            switch effect {
            case .register(let object):
                let calls = connection.calls
                let (interface, table) = switch object {
                case .manager: (GeoClueEffect.managerInterface, forecastly_geoclue_manager_vtable(calls))
                case .client: (GeoClueEffect.clientInterface, forecastly_geoclue_client_vtable(calls))
                case .location: (GeoClueEffect.locationInterface, forecastly_geoclue_location_vtable(calls))
                }
                connection.register(path: object.path, interface: interface, table: table!)
            case .unregister(let object): connection.unregister(path: object.path)
            case .changed(let path, let interface, let properties): connection.emitChanged(path: path, interface: interface, properties: properties)
            case .locationUpdated(let client, let old, let new):
                let failure = connection.emit(path: client, interface: GeoClueEffect.clientInterface, member: "LocationUpdated") { signal in
                    let appended = connection.append(signal, string: old, type: "o")
                    return appended < 0 ? appended : connection.append(signal, string: new, type: "o")
                }
                // Liveness, as the bus sees it: a position decided on and not sent is a broken promise.
                if let failure { world.withLock { $0.undelivered(client, reason: failure) } }
            case .log(let line): log(line)
            }
        }
    }

    // MARK: Calls and properties, on the bus thread

    fileprivate func handle(_ request: Int32, path: String?, member: String?, message: OpaquePointer, error: UnsafeMutablePointer<sd_bus_error>) -> Int32 {
        switch UInt32(request) {
        case FORECASTLY_SERVICE_CALL.rawValue: call(message, error: error)
        case FORECASTLY_SERVICE_GET.rawValue: get(path ?? "", member ?? "", into: message)
        default: set(path ?? "", member ?? "", from: message, error: error)
        }
    }

    private func call(_ message: OpaquePointer, error: UnsafeMutablePointer<sd_bus_error>) -> Int32 {
        let path = connection.path(of: message), member = connection.member(of: message), peer = connection.sender(of: message)
        if path == GeoClueWorld.managerPath {
            switch member {
            case "GetClient", "CreateClient":
                let (id, effects) = world.withLock { $0.client(for: peer, new: member == "CreateClient") }
                perform(effects)
                return connection.reply(to: message, objectPath: GeoClueWorld.clientPath(id))
            case "DeleteClient":
                let client = connection.readString(message, type: "o") ?? ""
                perform(world.withLock { $0.delete(client, by: peer) })
                return connection.reply(to: message)
            default:  // AddAgent: this GeoClue's agent is the story.
                log("geoclue: \(peer) offered an agent (\(connection.readString(message, type: "s") ?? "?")); the story answers instead")
                return connection.reply(to: message)
            }
        }
        guard let id = Self.clientID(path), world.withLock({ $0.clients[id]?.peer == peer }) else {
            return connection.fail(error, name: "org.freedesktop.DBus.Error.AccessDenied", message: "Access denied")
        }
        if member == "Stop" {
            let effects = world.withLock { $0.stop(id, why: "it called Stop") }
            let replied = connection.reply(to: message)
            perform(effects)
            return replied
        }
        switch world.withLock({ $0.start(id, now: Date()) }) {
        case .success(let effects):
            let replied = connection.reply(to: message)
            perform(effects)
            return replied
        case .failure(let refusal):
            log(world.withLock { $0.refusalLine(id, refusal) })
            return connection.fail(error, name: refusal.name, message: refusal.message)
        }
    }

    private func get(_ path: String, _ property: String, into reply: OpaquePointer) -> Int32 {
        let world = world.withLock { $0 }
        if path == GeoClueWorld.managerPath {
            return property == "InUse" ? connection.append(reply, bool: world.inUse) : connection.append(reply, uint: world.availableLevel.geoclueValue)
        }
        if let location = world.locations.values.first(where: { $0.path == path }) {
            switch property {
            case "Latitude": return connection.append(reply, double: location.latitude)
            case "Longitude": return connection.append(reply, double: location.longitude)
            case "Accuracy": return connection.append(reply, double: location.accuracy)
            case "Altitude": return connection.append(reply, double: location.altitude)
            case "Speed": return connection.append(reply, double: location.speed)
            case "Heading": return connection.append(reply, double: location.heading)
            case "Description": return connection.append(reply, string: location.description, type: "s")
            default: return connection.append(reply, timestamp: location.time)
            }
        }
        guard let id = Self.clientID(path), let client = world.clients[id] else { return -ENOENT }
        switch property {
        case "Location": return connection.append(reply, string: client.location.flatMap { world.locations[$0]?.path } ?? "/", type: "o")
        case "DistanceThreshold": return connection.append(reply, uint: client.distanceThreshold)
        case "TimeThreshold": return connection.append(reply, uint: client.timeThreshold)
        case "DesktopId": return connection.append(reply, string: client.desktopID, type: "s")
        case "RequestedAccuracyLevel": return connection.append(reply, uint: client.requestedLevel)
        default: return connection.append(reply, bool: client.active)
        }
    }

    private func set(_ path: String, _ property: String, from value: OpaquePointer, error: UnsafeMutablePointer<sd_bus_error>) -> Int32 {
        guard let id = Self.clientID(path), world.withLock({ $0.clients[id]?.peer == connection.sender(of: value) }) else {
            return connection.fail(error, name: "org.freedesktop.DBus.Error.AccessDenied", message: "Access denied")
        }
        let effects: [GeoClueEffect]
        if property == "DesktopId" {
            let text = connection.readString(value, type: "s") ?? ""
            effects = world.withLock { $0.set(property, of: id, text: text) }
        } else {
            guard let number = connection.readUInt(value) else { return -EINVAL }
            effects = world.withLock { $0.set(property, of: id, number: number) }
        }
        perform(effects)
        return 0
    }

    /// 3 of "/org/freedesktop/GeoClue2/Client/3"; nil for any other path.
    static func clientID(_ path: String) -> Int? {
        let prefix = GeoClueWorld.clientPath(0).dropLast()
        guard path.hasPrefix(prefix) else { return nil }
        return Int(path.dropFirst(prefix.count))
    }
}

/// The C handler every registered object calls (`service.h`).
private let simulatedGeoClueHandler: @convention(c) (
    UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?, OpaquePointer?, UnsafeMutablePointer<sd_bus_error>?
) -> Int32 = { context, request, path, member, message, error in
    guard let context, let message, let error else { return -EINVAL }
    return Unmanaged<SimulatedGeoClue>.fromOpaque(context).takeUnretainedValue()
        .handle(request, path: path.map { String(cString: $0) }, member: member.map { String(cString: $0) }, message: message, error: error)
}
