#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The process exit statuses forecastly uses, from BSD's sysexits.h, so that
/// scripts and status bars can tell "fix your command" from "try later".
public enum ExitStatus: Int32, Sendable, CaseIterable {
    case success = 0
    /// A simulated scenario broke one of its invariants (`simulate --scenario`), as a test fails.
    case failure = 1
    /// EX_USAGE: the command line or a setting was wrong.
    case usage = 64
    /// EX_DATAERR: a service or file answered with data that makes no sense.
    case dataError = 65
    /// EX_UNAVAILABLE: a service cannot be reached or is down.
    case unavailable = 69
    /// EX_CANTCREAT: a file the user named for output cannot be created.
    case cannotCreate = 73
    /// EX_IOERR: writing a file failed part way (a full disk, an I/O error).
    case ioError = 74
    /// EX_TEMPFAIL: rate limited or timed out; the same command may work later.
    case temporaryFailure = 75
    /// EX_NOPERM: location permission (or an API key) is missing.
    case noPermission = 77
    /// EX_CONFIG: the configuration file is wrong (a key, a value, its mode).
    case configuration = 78
}

extension ExitStatus {
    /// How a failed write ends a run, by the system's errno: a file or
    /// directory that cannot be made (no permission, a read-only file system)
    /// is EX_CANTCREAT; a write that fails on the way (a full disk, a quota,
    /// an I/O error) EX_IOERR; a busy or interrupted one EX_TEMPFAIL, as the
    /// same command may work in a moment.
    public static func forWriting(errno code: Int32) -> ExitStatus {
        switch code {
        case EACCES, EPERM, EROFS, ENOENT, ENOTDIR, EISDIR, EEXIST, ENAMETOOLONG, ELOOP: .cannotCreate
        case EAGAIN, EBUSY, EINTR, ETXTBSY: .temporaryFailure
        default: .ioError
        }
    }
}

/// An error a person will read: what happened and what it means, then
/// what to do next, as messages a front end says in the user's language.
/// Together they make one line.
///
/// The summary is for any program to show, except that a value it refuses
/// is named by the forecastly option that takes it ("--format has an
/// unknown placeholder %q"). The advice is forecastly's own: it names its
/// commands, options and variables ("raise --gps-timeout", "'forecastly
/// location allow'"), so a program built on the libraries shows the
/// summary and words its own advice, as Examples/LibraryClient does.
public protocol UserFacingError: Error, Sendable {
    var summaryMessage: MessageText { get }
    var adviceMessage: MessageText? { get }
    var exitStatus: ExitStatus { get }
}

extension UserFacingError {
    /// The summary in English.
    public var summary: String { summaryMessage.text }
    /// The advice in English.
    public var advice: String? { adviceMessage?.text }

    /// The single line the CLI prints after "forecastly: ", in English.
    public var userMessage: String { userMessage(in: { $0 }) }

    /// The line said in a language (`translate` gives a message's English
    /// template in it). Errors quote text from servers, files and SQLite;
    /// whatever a case forgot to clean, no control character or escape
    /// sequence reaches the terminal from here, and the summary ends as a
    /// sentence before the advice begins.
    public func userMessage(in translate: (String) -> String) -> String {
        var line = summaryMessage.said(in: translate).strippingTerminalControls(limit: 2_000)
        if let last = line.last, !".!?。".contains(last) { line += Self.isCJK(last) ? "。" : "." }
        guard let advice = adviceMessage?.said(in: translate), !advice.isEmpty else { return line }
        return line + " " + advice.strippingTerminalControls(limit: 1_000)
    }

    /// Japanese (or Chinese) text, which a sentence ends with "。":
    /// "指定値:「furlongs」" closed with "." read as a mistake.
    private static func isCJK(_ character: Character) -> Bool {
        character.unicodeScalars.contains { (0x3000...0x30FF).contains($0.value) || (0x4E00...0x9FFF).contains($0.value) || (0xFF00...0xFFEF).contains($0.value) }
    }
}
