import Foundation

/// A real freedesktop notification service for tests: python3-dbusmock's
/// `notification_daemon` template on a private session bus of its own
/// (dbus-daemon), both stopped by PID whatever the test does. Every call it
/// receives is read back through dbusmock's `GetCalls`.
public final class NotificationDaemon: @unchecked Sendable {
    public struct Unavailable: Error, CustomStringConvertible {
        public var description: String
    }

    /// One call the service received: the method and its arguments as JSON values.
    public struct Call: Sendable, Equatable, CustomStringConvertible {
        public var method: String
        public var arguments: [String]
        public var description: String { "\(method)(\(arguments.joined(separator: ", ")))" }
    }

    static let python = "/usr/bin/python3"
    private let directory: URL
    /// The session bus address to give the program under test.
    public let busAddress: String
    private var processes: [Process] = []

    /// Why these tests cannot run here, or nil.
    /// Asked once: the probe starts Python, which takes a while on a busy machine.
    public static let unavailableReason: String? = {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon") else { return "dbus-daemon is missing" }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: python)
        probe.arguments = ["-c", "import dbusmock"]
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return "\(python) is missing" }
        probe.waitUntilExit()
        return probe.terminationStatus == 0 ? nil : "python3-dbusmock is missing; scripts/test installs it"
    }()

    private init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-notify-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        busAddress = "unix:path=\(directory.path)/session_bus_socket"
    }

    /// Starts the bus (and the service, unless `service` is false), runs `body`, and stops both.
    @discardableResult
    public static func with<Result>(service: Bool = true, _ body: (NotificationDaemon) async throws -> Result) async throws -> Result {
        if let reason = unavailableReason { throw Unavailable(description: reason) }
        let daemon = try NotificationDaemon()
        defer { daemon.stop() }
        try await daemon.start(service: service)
        return try await body(daemon)
    }

    private func start(service: Bool) async throws {
        let socket = directory.path + "/session_bus_socket"
        try GeoClueSandbox.busConfiguration(socket: socket).write(to: directory.appendingPathComponent("bus.conf"), atomically: true, encoding: .utf8)
        try launch("/usr/bin/dbus-daemon", ["--config-file=\(directory.path)/bus.conf", "--nofork"], name: "bus")
        try await until("the private bus") { UnixSocket.accepts(socket) }
        guard service else { return }
        try launch(Self.python, ["-m", "dbusmock", "--template", "notification_daemon"], name: "notifications")
        try await until("the notification service") { (try? await self.calls()) != nil }
    }

    /// Every call so far, in order.
    public func calls() async throws -> [Call] {
        let script = """
            import dbus, json, sys
            def plain(v):
                if isinstance(v, (dbus.Array, list)): return [plain(x) for x in v]
                if isinstance(v, (dbus.Dictionary, dict)): return {str(k): plain(x) for k, x in v.items()}
                if isinstance(v, (dbus.String, dbus.ObjectPath, str)): return str(v)
                if isinstance(v, (dbus.Byte, dbus.Int32, dbus.UInt32, dbus.Int64, dbus.UInt64, dbus.Int16, dbus.UInt16, int)): return int(v)
                return str(v)
            bus = dbus.bus.BusConnection(sys.argv[1])
            mock = bus.get_object('org.freedesktop.Notifications', '/org/freedesktop/Notifications')
            calls = mock.GetCalls(dbus_interface='org.freedesktop.DBus.Mock')
            print(json.dumps([[str(c[1]), [json.dumps(plain(a), sort_keys=True) for a in c[2]]] for c in calls]))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.python)
        process.arguments = ["-c", script, busAddress]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = await pipe.fileHandleForReading.dataUntilEnd()
        guard await process.ended() == 0, let rows = try JSONSerialization.jsonObject(with: data) as? [[Any]] else {
            throw Unavailable(description: "GetCalls failed")
        }
        return rows.compactMap { row in
            guard let method = row.first as? String, let arguments = row.last as? [String] else { return nil }
            return Call(method: method, arguments: arguments)
        }
    }

    /// The calls to `Notify` and `CloseNotification`: what a user saw come and go.
    public func notifications() async throws -> [Call] {
        try await calls().filter { $0.method == "Notify" || $0.method == "CloseNotification" }
    }

    @discardableResult
    private func launch(_ executable: String, _ arguments: [String], name: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = busAddress
        process.environment = environment
        process.standardOutput = try FileHandle(forWritingTo: directory.appendingPathComponent("\(name).out").creatingFile())
        process.standardError = try FileHandle(forWritingTo: directory.appendingPathComponent("\(name).err").creatingFile())
        try process.run()
        processes.append(process)
        return process
    }

    /// Ends as soon as `ready`; the minute is only for a daemon that never
    /// comes up, and generous because a busy machine starts daemons slowly.
    private func until(_ what: String, _ ready: @escaping () async -> Bool) async throws {
        for _ in 0..<2_400 {
            if await ready() { return }
            try await Task.sleep(for: .milliseconds(25))
        }
        let errors = ["bus", "notifications"].compactMap { try? String(contentsOf: directory.appendingPathComponent("\($0).err"), encoding: .utf8) }
        throw Unavailable(description: "\(what) did not come up in a minute: \(errors.joined(separator: " | ").prefix(600))")
    }

    /// Every process, by PID, last started first; then the directory.
    private func stop() {
        for process in processes.reversed() where process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }
}
