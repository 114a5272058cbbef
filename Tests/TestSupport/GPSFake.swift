public import Foundation
import NIOPosix

/// A real gpsd fed by `gpsfake` with a real receiver log, on a free
/// loopback port. The recipes are the ones measured in
/// Tests/Fixtures/gpsd/SOURCES.md.
public final class GPSFake: @unchecked Sendable {
    public enum Pacing: Sendable {
        /// Recipe B: gpsfake's own client watches, the log plays in ~0.5 s
        /// after a 1.4 s pause, and gpsd exits when it ends.
        case pipe
        /// Recipe A without `-1`: about one fix a second, the log played
        /// again and again (as a receiver keeps reporting), and gpsd up until
        /// stopped. A test that reaches it late on a busy machine still
        /// finds the receiver (played once, the log could end first).
        case paced
        /// Recipe A: about one fix a second, and when the log ends gpsd
        /// reports the receiver removed and exits a second later.
        case pacedOnce
    }

    public struct Unavailable: Error, CustomStringConvertible {
        public var description: String
    }

    public private(set) var port: Int
    private var process: Process

    public var address: String { "127.0.0.1:\(port)" }

    /// Runs `body` with gpsd replaying `log`, and stops both whatever
    /// `body` does: how every test gets a gpsfake. A test about gpsd going
    /// away may `stop()` it inside; stopping again is harmless.
    @discardableResult
    public static func with<Result>(
        log: URL, pacing: Pacing = .pipe, _ body: (GPSFake) async throws -> Result
    ) async throws -> Result {
        try await stopping(try await GPSFake(log: log, pacing: pacing), with: { $0.stop() }, after: body)
    }

    /// A real gpsd with no receiver at all (its DEVICES list is empty) on a
    /// free loopback port, stopped whatever `body` does.
    @discardableResult
    public static func withoutReceiver<Result>(_ body: (_ port: Int) async throws -> Result) async throws -> Result {
        let port = try await freePort()
        let socket = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-gpsd-\(port).sock").path
        let gpsd = Process()
        gpsd.executableURL = URL(fileURLWithPath: "/usr/sbin/gpsd")
        gpsd.arguments = ["-N", "-n", "-S", String(port), "-F", socket]
        gpsd.standardOutput = FileHandle.nullDevice
        gpsd.standardError = FileHandle.nullDevice
        try gpsd.run()
        return try await stopping(gpsd, with: { gpsd in
            // SIGKILL, by its PID: see `stop`.
            if gpsd.isRunning { Glibc.kill(gpsd.processIdentifier, SIGKILL) }
            gpsd.waitUntilExit()
            unlink(socket)
        }, after: { _ in
            try await waitForListener(port: port)
            return try await body(port)
        })
    }

    private init(log: URL, pacing: Pacing) async throws {
        let executable = "/usr/bin/gpsfake"
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw Unavailable(description: "gpsfake is not installed; scripts/test installs gpsd and gpsd-clients")
        }
        let flags: [String] = switch pacing {
        case .pipe: ["-1", "-p", "-q"]
        case .paced: ["-q", "-n", "-c", "0.1"]
        case .pacedOnce: ["-1", "-q", "-n", "-c", "0.1", "-W", "1"]
        }
        // A free port is read and released before gpsfake binds it; another
        // test's server (bound to port 0 meanwhile) can take it first. Then
        // what answers there is not gpsfake's gpsd, and it starts again on
        // another port.
        var attempt = 0
        while true {
            attempt += 1
            port = try await Self.freePort()
            Self.removeStaleControlSockets()
            process = Process()
            // Foundation starts the child as a process-group leader, and gpsd
            // stays in gpsfake's group: `stop` signals the whole group.
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = flags + ["-P", String(port), log.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            try await waitForPort()
            guard pacing == .pipe || Self.greetsAsGpsd(port: port) || attempt == 3 else { stop(); continue }
            // gpsfake adds the receiver to its gpsd only after gpsd listens; on
            // a busy machine that can take seconds, and a test about a receiver
            // would meet a gpsd with none (rightly "no receiver attached").
            // Under stress-ng, gpsfake sometimes never added it (its gpsd then
            // lists no device for good): that gpsfake is stopped and another started.
            if pacing == .pipe { break }
            if try await waitForDevice(attempts: attempt == 3 ? Self.readinessPolls : Self.readinessPolls / 3) { break }
            stop()
            if attempt == 3 { throw Unavailable(description: "gpsfake's gpsd listed no receiver, three times") }
        }
    }

    deinit { stop() }

    /// Ends gpsfake and its gpsd with SIGKILL. SIGTERM is not enough: the
    /// test runner blocks it, children inherit that signal mask, so gpsd
    /// (and gpsfake's own attempt to stop it) would ignore it.
    public func stop() {
        let pid = process.processIdentifier
        let socket = Self.controlSocket(of: pid)
        Self.kill(commandLineContaining: socket) // gpsfake's gpsd
        if process.isRunning {
            Glibc.kill(pid, SIGKILL)
            process.waitUntilExit()
        }
        // A killed gpsd cannot remove its socket, and the file would fool the
        // next gpsfake given the same pid (see removeStaleControlSockets).
        unlink(socket)
    }

