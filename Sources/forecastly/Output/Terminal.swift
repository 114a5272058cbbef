import ForecastlyBase
import ForecastPresentation
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
#elseif canImport(Darwin)
#endif

/// One of the process's output streams, written unbuffered so stdout and
/// stderr interleave in order.
struct Terminal: Sendable {
    let descriptor: Int32

    static let standardOutput = Terminal(descriptor: STDOUT_FILENO)
    static let standardError = Terminal(descriptor: STDERR_FILENO)
    static let standardInput = Terminal(descriptor: STDIN_FILENO)

    var isTerminal: Bool { isatty(descriptor) == 1 }

    /// Columns to draw in, from the process's environment.
    var columns: Int { width(environment: ProcessEnvironment.variables) }

    /// Columns to draw in: `COLUMNS`, else the terminal's own width, else 80.
    func width(environment: [String: String]) -> Int {
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return min(columns, 1_000) }
        var size = winsize()
        if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }

    /// Whether the locale's characters are UTF-8 (the first of LC_ALL,
    /// LC_CTYPE and LANG that is set decides, as the C library's does).
    private static func localeIsUTF8(environment: [String: String]) -> Bool {
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? "C"
        let lowered = locale.lowercased()
        return lowered.contains("utf-8") || lowered.contains("utf8")
    }

    /// Whether text for people is written in ASCII: the locale's characters
    /// are not UTF-8 (LC_ALL=C, a serial console, a minimal container).
    static let asciiOnly = !localeIsUTF8(environment: ProcessEnvironment.variables)

    /// Text for people: folded to ASCII when the locale is not UTF-8 ("°"
    /// left out, "·" as "|", "São" as "Sao").
    func write(_ text: String) {
        writeDocument(Self.asciiOnly ? ASCIIText.fold(text) : text)
    }

    /// A document for programs (JSON, SVG) or a path: its bytes as they
    /// are, whatever the locale.
    func writeDocument(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                // EPIPE: the reader went away (`| head`), nothing to say. A file
                // that cannot take the output (`> file` on a full disk) must
                // not end the run as if it had: the run ends with that instead.
                if errno != EPIPE, descriptor == STDOUT_FILENO {
                    let code = errno
                    Terminal.outputFailure.withLock { failure in
                        if failure == nil {
                            failure = OutputFailure(summaryMessage: MessageText("The output could not be written: {reason}.", ["reason": String(cString: strerror(code))]),
                                                    status: code == EBADF ? .ioError : ExitStatus.forWriting(errno: code))
                        }
                    }
                }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }

    /// The first write to stdout that failed, as C's `ferror(stdout)` keeps
    /// it: the run ends with it (`EntryPoint`).
    static let outputFailure = Mutex<OutputFailure?>(nil)

    /// A JSON document (a `…Document`'s `encoded()`), on a line of its own.
    func writeJSON(_ data: some Collection<UInt8>) {
        writeDocument(String(decoding: data, as: UTF8.self) + "\n")
    }

    func writeLine(_ text: String) {
        write(text.hasSuffix("\n") ? text : text + "\n")
    }
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

/// Output that could not be written (`> file` on a full disk).
struct OutputFailure: UserFacingError {
    var summaryMessage: MessageText
    var status: ExitStatus
    var adviceMessage: MessageText? { nil }
    var exitStatus: ExitStatus { status }
}
