import Foundation
import TestSupport

/// Runs the `forecastly` binary SwiftPM built next to this test bundle, the
/// way a person or a script would: arguments, environment, and the three
/// things they see (stdout, stderr, exit status).
struct CLIResult {
    var status: Int32
    var stdout: String
    var stderr: String

    var stderrLines: [Substring] { stderr.split(separator: "\n") }
}

enum CLI {
    static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["FORECASTLY_BINARY"] { return URL(fileURLWithPath: path) }
        // The test runner lives in .build/<triple>/debug/, beside the executable.
        let runner = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return runner.deletingLastPathComponent().appendingPathComponent("forecastly")
    }()

    static func run(_ arguments: [String], server: StubHTTPServer? = nil, environment extra: [String: String] = [:]) async throws -> CLIResult {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }

        var environment = ["PATH": "/usr/bin:/bin", "HOME": home.path, "LANG": "C.UTF-8", "TZ": "UTC"]
        // Nothing in these tests may reach the internet: without a stub, point at a closed loopback port.
        environment["FORECASTLY_OPEN_METEO_URL"] = server?.baseURL ?? "http://127.0.0.1:9"
        environment.merge(extra) { _, new in new }

        let stdoutURL = home.appendingPathComponent("stdout")
        let stderrURL = home.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
        FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        let stdout = try FileHandle(forWritingTo: stdoutURL)
        let stderr = try FileHandle(forWritingTo: stderrURL)

        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        try stdout.close()
        try stderr.close()
        return CLIResult(
            status: status,
            stdout: try String(contentsOf: stdoutURL, encoding: .utf8),
            stderr: try String(contentsOf: stderrURL, encoding: .utf8)
        )
    }
}
