public import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The real GeoClue 2 daemon on a private system bus, for tests, as
/// ../GEOCLUE-NOTES in Tests/Fixtures/geoclue/SOURCES.md describes: a
/// dbus-daemon of its own, GeoClue in a mount namespace (its one config file
/// bind-mounted, the host's untouched) and a network namespace with no
/// network (so it never asks a web service), fed NMEA sentences from a
/// receiver log through its network-nmea socket, and a test agent standing
/// in for the desktop. Every process is stopped by its PID.
public final class GeoClueSandbox: @unchecked Sendable {
    public struct Options: Sendable {
        /// The agent's MaxAccuracyLevel (0 = Location Services off); nil: no
        /// agent, as on a machine without a desktop session.
        public var agentLevel: UInt32?
        /// false: a bare bus on which GeoClue is not installed.
        public var geoclue: Bool
        /// The receiver log GeoClue's NMEA source reads.
        public var log: URL?
        /// geoclue.conf forbids the desktop id "forecastly".
        public var forbidForecastly: Bool

        public init(agentLevel: UInt32? = 8, geoclue: Bool = true, log: URL? = nil, forbidForecastly: Bool = false) {
            self.agentLevel = agentLevel
            self.geoclue = geoclue
            self.log = log
            self.forbidForecastly = forbidForecastly
        }
    }

    public struct Unavailable: Error, CustomStringConvertible {
        public var description: String
    }

    public let directory: URL
    /// `DBUS_SYSTEM_BUS_ADDRESS` for every client of this bus.
    public let busAddress: String
    private var processes: [Process] = []
    private var agent: Process?

    public var environment: [String: String] { ["DBUS_SYSTEM_BUS_ADDRESS": busAddress] }

    static let peer = Fixtures.url("geoclue/geoclue-test-peer.py").path
    static let python = "/usr/bin/python3"

    /// Why the sandbox cannot run here (not root: namespaces need it), or nil.
    public static var unavailableReason: String? {
        if getuid() != 0 { return "the GeoClue tests need root (a mount namespace for geoclue.conf)" }
        for file in ["/usr/libexec/geoclue", "/usr/bin/dbus-daemon", "/usr/bin/unshare", "/usr/bin/busctl", python] where !FileManager.default.isExecutableFile(atPath: file) {
            return "\(file) is missing; scripts/test installs geoclue-2.0, dbus-daemon and python3-dbus"
        }
        return nil
    }

    private init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("geoclue-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        busAddress = "unix:path=\(directory.path)/system_bus_socket"
    }

    /// Starts what `options` asks for, runs `body`, and stops every process
    /// whatever `body` does.
    @discardableResult
    public static func with<Result>(_ options: Options, _ body: (GeoClueSandbox) async throws -> Result) async throws -> Result {
        if let reason = unavailableReason { throw Unavailable(description: reason) }
        let sandbox = try GeoClueSandbox()
        defer { sandbox.stop() }
        try await sandbox.start(options)
        return try await body(sandbox)
    }

    private func start(_ options: Options) async throws {
        try Self.busConfiguration(socket: directory.path + "/system_bus_socket").write(
            to: directory.appendingPathComponent("bus.conf"), atomically: true, encoding: .utf8)
        try launch("/usr/bin/dbus-daemon", ["--config-file=\(directory.path)/bus.conf", "--nofork"], name: "bus")
        try await until("the private bus") { UnixSocket.accepts(self.directory.path + "/system_bus_socket") }
        guard options.geoclue else { return }
        let socket = directory.path + "/nmea.sock"
        if let log = options.log {
            try launch(Self.python, [Self.peer, "feed", socket, log.path], name: "feed")
            try await until("the NMEA feed") { self.said("feed", "ready") }
        }
        let configuration = directory.appendingPathComponent("geoclue.conf")
        try Self.geoclueConfiguration(socket: socket, forbidForecastly: options.forbidForecastly)
            .write(to: configuration, atomically: true, encoding: .utf8)
        // exec: the PID kept is the daemon's own.
        try launch("/usr/bin/unshare", ["--mount", "--net", "--propagation", "private", "sh", "-c",
                                         "mount --bind \(configuration.path) /etc/geoclue/geoclue.conf && exec /usr/libexec/geoclue --timeout 0"],
                   name: "geoclue")
        try await until("GeoClue on the bus") { await self.geoclueOwnsItsName() }
        if let level = options.agentLevel {
            agent = try launch(Self.python, [Self.peer, "agent", String(level)], name: "agent")
            try await until("the test agent") { self.said("agent", "ready") }
        }
    }

