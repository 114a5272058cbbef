import Foundation
import TestSupport

/// Runs the `forecastly` binary SwiftPM built next to this test bundle, the
/// way a person or a script would: arguments, environment, and the three
/// things they see (stdout, stderr, exit status).
struct CLIResult {
    var status: Int32
    var stdout: String
    var stderr: String
    /// The run was still going at its time limit and the test killed it.
    var killedAtTimeLimit = false

    var stderrLines: [Substring] { stderr.split(separator: "\n") }
}

enum CLI {
    /// A service that is down: nothing listens on loopback's discard port,
    /// so a connection is refused at once. Tests that stop a stub to take a
    /// service down use this instead of the stub's address, which a stub
    /// started meanwhile by a parallel test may be listening on again.
    static let refusingURL = "http://127.0.0.1:9"

    static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["FORECASTLY_BINARY"] { return URL(fileURLWithPath: path) }
        // The test runner lives in .build/<triple>/debug/, beside the executable.
        let runner = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return runner.deletingLastPathComponent().appendingPathComponent("forecastly")
    }()

    /// - Parameters:
    ///   - home: HOME for the run (kept between runs that share it); a fresh one by default.
    ///   - executable: another program to run in the same environment (a shell driving completion).
    ///   - terminalInput: run on a pseudo-terminal (through `script`) typing this; stdout then holds everything shown.
    ///   - directory: the working directory, where a bare file name lands.
    ///   - timeLimit: a run still going after this is killed (by its PID) and
    ///     its result says so, so a hung run fails its test instead of the suite.
    ///   - alongsideOthers: start at once, even when the suite has as many
    ///     runs going as it allows (`RunSlots`): for a test of processes at
    ///     once. `simulate ctl` always does.
    static func run(
        _ arguments: [String], server: StubHTTPServer? = nil, environment extra: [String: String] = [:],
        home sharedHome: URL? = nil, terminalInput: String? = nil, executable: String? = nil, directory: URL? = nil,
        timeLimit: Duration = .seconds(120), alongsideOthers: Bool = false
    ) async throws -> CLIResult {
        // A story's control answers at once, and clients of the story wait on
        // what it says (a move, a revocation): it never queues behind them.
        try await RunSlots.shared.holding(unless: alongsideOthers || arguments.starts(with: ["simulate", "ctl"])) {
            try await launch(arguments, server: server, environment: extra, home: sharedHome, terminalInput: terminalInput,
                             executable: executable, directory: directory, timeLimit: timeLimit)
        }
    }

    private static func launch(
        _ arguments: [String], server: StubHTTPServer?, environment extra: [String: String],
        home sharedHome: URL?, terminalInput: String?, executable: String?, directory: URL?, timeLimit: Duration
    ) async throws -> CLIResult {
        let home = sharedHome ?? FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { if sharedHome == nil { try? FileManager.default.removeItem(at: home) } }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-io-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }

        var environment = [
            "PATH": "/usr/bin:/bin", "HOME": home.path, "LANG": "C.UTF-8", "TZ": "UTC", "TERM": "dumb",
            // Never the machine's own policy, never the real gpsd or IP service.
            "FORECASTLY_POLICY_FILE": home.path + "/no-policy.json",
            "FORECASTLY_GPSD": "127.0.0.1:9", "FORECASTLY_IPGEO_URL": "\(CLI.refusingURL)/",
            // The fallback provider never leaves the machine either.
            "FORECASTLY_MET_NORWAY_URL": CLI.refusingURL, "FORECASTLY_OPENWEATHER_URL": CLI.refusingURL,
            CLI.extrasWait.key: CLI.extrasWait.value,
        ]
        // Nothing in these tests may reach the internet: without a stub, point at a closed loopback port.
        environment["FORECASTLY_OPEN_METEO_URL"] = server?.baseURL ?? CLI.refusingURL
        environment["FORECASTLY_AIR_QUALITY_URL"] = server?.baseURL ?? CLI.refusingURL
        environment["FORECASTLY_NWS_URL"] = server?.baseURL ?? CLI.refusingURL
        environment["FORECASTLY_METEOALARM_URL"] = server?.baseURL ?? CLI.refusingURL
        environment["FORECASTLY_GEOCODING_URL"] = server?.baseURL ?? CLI.refusingURL
        // The bundled place index is built once per machine into this cache
        // (a debug build takes seconds), not once per test.
        environment["XDG_CACHE_HOME"] = try await PlaceCache.shared.directory()
        environment.merge(extra) { _, new in new }

        let stdoutURL = scratch.appendingPathComponent("stdout")
        let stderrURL = scratch.appendingPathComponent("stderr")
        try Data().write(to: stdoutURL)
        try Data().write(to: stderrURL)
        let stdout = try FileHandle(forWritingTo: stdoutURL)
        let stderr = try FileHandle(forWritingTo: stderrURL)

        let process = Process()
        process.environment = environment
        if let directory { process.currentDirectoryURL = directory }
        process.standardOutput = stdout
        process.standardError = stderr
        if let terminalInput {
            // util-linux `script` gives the command a pseudo-terminal; what we
            // write to its stdin is typed at that terminal.
            let command = ([binary.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
            process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
            process.arguments = ["-qefc", command, "/dev/null"]
            let input = Pipe()
            process.standardInput = input
            try input.fileHandleForWriting.write(contentsOf: Data(terminalInput.utf8))
            try input.fileHandleForWriting.close()
        } else {
            process.executableURL = executable.map(URL.init(fileURLWithPath:)) ?? binary
            process.arguments = arguments
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        // A run still going after its limit is killed by its PID.
        // What its threads were waiting in is kept first, for the failure to say.
        let watchdog = Task { () -> String? in
            guard (try? await Task.sleep(for: timeLimit)) != nil, process.isRunning else { return nil }
            let threads = HungProcess.threads(process.processIdentifier)
            return kill(process.processIdentifier, SIGKILL) == 0 ? threads : nil
        }
        let status = await process.ended()
        watchdog.cancel()
        try stdout.close()
        try stderr.close()
        var said = try String(contentsOf: stderrURL, encoding: .utf8)
        let threads = await watchdog.value
        if let threads {
            said += "\n(the test killed this run by its PID after \(timeLimit): it had not ended; its threads: \(threads))\n"
        }
        return CLIResult(status: status, stdout: try String(contentsOf: stdoutURL, encoding: .utf8), stderr: said,
                         killedAtTimeLimit: threads != nil)
    }
}

extension CLI {
    /// The extras' wait in these runs: the longest there is. A test that
    /// expects the air or the next two hours must not lose them to a machine
    /// busy with the rest of the suite; the budget itself is
    /// `ExtrasBudgetTests`', which sets a short one.
    static let extrasWait = (key: "FORECASTLY_EXTRAS_WAIT", value: "60")

    /// Starts the binary without waiting (for tests that kill it or read it
    /// while it runs); output is discarded unless pipes are given.
    /// `onTerminal`: through util-linux `script`, on a pseudo-terminal whose
    /// screen is `stdout`; the binary is then `script`'s descendant (`descendant(of:named:)`).
    static func start(
        _ arguments: [String], home: URL, environment extra: [String: String] = [:], stdout: Pipe? = nil, stderr: Pipe? = nil,
        onTerminal: Bool = false
    ) async throws -> Process {
        let process = Process()
        if onTerminal {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
            process.arguments = ["-qefc", ([binary.path] + arguments).map { "'\($0)'" }.joined(separator: " "), "/dev/null"]
        } else {
            process.executableURL = binary
            process.arguments = arguments
        }
        var environment = [
            "PATH": "/usr/bin:/bin", "HOME": home.path, "LANG": "C.UTF-8", "TZ": "UTC",
            "FORECASTLY_OPEN_METEO_URL": "http://127.0.0.1:9", "FORECASTLY_POLICY_FILE": home.path + "/no-policy.json",
            "FORECASTLY_AIR_QUALITY_URL": "http://127.0.0.1:9", "FORECASTLY_NWS_URL": "http://127.0.0.1:9",
            "FORECASTLY_METEOALARM_URL": "http://127.0.0.1:9",
            "FORECASTLY_GPSD": "127.0.0.1:9", "FORECASTLY_IPGEO_URL": "http://127.0.0.1:9/",
            // The fallback provider never leaves the machine either.
            "FORECASTLY_MET_NORWAY_URL": "http://127.0.0.1:9", "FORECASTLY_OPENWEATHER_URL": "http://127.0.0.1:9",
            CLI.extrasWait.key: CLI.extrasWait.value,
        ]
        environment["XDG_CACHE_HOME"] = try await PlaceCache.shared.directory()
        environment.merge(extra) { _, new in new }
        process.environment = environment
        process.standardOutput = stdout ?? FileHandle.nullDevice
        process.standardError = stderr ?? FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }
}

extension CLI {
    /// `read`, off the pool: what `process` writes to a pipe. A read cannot
    /// be cancelled, so after 30 s the process is stopped by its PID
    /// instead: its end of the pipe closes, the read ends with what came,
    /// and the test fails on that rather than hanging.
    static func reading<Value: Sendable>(from process: Process, _ read: @escaping @Sendable () -> Value) async -> Value {
        let pid = process.processIdentifier
        let deadline = Task {
            try await Task.sleep(for: .seconds(30))
            kill(pid, SIGKILL)
        }
        defer { deadline.cancel() }
        return await offThePool(read)
    }

    /// The PID of the first process under `parent` (children first, then
    /// theirs) whose name is `name`, from /proc: the binary `script` runs.
    static func descendant(of parent: pid_t, named name: String) -> pid_t? {
        var queue = [parent]
        while !queue.isEmpty {
            let pid = queue.removeFirst()
            let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
            for child in children.split(separator: " ").compactMap({ pid_t($0) }) {
                let command = (try? String(contentsOfFile: "/proc/\(child)/comm", encoding: .utf8))?.trimmingCharacters(in: .newlines)
                if command == name { return child }
                queue.append(child)
            }
        }
        return nil
    }
}

/// One XDG cache for every CLI test, with the bundled place index built
/// before the first test uses it (tests run concurrently; one builds it).
actor PlaceCache {
    static let shared = PlaceCache()
    private var ready: Task<String, any Error>?

    func directory() async throws -> String {
        if let ready { return try await ready.value }
        let task = Task<String, any Error> {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-test-cache-\(getuid())").path
            let process = Process()
            process.executableURL = CLI.binary
            process.arguments = ["cities", "status"]
            process.environment = ["HOME": path, "XDG_CACHE_HOME": path, "XDG_DATA_HOME": path + "/no-data", "PATH": "/usr/bin:/bin"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            _ = await process.ended()
            return path
        }
        ready = task
        return try await task.value
    }
}

/// How many runs of the binary the suite has going at once. Swift Testing
/// starts every test together: the CLI tests had up to 109 processes
/// running (load 28 on two cores), and the test process's own tasks then
/// waited tens of seconds for a thread (a 300 ms hand-over took 17 s, and a
/// 1-minute time limit was lost). A run waits for a slot instead.
actor RunSlots {
    static let shared = RunSlots(limit: max(4, 2 * ProcessInfo.processInfo.activeProcessorCount))

    private let limit: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) { self.limit = limit }

    /// `body` in a slot, unless `free`: then at once.
    nonisolated func holding<Value>(unless free: Bool, _ body: () async throws -> Value) async throws -> Value {
        if free { return try await body() }
        await take()
        do {
            let value = try await body()
            await give()
            return value
        } catch {
            await give()
            throw error
        }
    }

    private func take() async {
        guard running >= limit else {
            running += 1
            return
        }
        // The slot is handed over by `give`, already counted.
        await withCheckedContinuation { waiting.append($0) }
    }

    private func give() {
        if waiting.isEmpty { running -= 1 } else { waiting.removeFirst().resume() }
    }
}
