import ForecastlyApp
import Foundation
import Synchronization

/// A one-line progress indicator on stderr. Only created when stderr is a
/// terminal; it erases itself when stopped so the output stays clean.
final class Spinner: Sendable {
    private static let frames = Terminal.asciiOnly ? ["|", "/", "-", "\\"] : ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    private let label = Mutex("")
    private let task = Mutex<Task<Void, Never>?>(nil)

    init() {
        // Ctrl-C while spinning: erase the line so the prompt starts clean.
        signal(SIGINT, eraseLineAndExit)
    }

    /// Shows `text` next to the spinner, starting it if needed.
    func show(_ text: String) {
        label.withLock { $0 = text }
        task.withLock { task in
            guard task == nil else { return }
            task = Task.detached { [self] in
                var frame = 0
                while !Task.isCancelled {
                    let text = self.label.withLock { $0 }
                    Terminal.standardError.write("\r\u{1B}[2K\(Self.frames[frame % Self.frames.count]) \(text)")
                    frame += 1
                    try? await Task.sleep(for: .milliseconds(80))
                }
                Terminal.standardError.write("\r\u{1B}[2K")
            }
        }
    }

    /// Returns once the line is erased, so nothing printed next can be overwritten.
    func stop() async {
        let running = task.withLock { task in
            defer { task = nil }
            return task
        }
        guard let running else { return }
        running.cancel()
        await running.value
    }
}

/// SIGINT handler: only async-signal-safe calls (write, _exit). Exits with
/// 128 + the signal number, as shells expect.
private func eraseLineAndExit(_ signalNumber: Int32) {
    let erase: StaticString = "\r\u{1B}[2K"
    erase.withUTF8Buffer { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
    _exit(128 + signalNumber)
}

extension Spinner {
    /// Runs `work` with a spinner on stderr when `shown`, which it reports
    /// its progress to; the spinner is gone, line erased, when it returns or throws.
    static func `while`<Result: Sendable>(
        _ shown: Bool, _ work: (@escaping ProgressReporter) async throws -> Result
    ) async throws -> Result {
        guard shown else { return try await work { _ in } }
        let spinner = Spinner()
        do {
            let result = try await work(spinner.reporter)
            await spinner.stop()
            return result
        } catch {
            await spinner.stop()
            throw error
        }
    }
}