    /// How often GeoClue connected to the NMEA source: once per client it
    /// started (0 proves no GeoClue client ran).
    public var sourceConnections: Int {
        ((try? String(contentsOf: directory.appendingPathComponent("feed.out"), encoding: .utf8)) ?? "")
            .split(separator: "\n").filter { $0 == "connected" }.count
    }

    /// The desktop's Location Services switch goes off while clients run.
    public func switchOff() {
        if let agent { kill(agent.processIdentifier, SIGUSR1) }
    }

    /// The first fix GeoClue reports to a plain D-Bus client (not forecastly).
    public func plainClientFix() async throws -> (latitude: Double, longitude: Double) {
        let output = directory.appendingPathComponent("client.out")
        let process = try launch(Self.python, [Self.peer, "client"], name: "client", output: output)
        _ = await process.ended()
        let words = ((try? String(contentsOf: output, encoding: .utf8)) ?? "").split(separator: " ")
        guard words.count >= 2, let latitude = Double(words[0]), let longitude = Double(words[1]) else {
            throw Unavailable(description: "the plain client got no fix: \(words.joined(separator: " "))")
        }
        return (latitude, longitude)
    }

    @discardableResult
    private func launch(_ executable: String, _ arguments: [String], name: String, output: URL? = nil) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let out = output ?? directory.appendingPathComponent("\(name).out")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: directory.appendingPathComponent("\(name).err").creatingFile())
        try process.run()
        processes.append(process)
        return process
    }

    private func said(_ name: String, _ word: String) -> Bool {
        ((try? String(contentsOf: directory.appendingPathComponent("\(name).out"), encoding: .utf8)) ?? "").contains(word)
    }

    private func geoclueOwnsItsName() async -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/busctl")
        process.arguments = ["--address=\(busAddress)", "call", "org.freedesktop.DBus", "/org/freedesktop/DBus",
                             "org.freedesktop.DBus", "NameHasOwner", "s", "org.freedesktop.GeoClue2"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        let data = await pipe.fileHandleForReading.dataUntilEnd()
        _ = await process.ended()
        return String(decoding: data, as: UTF8.self).contains("true")
    }

    /// Ends as soon as `ready`; the minute is only for a daemon that never
    /// comes up, and generous because a busy machine starts daemons slowly.
    private func until(_ what: String, _ ready: @escaping () async -> Bool) async throws {
        for _ in 0..<2_400 {
            if await ready() { return }
            try await Task.sleep(for: .milliseconds(25))
        }
        let errors = (try? FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".err") }) ?? []
        let detail = errors.compactMap { try? String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8) }.joined(separator: " | ")
        throw Unavailable(description: "\(what) did not come up in a minute: \(detail.prefix(600))")
    }

    /// Every process, by PID, last started first; then the directory.
    private func stop() {
        for process in processes.reversed() where process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }

    static func busConfiguration(socket: String) -> String {
        """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>system</type>
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

    /// Only the NMEA source; the rest off. GeoClue ignores an application
    /// group unless it has allowed, system and users.
    static func geoclueConfiguration(socket: String, forbidForecastly: Bool) -> String {
        var text = """
        [agent]
        whitelist=geoclue-demo-agent
        [network-nmea]
        enable=true
        nmea-socket=\(socket)
        [3g]
        enable=false
        [cdma]
        enable=false
        [modem-gps]
        enable=false
        [wifi]
        enable=false
        [compass]
        enable=false

        """
        if forbidForecastly { text += "[forecastly]\nallowed=false\nsystem=false\nusers=\n" }
        return text
    }
}

extension URL {
    /// This file, created empty when missing.
    func creatingFile() -> URL {
        if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        return self
    }
}
