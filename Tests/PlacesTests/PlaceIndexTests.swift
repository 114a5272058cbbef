import ForecastlyBase
import Foundation
@testable import Places
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

    @Test func damagedBundledDataIsBadDataAndNothingIsCached() throws {
        defer { remove() }
        let damaged = BundledGeoNames(dump: Array("<html><body>502 Bad Gateway</body></html>\n".utf8), countryInfo: "")
        let index = PlaceIndex(directories: directories, bundled: damaged)
        let error = #expect(throws: PlaceIndexError.self) { try index.open() }
        guard case .bundledDataDamaged(let damage)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(damage.summary == "Line 1 is not a GeoNames cities line: expected 19 tab-separated GeoNames columns, found 1.")
        #expect(error?.exitStatus == .dataError)
        #expect(cacheFiles().isEmpty)
    }

    /// A damaged import is reported, not silently replaced by the bundled
    /// places; removing it brings the bundled places back.
    @Test func aDamagedImportIsReportedUntilRemoved() throws {
        defer { remove() }
        let index = PlaceIndex(directories: directories, bundled: try BundledGeoNames(dumpAt: Fixtures.url("geonames/cities-sample.txt").path))
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
        let index = PlaceIndex(directories: directories, bundled: try BundledGeoNames(dumpAt: Fixtures.url("geonames/cities-sample.txt").path))
        let error = #expect(throws: GazetteerImportError.self) { try index.importDump(at: Fixtures.url("geonames/cities-sample.txt").path) }
        guard case .cannotWrite(let path, _, _)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(path.hasPrefix(root.path + "/data"))
        // A file where a directory must be: the index cannot be created (EX_CANTCREAT).
        #expect(error?.exitStatus == .cannotCreate)
        #expect(try String(contentsOfFile: root.path + "/data", encoding: .utf8) == "not a directory")
    }

    /// New bundled data (a new forecastly) gets a fresh index, and the old
    /// one is deleted rather than trusted or left to pile up.
    @Test func newBundledDataReplacesTheCachedIndex() throws {
        defer { remove() }
        let sample = try Fixtures.text("geonames/cities-sample.txt")
        let first = try PlaceIndex(directories: directories, bundled: BundledGeoNames(dump: Array(sample.utf8), countryInfo: "")).open()
        #expect(cacheFiles() == [URL(fileURLWithPath: first.path).lastPathComponent])

        let fewer = sample.split(separator: "\n").prefix(5).joined(separator: "\n") + "\n"
        let second = try PlaceIndex(directories: directories, bundled: BundledGeoNames(dump: Array(fewer.utf8), countryInfo: "")).open()
        #expect(second.path != first.path)
        #expect(second.count == 5)
        #expect(cacheFiles() == [URL(fileURLWithPath: second.path).lastPathComponent])
    }
}
