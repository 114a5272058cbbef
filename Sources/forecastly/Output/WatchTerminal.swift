import Foundation
import LocationProvider

/// The terminal side of watching: hiding the cursor while drawing in place,
/// restoring it on Ctrl-C, and noticing permission changes made by another
/// `forecastly location …` while this one runs.
enum WatchTerminal {
    static func prepare(inPlace: Bool) {
        if inPlace { Terminal.standardOutput.write("\u{1B}[?25l") }
        signal(SIGINT, restoreAndExit)
        signal(SIGTERM, restoreAndExit)
    }

    /// The decision file, read again every few seconds; yields each change.
    static func authorizationChanges(initial: AuthorizationState) -> AsyncStream<AuthorizationState> {
        AsyncStream { continuation in
            let task = Task {
                var last = initial
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(3))
                    let setup = await LocationSetup.load(reportingWarnings: false)
                    let state = await setup.authorization.state
                    if state != last {
                        continuation.yield(state)
                        last = state
                    }
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
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
