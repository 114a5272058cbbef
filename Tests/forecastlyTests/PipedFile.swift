import Foundation
import TestSupport

/// A file as a shell's `<(cat FILE)` gives it: a FIFO that a writer process
/// fills, so its size is known only at its end.
enum PipedFile {
    /// Runs `body` with the FIFO's path while `file` is written into it.
    /// The writer is a process of its own (as curl would be): it waits for
    /// the reader, a reader that stops early ends it and not the tests, and
    /// it is stopped by its PID whatever `body` does.
    static func feeding<Result>(_ file: URL, _ body: (String) async throws -> Result) async throws -> Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-pipe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("pipe").path
        guard mkfifo(fifo, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", "exec cat \"$1\" > \"$2\"", "sh", file.path, fifo]
        try writer.run()
        defer {
            if writer.isRunning { kill(writer.processIdentifier, SIGKILL) }
            writer.waitUntilExit()
        }
        return try await body(fifo)
    }
}
