import ForecastlyBase
import Foundation

/// A D-Bus bus of the served story's own: a `dbus-daemon` on a socket in a
/// temporary directory, with a configuration that lets anyone own any name
/// and send anything (as GeoClue's system bus would let GeoClue, and its
/// clients, do). It never touches the machine's own buses; it is stopped
/// by its PID. It stays in forecastly's process group (spawned as it is,
/// not as `Process` spawns, which makes a group of its own), so that a
/// test or a shell that stops the group stops the bus with it.
final class PrivateBus: Sendable {
    /// What a client sets `DBUS_SYSTEM_BUS_ADDRESS` (or `DBUS_SESSION_BUS_ADDRESS`) to.
    let address: String
    private let directory: URL
    private let pid: pid_t

    /// `dbus-daemon`, found on the PATH as a shell finds it.
    static func daemon(path: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        (path ?? "/usr/bin:/bin").split(separator: ":").map { "\($0)/dbus-daemon" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Starts the bus and waits until it accepts connections.
    static func start(kind: String) async throws(ServeError) -> PrivateBus {
        guard let daemon = daemon() else { throw .busUnavailable(reason: MessageText("dbus-daemon is not on the PATH")) }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-bus-\(UUID().uuidString.prefix(8))")
        let socket = directory.appendingPathComponent("bus_socket").path
        let pid: pid_t
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try configuration(kind: kind, socket: socket).write(to: directory.appendingPathComponent("bus.conf"), atomically: true, encoding: .utf8)
            pid = try spawn(daemon, ["--config-file=\(directory.path)/bus.conf", "--nofork", "--nopidfile"])
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw .busUnavailable(reason: .verbatim("\(error)".strippingTerminalControls(limit: 200)))
        }
        let bus = PrivateBus(address: "unix:path=\(socket)", directory: directory, pid: pid)
        for _ in 0..<500 where waitpid(pid, nil, WNOHANG) == 0 {
            if Self.accepts(socket) { return bus }
            try? await Task.sleep(for: .milliseconds(10))
        }
        bus.stop()
        throw .busUnavailable(reason: MessageText("dbus-daemon did not start listening"))
    }

    private init(address: String, directory: URL, pid: pid_t) {
        self.address = address
        self.directory = directory
        self.pid = pid
    }

    /// Stops the daemon (by its PID) and removes its directory.
    func stop() {
        if kill(pid, SIGTERM) == 0 { waitpid(pid, nil, 0) }
        try? FileManager.default.removeItem(at: directory)
    }

    private struct SpawnError: Error, CustomStringConvertible {
        let description: String
    }

    /// `path ARGUMENTS`, its output to /dev/null, in this process group.
    private static func spawn(_ path: String, _ arguments: [String]) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        // The spawning thread may block signals (a dispatch worker does), and
        // a child inherits its mask: the daemon would then ignore SIGTERM.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        sigemptyset(&defaults)
        for number in [SIGTERM, SIGINT, SIGHUP, SIGPIPE] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        guard result == 0 else { throw SpawnError(description: "\(path) cannot be started: \(String(cString: strerror(result)))") }
        return pid
    }

    private static func accepts(_ path: String) -> Bool {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        } == 0
    }

    private static func configuration(kind: String, socket: String) -> String {
        """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>\(kind)</type>
          <listen>unix:path=\(socket)</listen>
          <auth>EXTERNAL</auth>
          <policy context="default">
            <allow user="*"/>
            <allow own="*"/>
            <allow send_type="method_call"/>
            <allow send_type="signal"/>
            <allow send_type="method_return"/>
            <allow send_type="error"/>
            <allow receive_type="method_call"/>
            <allow receive_type="signal"/>
            <allow receive_type="method_return"/>
            <allow receive_type="error"/>
          </policy>
        </busconfig>
        """
    }
}
