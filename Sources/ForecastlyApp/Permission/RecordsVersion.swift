import Foundation

/// What the permission's records hold, told without reading them: two equal
/// versions mean nothing changed, so every request of a long-lived
/// application can look (a `stat` of each file) and read the records again
/// only when they did change.
public struct RecordsVersion: Sendable, Hashable {
    public var parts: [Int]

    public init(_ parts: [Int]) {
        self.parts = parts
    }

    /// The files' identity, size and times: an atomic replacement (a new
    /// inode) and an edit in place (a new size or time) both change it; a
    /// missing file is a version too.
    public static func files(_ paths: [String]) -> RecordsVersion {
        RecordsVersion(paths.flatMap { path -> [Int] in
            var status = stat()
            guard stat(path, &status) == 0 else { return [-1] }
            return [Int(status.st_dev), Int(status.st_ino), Int(status.st_size),
                    status.st_mtim.tv_sec, status.st_mtim.tv_nsec, status.st_ctim.tv_sec, status.st_ctim.tv_nsec]
        })
    }
}