    /// gpsfake names its gpsd's control socket after its own pid.
    private static let controlSocketDirectory = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
    private static func controlSocket(of pid: Int32) -> String { "\(controlSocketDirectory)/gpsfake-\(pid).sock" }

    /// gpsfake waits for its gpsd by polling for the control socket file, then
    /// adds the device through it. A file left by an earlier gpsd that was
    /// killed, at the path a new gpsfake's pid gives, ends the wait at once; the
    /// add then fails silently and gpsd runs with no receiver. Files whose
    /// gpsfake is gone are removed before each start.
    private static func removeStaleControlSockets() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: controlSocketDirectory) else { return }
        for name in names where name.hasPrefix("gpsfake-") && name.hasSuffix(".sock") {
            guard let pid = Int32(name.dropFirst("gpsfake-".count).dropLast(".sock".count)),
                  !FileManager.default.fileExists(atPath: "/proc/\(pid)") else { continue }
            unlink(controlSocket(of: pid))
        }
    }

    /// SIGKILLs every process whose command line contains `marker` (a
    /// control-socket path unique to one gpsd).
    public static func kill(commandLineContaining marker: String) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return }
        for entry in entries {
            guard let pid = Int32(entry),
                  let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { continue }
            let commandLine = String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
            if commandLine.contains(marker) { Glibc.kill(pid, SIGKILL) }
        }
    }

    /// Readiness waits end as soon as the daemon is ready; their deadline
    /// only stops a test that would otherwise wait for ever, so it is
    /// generous: a machine busy with other work starts gpsd slowly.
    static let readinessPolls = 1_200  // × 50 ms: a minute

    private func waitForPort() async throws {
        for _ in 0..<Self.readinessPolls {
            if Self.accepts(port: port) { return }
            guard process.isRunning else { throw Unavailable(description: "gpsfake exited with status \(process.terminationStatus)") }
            try await Task.sleep(for: .milliseconds(50))
        }
        stop()
        throw Unavailable(description: "gpsd did not open port \(port) within a minute")
    }

    /// Waits up to a minute until something accepts connections on the loopback port.
    public static func waitForListener(port: Int) async throws {
        for _ in 0..<readinessPolls {
            if accepts(port: port) { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw Unavailable(description: "nothing listens on port \(port) after a minute")
    }

    /// Whether gpsd lists a device within `attempts` polls (50 ms apart).
    private func waitForDevice(attempts: Int) async throws -> Bool {
        for _ in 0..<attempts {
            if Self.listsADevice(port: port) { return true }
            guard process.isRunning else { return false }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    private static func accepts(port: Int) -> Bool {
        guard let socket = connected(port: port) else { return false }
        close(socket)
        return true
    }

    /// Whether what listens on the port greets as a real gpsd does (its
    /// VERSION banner, and not `forecastly simulate serve`'s).
    private static func greetsAsGpsd(port: Int) -> Bool {
        guard let socket = connected(port: port) else { return false }
        defer { close(socket) }
        var patience = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &patience, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = read(socket, &buffer, buffer.count)
        guard count > 0 else { return false }
        let banner = String(decoding: buffer.prefix(count), as: UTF8.self)
        return banner.contains(#""class":"VERSION""#) && !banner.contains("forecastly-simulate")
    }

    /// Whether gpsd, asked `?DEVICES;` now, lists a device.
    private static func listsADevice(port: Int) -> Bool {
        guard let socket = connected(port: port) else { return false }
        defer { close(socket) }
        var patience = timeval(tv_sec: 0, tv_usec: 200_000)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &patience, socklen_t(MemoryLayout<timeval>.size))
        let ask = Array("?DEVICES;\n".utf8)
        guard write(socket, ask, ask.count) == ask.count else { return false }
        // gpsd ends its lines with CRLF, one Character to Swift: lines are split with isNewline.
        var said = ""
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let lines = said.split(whereSeparator: \.isNewline)
            let complete = said.last?.isNewline == true ? lines[...] : lines.dropLast()
            if let devices = complete.first(where: { $0.contains(#""class":"DEVICES""#) }) {
                return !devices.contains(#""devices":[]"#)
            }
            let count = read(socket, &buffer, buffer.count)
            guard count > 0 else { return false }
            said += String(decoding: buffer.prefix(count), as: UTF8.self)
        }
    }

    /// A socket connected to the loopback port, or nil.
    private static func connected(port: Int) -> Int32? {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let done = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        if done { return socket }
        close(socket)
        return nil
    }

    /// A port nothing listens on right now (bound, read, released).
    public static func freePort() async throws -> Int {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton).bind(host: "127.0.0.1", port: 0).get()
        let port = channel.localAddress?.port ?? 0
        try await channel.close()
        return port
    }
}
