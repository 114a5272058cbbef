#if canImport(Glibc)
import Glibc
#endif

/// A file the user named for input (`cities import FILE`, `--scenario
/// FILE`), read as a shell's `< FILE` reads it: a file, or a pipe as a
/// shell gives one (`<(curl …)`, /dev/stdin), whose size is known only at
/// its end. A directory or a device is refused by name: /dev/zero would
/// never end.
public enum InputFile {
    public enum Failure: Error, Sendable, Equatable {
        case missing
        case directory
        case device
        case unreadable(reason: String)
        /// More than the reader's limit: no such file is what it reads.
        case tooLarge(limit: Int)

        /// The reason in a few words, to follow "cannot be read: ", in the
        /// reader's language; the system's own words are said as they are.
        public var reason: MessageText {
            switch self {
            case .missing: MessageText("no such file")
            case .directory: MessageText("it is a directory")
            case .device: MessageText("it is a device, not a file")
            case .unreadable(let reason): .verbatim(reason)
            case .tooLarge(let limit): MessageText("it is larger than {size} MiB", ["size": "\(limit >> 20)"])
            }
        }
    }

    /// The bytes of the file at `path`, to its end; more than `limit` is refused.
    public static func bytes(at path: String, limit: Int) throws(Failure) -> [UInt8] {
        func failure(_ code: Int32) -> Failure {
            code == ENOENT ? .missing : .unreadable(reason: String(cString: strerror(code)).lowercased())
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure(errno) }
        switch status.st_mode & S_IFMT {
        case S_IFREG, S_IFIFO, S_IFSOCK: break
        case S_IFDIR: throw .directory
        default: throw .device
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(max(0, Int(status.st_size)), limit))
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            guard count > 0 else {
                if errno == EINTR { continue }
                throw failure(errno)
            }
            bytes.append(contentsOf: chunk[..<count])
            guard bytes.count <= limit else { throw .tooLarge(limit: limit) }
        }
    }
}
