import Foundation
@testable import LocationProvider
import Testing
import TestSupport

/// Which index `PlaceIndex` opens, and what it says and keeps when the
/// bundled data, the user's import or the directories are not as expected.
@Suite struct PlaceIndexTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("place-index-\(UUID().uuidString)")
    var directories: XDGDirectories { GazetteerFixture.directories(root) }

    func remove() { try? FileManager.default.removeItem(at: root) }

    func cacheFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directories.cache)) ?? []).sorted()
    }

    @Test func missingBundledDataSaysWhereItLooked() throws {
        defer { remove() }
        let index = PlaceIndex(directories: directories, bundledDumpPath: root.path + "/nowhere/cities15000.txt.gz")
        let error = #expect(throws: PlaceIndexError.bundledDataMissing(root.path + "/nowhere/cities15000.txt.gz")) { try index.open() }
        #expect(error?.exitStatus == .unavailable)
        #expect(index.openIfBuilt() == nil)
    }

    @Test func damagedBundledDataIsBadDataAndNothingIsCached() throws {
        defer { remove() }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let dump = root.path + "/cities15000.txt"
        try Data("<html><body>502 Bad Gateway</body></html>\n".utf8).write(to: URL(fileURLWithPath: dump))
        let index = PlaceIndex(directories: directories, bundledDumpPath: dump)
        let error = #expect(throws: PlaceIndexError.self) { try index.open() }
        #expect(error == .bundledDataDamaged(.malformed(line: 1, reason: "expected 19 tab-separated GeoNames columns, found 1")))
        #expect(error?.exitStatus == .dataError)
        #expect(cacheFiles().isEmpty)
    }

    /// A damaged import is reported, not silently replaced by the bundled
    /// places; removing it brings the bundled places back.
    @Test func aDamagedImportIsReportedUntilRemoved() throws {
        defer { remove() }
        let index = PlaceIndex(directories: directories, bundledDumpPath: Fixtures.url("geonames/cities-sample.txt").path)
        try index.importDump(at: Fixtures.url("geonames/cities-sample.txt").path)
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: index.userIndexPath))

        let error = #expect(throws: PlaceIndexError.self) { try index.open() }
        guard case .open(.invalid(let path, _))? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(path == index.userIndexPath)
        #expect(error?.exitStatus == .dataError)
        #expect(error?.userMessage.contains("forecastly cities import") == true)

        try index.removeImport()
        #expect(!FileManager.default.fileExists(atPath: index.userIndexPath))
        #expect(try index.open().path.hasPrefix(directories.cache + "/places-v"))
        try index.removeImport()  // nothing to remove is not an error
    }

    @Test func anImportThatCannotBeWrittenSaysWhereAndKeepsNothingHalfWritten() throws {
        defer { remove() }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        // A file where the data directory should be: fails the same as root or not.
        try Data("not a directory".utf8).write(to: URL(fileURLWithPath: root.path + "/data"))
        let index = PlaceIndex(directories: directories, bundledDumpPath: Fixtures.url("geonames/cities-sample.txt").path)
        let error = #expect(throws: GazetteerImportError.self) { try index.importDump(at: Fixtures.url("geonames/cities-sample.txt").path) }
        guard case .cannotWrite(let path, _)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(path.hasPrefix(root.path + "/data"))
        #expect(error?.exitStatus == .unavailable)
        #expect(try String(contentsOfFile: root.path + "/data", encoding: .utf8) == "not a directory")
    }

    /// New bundled data (another size or time) gets a fresh index, and the
    /// old one is deleted rather than trusted or left to pile up.
    @Test func newBundledDataReplacesTheCachedIndex() throws {
        defer { remove() }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let dump = root.path + "/cities15000.txt"
        let sample = try Fixtures.text("geonames/cities-sample.txt")
        try sample.write(toFile: dump, atomically: true, encoding: .utf8)
        let index = PlaceIndex(directories: directories, bundledDumpPath: dump)
        let first = try index.open()
        #expect(cacheFiles() == [URL(fileURLWithPath: first.path).lastPathComponent])

        let fewer = sample.split(separator: "\n").prefix(5).joined(separator: "\n") + "\n"
        try fewer.write(toFile: dump, atomically: true, encoding: .utf8)
        let second = try index.open()
        #expect(second.path != first.path)
        #expect(second.count == 5)
        #expect(cacheFiles() == [URL(fileURLWithPath: second.path).lastPathComponent])
    }
}
