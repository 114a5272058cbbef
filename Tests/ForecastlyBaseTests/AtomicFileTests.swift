@testable import ForecastlyBase
import Foundation
import Glibc
import Testing

@Suite struct AtomicFileTests {
    static func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)/file.bin").path
    }

    /// How many of the file's pages are in the page cache (mincore on a map).
    static func residentPages(_ path: String) throws -> Int {
        let descriptor = open(path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var status = stat()
        try #require(fstat(descriptor, &status) == 0)
        let size = Int(status.st_size)
        let mapping = try #require(mmap(nil, size, PROT_READ, MAP_SHARED, descriptor, 0))
        try #require(mapping != MAP_FAILED)
        defer { munmap(mapping, size) }
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        var vector = [UInt8](repeating: 0, count: (size + pageSize - 1) / pageSize)
        try #require(mincore(mapping, size, &vector) == 0)
        return vector.filter { $0 & 1 == 1 }.count
    }

    @Test func theFileHoldsExactlyTheBytesWithTheModeAndNoTemporaryFileIsLeft() throws {
        let path = Self.temporaryPath()
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try AtomicFile.write(bytes, to: path, mode: 0o644)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(bytes))
        var status = stat()
        #expect(stat(path, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o644)
        let directory = (path as NSString).deletingLastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["file.bin"])
    }

    /// The place index is written this way so that later lookups map only
    /// the pages they read (see AtomicFile.write).
    @Test func droppingFromTheCacheLeavesTheWrittenPagesOutOfIt() throws {
        let bytes = [UInt8](repeating: 7, count: 4 << 20)
        let kept = Self.temporaryPath()
        try AtomicFile.write(bytes, to: kept)
        let dropped = Self.temporaryPath()
        try AtomicFile.write(bytes, to: dropped, dropFromCache: true)
        let pages = bytes.count / Int(sysconf(Int32(_SC_PAGESIZE)))
        #expect(try Self.residentPages(kept) > pages / 2)
        #expect(try Self.residentPages(dropped) < pages / 8)
        #expect(try Data(contentsOf: URL(fileURLWithPath: dropped)) == Data(bytes))
    }
}
