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
    public enum Failure: Error, Sendable, Equatable, UserFacingError {
        /// The path names something that is not a regular file.
        case notAFile(path: String, kind: String)
        /// It cannot be opened for writing (no such directory, no permission, read-only).
        case cannotCreate(path: String, reason: String)
        /// Writing it failed part way.
        case writeFailed(path: String, reason: String)

        public var summary: String {
            switch self {
            case .notAFile(let path, let kind):
                "\(Self.quoted(path)) is \(kind), not a file; forecastly writes only to files"
            case .cannotCreate(let path, let reason):
                "Cannot create \(Self.quoted(path)): \(reason)"
            case .writeFailed(let path, let reason):
                "Writing \(Self.quoted(path)) failed: \(reason); the file may be incomplete"
            }
        }

        public var advice: String? {
            switch self {
            case .notAFile: "Name a file (or - for standard output)."
            case .cannotCreate: "Check that the directory exists and that you may write there."
            case .writeFailed: "Check the free space and the disk, then try again."
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
            case EISDIR: throw .notAFile(path: path, kind: "a directory")
            case ENXIO: throw .notAFile(path: path, kind: "a FIFO or a device")
            default: throw .cannotCreate(path: path, reason: errorText(code))
            }
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .cannotCreate(path: path, reason: errorText(errno)) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .notAFile(path: path, kind: "a directory")
        case S_IFIFO: throw .notAFile(path: path, kind: "a FIFO")
        case S_IFSOCK: throw .notAFile(path: path, kind: "a socket")
        default: throw .notAFile(path: path, kind: "a device")
        }
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

    private static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}
