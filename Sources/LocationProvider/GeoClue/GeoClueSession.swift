import CDBus
import ForecastlyBase
import Foundation

/// One GeoClue client on one system-bus connection, used from the one
/// thread that opened it (sd-bus connections belong to a thread). Every
/// call is bounded by the caller's deadline: on a machine without a desktop
/// session GeoClue holds `GetClient` forever, and only that deadline ends it.
final class GeoClueSession {
    /// What waiting brought.
    enum Event {
        case fix(GeoClueFix)
        /// GeoClue stopped the client: the desktop's switch went off.
        case switchedOff
        case timedOut
        case cancelled
    }

    private let sdbus: SDBus
    private var lib: UnsafePointer<forecastly_sdbus> { sdbus.table }
    private var bus: OpaquePointer?
    private var client = ""
    private let watch = UnsafeMutablePointer<forecastly_geoclue_watch>.allocate(capacity: 1)
    private var started = false

    private init(sdbus: SDBus) {
        self.sdbus = sdbus
        watch.initialize(to: forecastly_geoclue_watch())
    }

    deinit {
        if started { stopClient() }
        forecastly_geoclue_unwatch(lib, watch)
        if let bus { _ = lib.pointee.close(bus) }
        watch.deallocate()
    }

    /// Connects, asks for this connection's client, subscribes to its
    /// signals, names forecastly and the accuracy wanted, and starts it.
    static func start(
        desktopID: String, level: GeoClueAccuracyLevel, busAddress: String?, deadline: ContinuousClock.Instant
    ) throws(LocationError) -> GeoClueSession {
        let session = GeoClueSession(sdbus: try GeoClueLibrary.calls())
        try session.begin(desktopID: desktopID, level: level, busAddress: busAddress, deadline: deadline)
        return session
    }

    private func begin(desktopID: String, level: GeoClueAccuracyLevel, busAddress: String?, deadline: ContinuousClock.Instant) throws(LocationError) {
        var error = forecastly_dbus_error()
        var connection: OpaquePointer?
        let connected = busAddress.map { address in address.withCString { forecastly_geoclue_connect(lib, &connection, $0, &error) } }
            ?? forecastly_geoclue_connect(lib, &connection, nil, &error)
        guard connected >= 0, let connection else {
            throw .geoclueUnavailable(reason: MessageText("there is no system bus ({reason})", ["reason": Self.text(error.message)]))
        }
        bus = connection
        var path = [CChar](repeating: 0, count: 256)
        guard forecastly_geoclue_get_client(lib, bus, Self.microseconds(until: deadline), &path, path.count, &error) >= 0 else {
            throw Self.failure(error, deadline: deadline)
        }
        client = String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard forecastly_geoclue_watch(lib, bus, client, watch, &error) >= 0,
              forecastly_geoclue_set(lib, bus, client, "DesktopId", CChar(UInt8(ascii: "s")), desktopID, 0,
                                     Self.microseconds(until: deadline), &error) >= 0,
              forecastly_geoclue_set(lib, bus, client, "RequestedAccuracyLevel", CChar(UInt8(ascii: "u")), nil, level.rawValue,
                                     Self.microseconds(until: deadline), &error) >= 0
        else { throw Self.failure(error, deadline: deadline) }
        var reply: OpaquePointer?
        guard forecastly_geoclue_call(lib, bus, client, "org.freedesktop.GeoClue2.Client", "Start", 0, nil,
                                      Self.microseconds(until: deadline), &reply, &error) >= 0 else {
            throw Self.failure(error, deadline: deadline)
        }
        if let reply { _ = lib.pointee.message_unref(reply) }
        started = true
    }

