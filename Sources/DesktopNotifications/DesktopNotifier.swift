import CDBus
public import ForecastCore
import Foundation

/// `WeatherNotifier` for the freedesktop Notifications service on the
/// session bus (GNOME Shell, KDE Plasma, dunst, mako…), through sd-bus as
/// GeoClue is reached. Each notification opens a connection and closes it:
/// they are rare, and an sd-bus connection belongs to the thread that opened it.
public struct DesktopNotifier: WeatherNotifier {
    /// How long the service may take to answer.
    static let timeout: UInt64 = 5_000_000

    /// The session bus to notify on; nil: the user's (`DBUS_SESSION_BUS_ADDRESS`).
    /// Tests name their private bus here rather than change the process's environment.
    public let busAddress: String?

    public init(busAddress: String? = nil) {
        self.busAddress = busAddress
    }

    public func show(summary: String, body: String, urgency: NoticeUrgency, replacing: UInt32) async throws(NotifierError) -> UInt32 {
        try Self.onConnection(busAddress) { lib, bus, error throws(NotifierError) in
            var id: UInt32 = 0
            // Warnings stay until dismissed or withdrawn (0: never expire); rain notices go by themselves (-1: the server's default).
            let expires: Int32 = urgency == .critical ? 0 : -1
            guard forecastly_notify(lib, bus, replacing, summary, body, urgency.rawValue, expires, Self.timeout, &id, &error) >= 0 else {
                throw Self.describe(error)
            }
            return id
        }
    }

    public func withdraw(_ notification: UInt32) async throws(NotifierError) {
        try Self.onConnection(busAddress) { lib, bus, error throws(NotifierError) in
            guard forecastly_notify_close(lib, bus, notification, Self.timeout, &error) >= 0 else { throw Self.describe(error) }
        }
    }

    private static func onConnection<T>(
        _ address: String?, _ body: (UnsafePointer<forecastly_sdbus>, OpaquePointer, inout forecastly_dbus_error) throws(NotifierError) -> T
    ) throws(NotifierError) -> T {
        let lib = try library()
        var error = forecastly_dbus_error()
        var bus: OpaquePointer?
        let connected = address.map { address in address.withCString { forecastly_session_connect(lib, &bus, $0, &error) } }
            ?? forecastly_session_connect(lib, &bus, nil, &error)
        guard connected >= 0, let bus else {
            throw NotifierError("there is no session bus (\(text(of: error)))")
        }
        defer { _ = lib.pointee.close(bus) }
        return try body(lib, bus, &error)
    }

    static func describe(_ error: forecastly_dbus_error) -> NotifierError {
        var error = error
        let name = withUnsafeBytes(of: &error.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if name == "org.freedesktop.DBus.Error.ServiceUnknown" || name == "org.freedesktop.DBus.Error.NameHasNoOwner" {
            return NotifierError("no notification service is running on the session bus")
        }
        return NotifierError("the notification service refused (\(text(of: error)))")
    }

    static func text(of error: forecastly_dbus_error) -> String {
        var error = error
        let name = withUnsafeBytes(of: &error.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let message = withUnsafeBytes(of: &error.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let text = [name, message].filter { !$0.isEmpty }.joined(separator: ": ")
        return text.isEmpty ? String(cString: strerror(-error.code)) : text
    }

    /// sd-bus, loaded on first use (see `Sources/CDBus/shim.h`).
    private static func library() throws(NotifierError) -> UnsafePointer<forecastly_sdbus> {
        guard let table = forecastly_sdbus_calls(nil, 0) else { throw NotifierError("sd-bus (libsystemd) could not be loaded") }
        return table
    }
}
