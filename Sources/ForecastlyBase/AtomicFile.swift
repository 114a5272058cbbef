public import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes files so that a crash, a full disk or a concurrent run never
/// leaves a half-written file behind: the bytes go to a temporary file in
/// the same directory (mode 0600 from the first byte), are flushed, and the
/// temporary file is renamed over the target in one step.
public enum AtomicFile {
    public struct Failure: Error, Sendable, Equatable {
        public var path: String
        public var reason: String
        /// The system's errno, for the exit status (`ExitStatus.forWriting`).
        public var code: Int32 = 0

        public init(path: String, reason: String, code: Int32 = 0) {
            self.path = path
            self.reason = reason
            self.code = code
        }

        /// How a run that could not write ends.
        public var exitStatus: ExitStatus { ExitStatus.forWriting(errno: code) }
    }

    /// With `dropFromCache`, the written pages leave the page cache once
    /// they are on disk. For files read later through a memory map a few
    /// pages at a time (the place index): pages cached by the write come as
    /// large folios, and recent kernels map a whole folio into a process
    /// on its first touch, so one lookup would make megabytes resident.
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600, dropFromCache: Bool = false) throws(Failure) {
        let directory = (path as NSString).deletingLastPathComponent
        try createDirectory(directory)
        let temporary = "\(path).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else {
            let code = errno
            throw Failure(path: path, reason: errorText(code), code: code)
        }
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, bytes.count - written) }
            if result < 0 {
                if errno == EINTR { continue }
                let code = errno
                let reason = errorText(code)
                close(descriptor)
                unlink(temporary)
                throw Failure(path: path, reason: reason, code: code)
            }
            written += result
        }
        guard fsync(descriptor) == 0 else {
            let code = errno
            let reason = errorText(code)
            close(descriptor)
            unlink(temporary)
            throw Failure(path: path, reason: reason, code: code)
        }
        // Only advice: the file is complete and synced whatever it does.
        if dropFromCache { _ = posix_fadvise(descriptor, 0, 0, POSIX_FADV_DONTNEED) }
        guard close(descriptor) == 0 else {
            let code = errno
            let reason = errorText(code)
            unlink(temporary)
            throw Failure(path: path, reason: reason, code: code)
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            let reason = errorText(code)
            unlink(temporary)
            throw Failure(path: path, reason: reason, code: code)
        }
    }

    /// Creates the directory (and parents) readable by the user only.
    /// `mkdir -p` with mode 0700, failing with the system's own reason
    /// ("not a directory", "read-only file system") for the first part
    /// that cannot be made.
    public static func createDirectory(_ path: String) throws(Failure) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            prefix += "/" + part
            let made = mkdir(prefix, 0o700) == 0
            let code = errno
            if made || code == EEXIST, POSIXPath.isDirectory(prefix) { continue }
            let reason = made || code == EEXIST
                ? "\(prefix) is not a directory"
                : "cannot create the directory \(prefix) (\(String(cString: strerror(code)).lowercased()))"
            throw Failure(path: path, reason: reason, code: made || code == EEXIST ? ENOTDIR : code)
        }
    }

    /// Keeps a file under a second name, `NAME.corrupt-UNIXTIME` (a hard
    /// link: the file stays where it is until a write replaces it, so a write
    /// that then fails leaves it in place), and returns that name.
    public static func keepAside(_ path: String) -> String? {
        let aside = "\(path).corrupt-\(Int(Date().timeIntervalSince1970))"
        return link(path, aside) == 0 ? aside : nil
    }

    public static func errorText() -> String { errorText(errno) }

    /// The system's words for `code` ("No space left on device").
    public static func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }
}