    /// The next position GeoClue sends, read at once (GeoClue frees a
    /// Location object a few seconds after replacing it), or why none came
    /// before `deadline`. Checks `cancelled` at least every quarter second.
    func next(until deadline: ContinuousClock.Instant, cancelled: @Sendable () -> Bool) throws(LocationError) -> Event {
        while true {
            if cancelled() { return .cancelled }
            let left = Self.microseconds(until: deadline)
            if left == 1 { return .timedOut }
            let code = forecastly_geoclue_pump(lib, bus, watch, min(left, 250_000))
            if code < 0 { throw .geoclueUnavailable(reason: MessageText("the system bus connection failed ({reason})", ["reason": String(cString: strerror(-code))])) }
            if watch.pointee.state.inactive != 0 { return .switchedOff }
            if watch.pointee.state.updated != 0 {
                watch.pointee.state.updated = 0
                let location = withUnsafeBytes(of: &watch.pointee.state.location) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
                var fix = forecastly_geoclue_fix()
                var error = forecastly_dbus_error()
                guard forecastly_geoclue_read_fix(lib, bus, location, Self.microseconds(until: deadline), &fix, &error) >= 0 else {
                    throw Self.failure(error, deadline: deadline)
                }
                // A Location object without both coordinates is no position.
                guard fix.has_latitude != 0, fix.has_longitude != 0 else { continue }
                let seconds = Double(fix.seconds) + Double(fix.microseconds) / 1_000_000
                return .fix(GeoClueFix(latitude: fix.latitude, longitude: fix.longitude, accuracy: fix.accuracy,
                                       timestamp: fix.seconds > 0 ? Date(timeIntervalSince1970: seconds) : nil))
            }
        }
    }

    /// Stop: GeoClue stops its sources for this client (a GPS goes back to sleep).
    private func stopClient() {
        var error = forecastly_dbus_error()
        var reply: OpaquePointer?
        if forecastly_geoclue_call(lib, bus, client, "org.freedesktop.GeoClue2.Client", "Stop", 0, nil, 1_000_000, &reply, &error) >= 0,
           let reply {
            _ = lib.pointee.message_unref(reply)
        }
        started = false
    }

    /// The time left, for sd-bus (which reads 0 as "its default of 25 s"):
    /// at least one microsecond, so a spent deadline times out at once.
    static func microseconds(until deadline: ContinuousClock.Instant) -> UInt64 {
        let left = ContinuousClock.now.duration(to: deadline)
        guard left > .zero else { return 1 }
        let (seconds, attoseconds) = left.components
        return max(1, UInt64(seconds) * 1_000_000 + UInt64(attoseconds / 1_000_000_000_000))
    }

    /// A D-Bus error as what it means for forecastly. Matched on the error
    /// name; the message only tells GeoClue's AccessDenied cases apart
    /// (stable from 2.5 to 2.7, though not API).
    static func failure(_ error: forecastly_dbus_error, deadline: ContinuousClock.Instant) -> LocationError {
        var error = error
        let name = text(&error.name)
        let message = text(&error.message)
        return failure(name: name, message: message, code: error.code)
    }

    static func failure(name: String, message: String, code: Int32) -> LocationError {
        switch name {
        case "org.freedesktop.DBus.Error.AccessDenied":
            if message.contains("Geolocation disabled") { return .restricted(.desktopSwitchOff, source: .geoclue) }
            if message.contains("disallowed by configuration") {
                return .restricted(.geoclueConfiguration(path: Restriction.geoclueConfigurationPath), source: .geoclue)
            }
            if message.contains("Agent rejected") { return .denied }
            return .geoclueUnavailable(reason: MessageText("access denied ({reason})", ["reason": message]))
        case "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner":
            return .geoclueUnavailable(reason: MessageText("GeoClue is not installed (package geoclue-2.0)"))
        case let spawn where spawn.hasPrefix("org.freedesktop.DBus.Error.Spawn"):
            return .geoclueUnavailable(reason: MessageText("GeoClue could not be started ({reason})", ["reason": message]))
        case "org.freedesktop.DBus.Error.Timeout", "org.freedesktop.DBus.Error.NoReply":
            return .geoclueNoAgent(timeoutSeconds: 0)
        default:
            if code == -ETIMEDOUT { return .geoclueNoAgent(timeoutSeconds: 0) }
            // D-Bus's own words, without the full stop a sentence around them adds.
            let said = name.isEmpty ? message : "\(name): \(message)"
            return .geoclueUnavailable(reason: .verbatim(said.hasSuffix(".") ? String(said.dropLast()) : said))
        }
    }

    static func text<T>(_ tuple: inout T) -> String {
        withUnsafeBytes(of: &tuple) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
    }

    static func text<T>(_ tuple: T) -> String {
        var copy = tuple
        return text(&copy)
    }
}
