#if canImport(Glibc)
import Glibc
#endif

/// The few file-system questions asked on every run, answered with plain
/// system calls. Foundation's FileManager and NSString path methods start
/// CoreFoundation, which adds megabytes of resident memory to a process
/// meant to stay small on a Raspberry Pi or in a status bar.
public enum POSIXPath {
    /// "/a/b/c.txt" → "/a/b"; "c.txt" → ".".
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component of `path`: "cities.idx" for "/a/b/cities.idx".
    public static func name(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// Whether `path` is a regular file (not a directory).
    public static func isFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// The size in bytes of the file at `path`, nil when there is none.
    public static func size(_ path: String) -> Int? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Int(status.st_size)
    }

    /// Creates `path` and its missing parents with `mode`; true when it exists afterwards.
    @discardableResult
    public static func makeDirectories(_ path: String, mode: UInt32 = 0o700) -> Bool {
        if isDirectory(path) { return true }
        let parent = directory(of: path)
        if parent != path, parent != ".", parent != "/" { makeDirectories(parent, mode: mode) }
        return mkdir(path, mode_t(mode)) == 0 || isDirectory(path)
    }

    public static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// The directory of the running executable (/proc/self/exe).
    public static var executableDirectory: String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let path = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return directory(of: path)
    }
}
