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

/// Signal handler: only async-signal-safe calls. Shows the cursor again,
/// ends the line, and exits 0: Ctrl-C is how a watch is meant to end.
private func restoreAndExit(_ signalNumber: Int32) {
    let restore: StaticString = "\u{1B}[?25h\n"
    if isatty(STDOUT_FILENO) == 1 {
        restore.withUTF8Buffer { _ = write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }
    _exit(0)
}
