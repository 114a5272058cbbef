import CDBus
import Foundation

/// A service's sd-bus connection and its registered objects, in the few
/// steps the simulated GeoClue and location portal take. Used only on the thread that connected
/// it (sd-bus's rule), so nothing here is locked.
final class BusConnection: @unchecked Sendable {
    let calls: UnsafePointer<forecastly_sdbus_service>
    private var bus: OpaquePointer?
    private var slots: [String: OpaquePointer] = [:]
    private let binding = UnsafeMutablePointer<forecastly_service_binding>.allocate(capacity: 1)

    init(calls: UnsafePointer<forecastly_sdbus_service>) {
        self.calls = calls
    }

    deinit { binding.deallocate() }

    private var client: forecastly_sdbus { calls.pointee.client.pointee }

    /// Connects to `address` as a bus client and takes `name`; nil, or why not.
    func connect(
        address: String, name: String, context: UnsafeMutableRawPointer,
        handler: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?, OpaquePointer?,
                                 UnsafeMutablePointer<sd_bus_error>?) -> Int32
    ) -> String? {
        binding.initialize(to: forecastly_service_binding(handle: handler, context: context))
        var opened: OpaquePointer?
        guard calls.pointee.new_bus(&opened) >= 0, let opened else { return "sd-bus cannot make a connection" }
        bus = opened
        for (step, result) in [("set the address", address.withCString { calls.pointee.set_address(opened, $0) }),
                               ("be a bus client", calls.pointee.set_bus_client(opened, 1)),
                               ("connect", calls.pointee.start(opened)),
                               ("own \(name)", name.withCString { calls.pointee.request_name(opened, $0, 0) })] where result < 0 {
            return "cannot \(step) (\(String(cString: strerror(-result))))"
        }
        return nil
    }

    func close() {
        for slot in slots.values { _ = client.slot_unref(slot) }
        slots = [:]
        if let bus { _ = client.close(bus) }
        bus = nil
    }

    func processAll() {
        guard let bus else { return }
        while client.process(bus, nil) > 0 {}
    }

    /// Waits until the bus has something to do (a message, one of its
    /// timeouts) or `wakeUp` is readable, for at most a second.
    func wait(orUntilReadable wakeUp: Int32) {
        guard let bus else { return }
        let descriptor = calls.pointee.get_fd(bus), events = calls.pointee.get_events(bus)
        guard descriptor >= 0, events >= 0 else { return }
        var milliseconds: Int32 = 1_000
        var due: UInt64 = 0
        if calls.pointee.get_timeout(bus, &due) >= 0, due != UInt64.max {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let nowMicroseconds = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1_000
            milliseconds = due <= nowMicroseconds ? 0 : Int32(min(1_000, (due - nowMicroseconds + 999) / 1_000))
        }
        var watched = [pollfd(fd: descriptor, events: Int16(events), revents: 0), pollfd(fd: wakeUp, events: Int16(POLLIN), revents: 0)]
        _ = poll(&watched, 2, milliseconds)
    }

    // MARK: Objects

    /// Serves `interface` at `path` with `table`; every call and property goes to the handler.
    func register(path: String, interface: String, table: UnsafePointer<sd_bus_vtable>) {
        guard let bus else { return }
        var slot: OpaquePointer?
        let added = path.withCString { path in
            interface.withCString { interface in calls.pointee.add_object_vtable(bus, &slot, path, interface, table, binding) }
        }
        if added >= 0, let slot { slots[path] = slot }
    }

    func unregister(path: String) {
        if let slot = slots.removeValue(forKey: path) { _ = client.slot_unref(slot) }
    }

    // MARK: Signals

    func emitChanged(path: String, interface: String, properties: [String]) {
        guard let bus else { return }
        var names = properties.map { strdup($0) } + [nil]
        defer { for name in names { free(name) } }
        _ = path.withCString { path in
            interface.withCString { interface in calls.pointee.emit_properties_changed_strv(bus, path, interface, &names) }
        }
    }

    /// A signal from `path`, to `destination` only when given, its
    /// arguments appended by `arguments`; nil when sent, else why not.
    @discardableResult
    func emit(path: String, interface: String, member: String, destination: String? = nil, arguments: (OpaquePointer) -> Int32) -> String? {
        guard let bus else { return "the bus is closed" }
        var signal: OpaquePointer?
        let made = path.withCString { path in
            interface.withCString { interface in member.withCString { member in calls.pointee.new_signal(bus, &signal, path, interface, member) } }
        }
        guard made >= 0, let signal else { return Self.reason(made) }
        defer { _ = client.message_unref(signal) }
        if let destination {
            let set = destination.withCString { calls.pointee.set_destination(signal, $0) }
            if set < 0 { return Self.reason(set) }
        }
        let appended = arguments(signal)
        guard appended >= 0 else { return Self.reason(appended) }
        let sent = calls.pointee.send(bus, signal, nil)
        return sent < 0 ? Self.reason(sent) : nil
    }

    /// sd-bus's negative errno, as words.
    private static func reason(_ result: Int32) -> String { String(cString: strerror(-result)) }

    // MARK: Messages

    func path(of message: OpaquePointer) -> String { calls.pointee.get_path(message).map { String(cString: $0) } ?? "" }
    func member(of message: OpaquePointer) -> String { calls.pointee.get_member(message).map { String(cString: $0) } ?? "" }
    func sender(of message: OpaquePointer) -> String { calls.pointee.get_sender(message).map { String(cString: $0) } ?? "?" }

    /// Answers `call`, with an object path if given; 1 (handled), or the error.
    func reply(to call: OpaquePointer, objectPath: String? = nil) -> Int32 {
        var reply: OpaquePointer?
        let made = calls.pointee.new_method_return(call, &reply)
        guard made >= 0, let reply else { return made }
        defer { _ = client.message_unref(reply) }
        if let objectPath {
            let appended = append(reply, string: objectPath, type: "o")
            guard appended >= 0 else { return appended }
        }
        let sent = calls.pointee.send(nil, reply, nil)
        return sent < 0 ? sent : 1
    }

    /// Sets `error` to the D-Bus error `name`; what the handler returns.
    func fail(_ error: UnsafeMutablePointer<sd_bus_error>, name: String, message: String) -> Int32 {
        name.withCString { name in message.withCString { message in calls.pointee.error_set(error, name, message) } }
    }

    func append(_ message: OpaquePointer, double value: Double) -> Int32 {
        var value = value
        return client.append_basic(message, CChar(UInt8(ascii: "d")), &value)
    }

    func append(_ message: OpaquePointer, uint value: UInt32) -> Int32 {
        var value = value
        return client.append_basic(message, CChar(UInt8(ascii: "u")), &value)
    }

    func append(_ message: OpaquePointer, bool value: Bool) -> Int32 {
        var value: Int32 = value ? 1 : 0
        return client.append_basic(message, CChar(UInt8(ascii: "b")), &value)
    }

    /// A string ("s") or an object path ("o").
    func append(_ message: OpaquePointer, string value: String, type: Character) -> Int32 {
        value.withCString { client.append_basic(message, CChar(type.asciiValue ?? 0), $0) }
    }

    /// GeoClue's `Timestamp`: seconds and microseconds since 1970, `(tt)`.
    func append(_ message: OpaquePointer, timestamp: Date) -> Int32 {
        let seconds = timestamp.timeIntervalSince1970
        var whole = UInt64(max(0, seconds.rounded(.down)))
        var micro = UInt64(max(0, (seconds - seconds.rounded(.down)) * 1_000_000))
        guard client.open_container(message, CChar(UInt8(ascii: "r")), "tt") >= 0,
              client.append_basic(message, CChar(UInt8(ascii: "t")), &whole) >= 0,
              client.append_basic(message, CChar(UInt8(ascii: "t")), &micro) >= 0 else { return -EINVAL }
        return client.close_container(message)
    }

    func readString(_ message: OpaquePointer, type: Character) -> String? {
        var text: UnsafePointer<CChar>?
        guard client.read_basic(message, CChar(type.asciiValue ?? 0), &text) >= 0, let text else { return nil }
        return String(cString: text)
    }

    /// A value of an `a{sv}` dictionary, as the portal's are.
    enum DictionaryValue {
        case double(Double)
        case string(String)
        case uint(UInt32)
        case timestamp(Date)
    }

    /// `entries` as `a{sv}`.
    func append(_ message: OpaquePointer, dictionary entries: [(String, DictionaryValue)]) -> Int32 {
        guard client.open_container(message, CChar(UInt8(ascii: "a")), "{sv}") >= 0 else { return -EINVAL }
        for (key, value) in entries {
            let signature = switch value {
            case .double: "d"
            case .string: "s"
            case .uint: "u"
            case .timestamp: "(tt)"
            }
            guard client.open_container(message, CChar(UInt8(ascii: "e")), "sv") >= 0, append(message, string: key, type: "s") >= 0,
                  client.open_container(message, CChar(UInt8(ascii: "v")), signature) >= 0 else { return -EINVAL }
            let appended = switch value {
            case .double(let number): append(message, double: number)
            case .string(let text): append(message, string: text, type: "s")
            case .uint(let number): append(message, uint: number)
            case .timestamp(let date): append(message, timestamp: date)
            }
            guard appended >= 0, client.close_container(message) >= 0, client.close_container(message) >= 0 else { return -EINVAL }
        }
        return client.close_container(message)
    }

    /// An `a{sv}` argument's string and unsigned entries (others are skipped); nil when it is no such dictionary.
    func readOptions(_ message: OpaquePointer) -> [String: DictionaryValue]? {
        guard client.enter_container(message, CChar(UInt8(ascii: "a")), "{sv}") > 0 else { return nil }
        var options: [String: DictionaryValue] = [:]
        while client.enter_container(message, CChar(UInt8(ascii: "e")), "sv") > 0 {
            guard let key = readString(message, type: "s") else { return nil }
            var type: CChar = 0
            var contents: UnsafePointer<CChar>?
            guard client.peek_type(message, &type, &contents) >= 0, let contents else { return nil }
            switch String(cString: contents) {
            case "s":
                guard client.enter_container(message, CChar(UInt8(ascii: "v")), "s") > 0, let text = readString(message, type: "s") else { return nil }
                options[key] = .string(text)
                _ = client.exit_container(message)
            case "u":
                guard client.enter_container(message, CChar(UInt8(ascii: "v")), "u") > 0, let number = readUInt(message) else { return nil }
                options[key] = .uint(number)
                _ = client.exit_container(message)
            default:
                guard client.skip(message, "v") >= 0 else { return nil }
            }
            _ = client.exit_container(message)
        }
        _ = client.exit_container(message)
        return options
    }

    func readUInt(_ message: OpaquePointer) -> UInt32? {
        var value: UInt32 = 0
        return client.read_basic(message, CChar(UInt8(ascii: "u")), &value) >= 0 ? value : nil
    }
}
