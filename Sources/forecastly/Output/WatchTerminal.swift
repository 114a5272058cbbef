import Foundation

/// The terminal side of watching: hiding the cursor while drawing in place,
/// and restoring it on Ctrl-C.
enum WatchTerminal {
    static func prepare(inPlace: Bool) {
        if inPlace { Terminal.standardOutput.write("\u{1B}[?25l") }
        signal(SIGINT, restoreAndExit)
        signal(SIGTERM, restoreAndExit)
    }
}

extension WatchTerminal {
    /// Each time the terminal is resized (SIGWINCH), until the stream is dropped.
    static func resizes() -> AsyncStream<Void> {
        AsyncStream { continuation in
            signal(SIGWINCH, SIG_IGN)
            let resized = SignalSource(DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .global()))
            resized.source.setEventHandler { continuation.yield() }
            resized.source.resume()
            continuation.onTermination = { _ in resized.source.cancel() }
        }
    }
}

/// A dispatch source, cancelled from the stream's end on another thread:
/// Dispatch's sources are safe to use from any thread, but not marked Sendable.
private final class SignalSource: @unchecked Sendable {
    let source: any DispatchSourceSignal
    init(_ source: any DispatchSourceSignal) { self.source = source }
}

/// Signal handler: only async-signal-safe calls. Shows the cursor again,
/// ends the line, and exits 0: Ctrl-C is how a watch is meant to end.
private func restoreAndExit(_ signalNumber: Int32) {
    let restore: StaticString = "\u{1B}[?25h\n"
    if isatty(STDOUT_FILENO) == 1 {
        restore.withUTF8Buffer { _ = write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }
    _exit(0)
}
