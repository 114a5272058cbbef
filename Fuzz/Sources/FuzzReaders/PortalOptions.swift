import ForecastlySimulation
import Foundation

/// What a D-Bus client of the served location portal sends as its options
/// (`a{sv}`), built through sd-bus from the fuzzer's bytes and read by the
/// portal's own reader (`ServedClients.portalOptions`). sd-bus refuses a
/// message whose signature is broken, so random bytes would never reach the
/// reader: the bytes are a small program that appends values and opens and
/// closes containers, as the D-Bus harness in C does (Fuzz/C).
enum PortalOptions {
    static func read(_ bytes: [UInt8]) {
        guard let message = build(bytes[...]) else { return }
        defer { _ = sd.messageUnref(message) }
        guard sd.rewind(message, 1) >= 0 else { return }
        if let options = ServedClients.portalOptions(in: message) {
            // What the portal takes from a dictionary is what the client put in it.
            precondition(options.count <= bytes.count, "more options than the message could hold")
        }
    }

    /// The dictionary's keys the portal knows, and words besides.
    static let keys = ["accuracy", "distance-threshold", "time-threshold", "session_handle_token", "handle_token", "", "x"]
    static let variants = ["u", "s", "d", "b", "as", "a{sv}", "(tt)", "v", "i", "t", "o"]

    private static func build(_ program: ArraySlice<UInt8>) -> OpaquePointer? {
        var program = program
        func next() -> UInt8 { program.popFirst() ?? 0 }
        var message: OpaquePointer?
        guard sd.newMethodCall(sd.bus, &message, "org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop",
                               "org.freedesktop.portal.Location", "CreateSession") >= 0, let message else { return nil }
        var depth = 0
        if sd.openContainer(message, CChar(UInt8(ascii: "a")), "{sv}") >= 0 { depth += 1 }
        var steps = 0
        while !program.isEmpty, steps < 256 {
            steps += 1
            switch next() % 7 {
            case 0:
                let key = next() < 200 ? keys[Int(next()) % keys.count] : String(decoding: program.prefix(Int(next()) % 32), as: UTF8.self)
                _ = key.withCString { sd.appendBasic(message, CChar(UInt8(ascii: "s")), $0) }
            case 1:
                var value = UInt32(next()) << 24 | UInt32(next()) << 16 | UInt32(next()) << 8 | UInt32(next())
                _ = sd.appendBasic(message, CChar(UInt8(ascii: "u")), &value)
            case 2:
                var value = Double(Int8(bitPattern: next()))
                _ = sd.appendBasic(message, CChar(UInt8(ascii: "d")), &value)
            case 3:
                if sd.openContainer(message, CChar(UInt8(ascii: "e")), "sv") >= 0 { depth += 1 }
            case 4:
                if sd.openContainer(message, CChar(UInt8(ascii: "v")), variants[Int(next()) % variants.count]) >= 0 { depth += 1 }
            case 5:
                if depth > 0, sd.closeContainer(message) >= 0 { depth -= 1 }
            default:
                var value: Int32 = Int32(next() & 1)
                _ = sd.appendBasic(message, CChar(UInt8(ascii: "b")), &value)
            }
        }
        while depth > 0, sd.closeContainer(message) >= 0 { depth -= 1 }
        guard depth == 0, sd.seal(message, 1, 0) >= 0 else {
            _ = sd.messageUnref(message)
            return nil
        }
        return message
    }

    /// libsystemd's calls for building messages, loaded as forecastly loads
    /// them (it links no libsystemd), on a bus that has begun connecting to
    /// one end of a socket pair nobody answers: sd-bus makes messages only
    /// for such a bus, and nothing is ever sent.
    struct SDBus: @unchecked Sendable {
        let bus: OpaquePointer
        let newMethodCall: @convention(c) (OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
                                           UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32
        let appendBasic: @convention(c) (OpaquePointer?, CChar, UnsafeRawPointer?) -> Int32
        let openContainer: @convention(c) (OpaquePointer?, CChar, UnsafePointer<CChar>?) -> Int32
        let closeContainer: @convention(c) (OpaquePointer?) -> Int32
        let seal: @convention(c) (OpaquePointer?, UInt64, UInt64) -> Int32
        let rewind: @convention(c) (OpaquePointer?, Int32) -> Int32
        let messageUnref: @convention(c) (OpaquePointer?) -> OpaquePointer?
    }

    static let sd: SDBus = {
        guard let library = dlopen("libsystemd.so.0", RTLD_NOW) else { fatalError("libsystemd.so.0 cannot be loaded") }
        func call<T>(_ name: String, as type: T.Type) -> T {
            guard let symbol = dlsym(library, name) else { fatalError("libsystemd has no \(name)") }
            return unsafeBitCast(symbol, to: type)
        }
        typealias New = @convention(c) (UnsafeMutablePointer<OpaquePointer?>) -> Int32
        typealias SetFD = @convention(c) (OpaquePointer?, Int32, Int32) -> Int32
        typealias Start = @convention(c) (OpaquePointer?) -> Int32
        var ends: [Int32] = [-1, -1]
        var bus: OpaquePointer?
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0, call("sd_bus_new", as: New.self)(&bus) >= 0, let bus,
              call("sd_bus_set_fd", as: SetFD.self)(bus, ends[0], ends[0]) >= 0, call("sd_bus_start", as: Start.self)(bus) >= 0
        else { fatalError("cannot make an sd-bus bus to build messages with") }
        return SDBus(
            bus: bus,
            newMethodCall: call("sd_bus_message_new_method_call", as: (@convention(c) (
                OpaquePointer?, UnsafeMutablePointer<OpaquePointer?>, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?
            ) -> Int32).self),
            appendBasic: call("sd_bus_message_append_basic", as: (@convention(c) (OpaquePointer?, CChar, UnsafeRawPointer?) -> Int32).self),
            openContainer: call("sd_bus_message_open_container", as: (@convention(c) (OpaquePointer?, CChar, UnsafePointer<CChar>?) -> Int32).self),
            closeContainer: call("sd_bus_message_close_container", as: (@convention(c) (OpaquePointer?) -> Int32).self),
            seal: call("sd_bus_message_seal", as: (@convention(c) (OpaquePointer?, UInt64, UInt64) -> Int32).self),
            rewind: call("sd_bus_message_rewind", as: (@convention(c) (OpaquePointer?, Int32) -> Int32).self),
            messageUnref: call("sd_bus_message_unref", as: (@convention(c) (OpaquePointer?) -> OpaquePointer?).self))
    }()
}
