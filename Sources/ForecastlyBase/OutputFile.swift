#if canImport(Glibc)
import Glibc
#endif

/// A file the user named for output (`chart --svg oslo.svg`), written as a
/// shell redirection (`> oslo.svg`) writes it: a new file is created with
/// the usual mode (0666 less the umask), an existing one is truncated and
/// keeps its mode and owner, a symbolic link is written through, and no
/// missing directory is created. Unlike a redirection it refuses to write
/// into a directory, a device, a FIFO or a socket: what the user named is
/// not a file, and forecastly never replaces it.
///
/// The files forecastly keeps for itself (the store, the decision, the
/// place index) are written with `AtomicFile` instead.
public enum OutputFile {
    /// What stands at a path that is not a regular file.
    public enum FileKind: Sendable, Equatable {
        case directory, fifo, socket, device, fifoOrDevice

        func message(path: String) -> MessageText {
            let values = ["path": path]
            return switch self {
            case .directory: MessageText("{path} is a directory, not a file; forecastly writes only to files", values)
            case .fifo: MessageText("{path} is a FIFO, not a file; forecastly writes only to files", values)
            case .socket: MessageText("{path} is a socket, not a file; forecastly writes only to files", values)
            case .device: MessageText("{path} is a device, not a file; forecastly writes only to files", values)
            case .fifoOrDevice: MessageText("{path} is a FIFO or a device, not a file; forecastly writes only to files", values)
            }
        }
    }

    public enum Failure: Error, Sendable, Equatable, UserFacingError {
        /// The path names something that is not a regular file.
        case notAFile(path: String, kind: FileKind)
        /// It cannot be opened for writing (no such directory, no permission, read-only).
        case cannotCreate(path: String, reason: String)
        /// Writing it failed part way.
        case writeFailed(path: String, reason: String)

        public var summaryMessage: MessageText {
            switch self {
            case .notAFile(let path, let kind):
                kind.message(path: Self.quoted(path))
            case .cannotCreate(let path, let reason):
                MessageText("Cannot create {path}: {reason}", ["path": Self.quoted(path), "reason": reason])
            case .writeFailed(let path, let reason):
                MessageText("Writing {path} failed: {reason}; the file may be incomplete", ["path": Self.quoted(path), "reason": reason])
            }
        }

        public var adviceMessage: MessageText? {
            switch self {
            case .notAFile: MessageText("Name a file (or - for standard output).")
            case .cannotCreate: MessageText("Check that the directory exists and that you may write there.")
            case .writeFailed: MessageText("Check the free space and the disk, then try again.")
            }
        }

        public var exitStatus: ExitStatus {
            switch self {
            case .notAFile, .cannotCreate: .cannotCreate
            case .writeFailed: .ioError
            }
        }

        static func quoted(_ path: String) -> String { "“\(path.strippingTerminalControls(limit: 200))”" }
    }

    public static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        // O_NONBLOCK: a FIFO with no reader must not hang the open; no
        // O_TRUNC yet: nothing is touched before it is known to be a file.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            let code = errno
            switch code {
            case EISDIR: throw .notAFile(path: path, kind: .directory)
            case ENXIO: throw .notAFile(path: path, kind: .fifoOrDevice)
            default: throw .cannotCreate(path: path, reason: errorText(code))
            }
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .cannotCreate(path: path, reason: errorText(errno)) }
        if let kind = kind(of: status.st_mode) { throw .notAFile(path: path, kind: kind) }
        guard ftruncate(descriptor, 0) == 0 else { throw .writeFailed(path: path, reason: errorText(errno)) }
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, bytes.count - written) }
            if result < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw .writeFailed(path: path, reason: errorText(errno))
            }
            written += result
        }
    }

    /// Fails as `write(_:to:)` would, touching nothing. A command checks the
    /// path it was given before its work, as a shell opens a redirection
    /// before the command runs: a mistyped directory costs no request and no
    /// played story. `write` still checks again, as the file system may
    /// change in between.
    public static func check(_ path: String) throws(Failure) {
        var status = stat()
        if stat(path, &status) == 0 {
            if let kind = kind(of: status.st_mode) { throw .notAFile(path: path, kind: kind) }
            guard access(path, W_OK) == 0 else { throw .cannotCreate(path: path, reason: errorText(errno)) }
            return
        }
        let code = errno
        guard code == ENOENT else { throw .cannotCreate(path: path, reason: errorText(code)) }
        // A new file: its directory must exist and take it.
        guard access(POSIXPath.directory(of: path), W_OK | X_OK) == 0 else { throw .cannotCreate(path: path, reason: errorText(errno)) }
    }

    /// What stands at a path of mode `mode`, or nil for a regular file.
    private static func kind(of mode: mode_t) -> FileKind? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: .directory
        case S_IFIFO: .fifo
        case S_IFSOCK: .socket
        default: .device
        }
    }

    private static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}
