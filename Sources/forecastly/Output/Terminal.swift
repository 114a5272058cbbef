import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One of the process's output streams, written unbuffered so stdout and
/// stderr interleave in order.
struct Terminal: Sendable {
    let descriptor: Int32

    static let standardOutput = Terminal(descriptor: STDOUT_FILENO)
    static let standardError = Terminal(descriptor: STDERR_FILENO)
    static let standardInput = Terminal(descriptor: STDIN_FILENO)

    var isTerminal: Bool { isatty(descriptor) == 1 }

    func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return // EPIPE and friends: the reader went away; nothing useful to do.
            }
            bytes = bytes.dropFirst(written)
        }
    }

    func writeLine(_ text: String) {
        write(text.hasSuffix("\n") ? text : text + "\n")
    }
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
