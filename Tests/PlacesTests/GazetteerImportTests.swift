import ForecastlyBase
import Foundation
@testable import Places
import Testing
import TestSupport

@Suite struct GazetteerImportTests {
    @Test(arguments: ["geonames/cities-sample.txt", "geonames/cities-sample.txt.gz", "geonames/cities-sample.zip"])
    func importsTextGzipAndZip(dump: String) throws {
        let fixture = try GazetteerFixture.make(dump: dump)
        defer { fixture.remove() }
        #expect(fixture.gazetteer.count == fixture.places.count)
        #expect(fixture.gazetteer.source.hasPrefix("GeoNames cities-sample"))
        let kyiv = try #require(fixture.gazetteer.matches(try PlaceQuery("Kyiv")).first)
        let record = try #require(fixture.places.first { $0.id == kyiv.id })
        #expect(kyiv.coordinate.latitude == record.latitude && kyiv.coordinate.longitude == record.longitude)
        #expect(kyiv.population == record.population)
        #expect(kyiv.countryName == "Ukraine")
        #expect(kyiv.timeZone == "Europe/Kyiv")
    }

    /// A bad import names the problem and leaves the previous index as it was.
    @Test func badImportsKeepTheExistingIndex() throws {
        let fixture = try GazetteerFixture.make()
        defer { fixture.remove() }
        let index = PlaceIndex(directories: GazetteerFixture.directories(fixture.directory), bundled: try BundledGeoNames(dumpAt: Fixtures.url("geonames/cities-sample.txt").path))
        let before = try Data(contentsOf: URL(fileURLWithPath: index.userIndexPath))
        let scratch = fixture.directory.appendingPathComponent("bad")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)

        let lines = try Fixtures.text("geonames/cities-sample.txt").split(separator: "\n", omittingEmptySubsequences: false)
        let truncatedLine = lines.prefix(10).joined(separator: "\n") + "\n" + lines[10].prefix(40)
        let gzip = try Fixtures.data("geonames/cities-sample.txt.gz")
        let zip = try Fixtures.data("geonames/cities-sample.zip")
        let cases: [(String, Data, String)] = [
            ("truncated.txt", Data(truncatedLine.utf8),
             "Line 11 is not a GeoNames cities line: expected 19 tab-separated GeoNames columns, found \(lines[10].prefix(40).split(separator: "\t", omittingEmptySubsequences: false).count)."),
            ("page.html", Data("<html><body>Not found</body></html>\n".utf8),
             "Line 1 is not a GeoNames cities line: expected 19 tab-separated GeoNames columns, found 1."),
            ("empty.txt", Data(), "The file holds no places."),
            ("truncated.gz", gzip.prefix(gzip.count / 2), scratch.path + "/truncated.gz is not a GeoNames dump: the compressed data is truncated or damaged."),
            ("truncated.zip", zip.prefix(zip.count - 100), scratch.path + "/truncated.zip is not a GeoNames dump: the zip archive is truncated or damaged."),
        ]
        for (name, data, expected) in cases {
            let path = scratch.appendingPathComponent(name).path
            try data.write(to: URL(fileURLWithPath: path))
            let error = #expect(throws: GazetteerImportError.self) { try index.importDump(at: path) }
            // A gzip stream cut in half is found short by zlib, or by the
            // trailer's checksum when zlib stops without asking for more
            // input (seen in a fresh-clone run): both say why, in the same words.
            if case .unsupportedFormat? = error, name.hasSuffix(".gz") {
                #expect(error?.summary.hasPrefix(path + " is not a GeoNames dump: the") == true && error?.summary.contains("truncated or damaged") == true, "\(String(describing: error))")
            } else {
                #expect(error?.summary == expected)
            }
        }
        var badLatitude = lines[0].split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        badLatitude[4] = "95.5"
        try (badLatitude.joined(separator: "\t") + "\n").write(toFile: scratch.path + "/lat.txt", atomically: true, encoding: .utf8)
        let latitude = #expect(throws: GazetteerImportError.self) { try index.importDump(at: scratch.path + "/lat.txt") }
        #expect(latitude?.summary == "Line 1 is not a GeoNames cities line: the latitude “95.5” is not between -90 and 90.")
        let missing = #expect(throws: GazetteerImportError.self) { try index.importDump(at: scratch.path + "/missing.txt") }
        #expect(missing?.summary == "Cannot read \(scratch.path)/missing.txt: no such file.")
        #expect(try Data(contentsOf: URL(fileURLWithPath: index.userIndexPath)) == before)
        #expect(try index.open().matches(try PlaceQuery("Kyiv")).first?.name == "Kyiv")
    }

    @Test func damagedIndexFilesAreRejected() throws {
        let fixture = try GazetteerFixture.make()
        defer { fixture.remove() }
        let good = try Data(contentsOf: URL(fileURLWithPath: fixture.gazetteer.path))
        let path = fixture.directory.appendingPathComponent("damaged.idx").path
        var wrongVersion = good
        wrongVersion[8] = 99
        for damaged in [good.prefix(good.count / 2), Data(repeating: 0x41, count: 4096), wrongVersion, Data(good.prefix(40))] {
            try damaged.write(to: URL(fileURLWithPath: path))
            #expect(throws: GazetteerOpenError.self) { try Gazetteer.open(path: path) }
        }
        #expect(throws: GazetteerOpenError.unreadable(path: path + ".none", reason: MessageText("no such file"))) {
            try Gazetteer.open(path: path + ".none")
        }
        #expect(throws: GazetteerOpenError.unreadable(path: fixture.directory.path, reason: MessageText("it is a directory"))) {
            try Gazetteer.open(path: fixture.directory.path)
        }
        try Data().write(to: URL(fileURLWithPath: path))
        #expect(throws: GazetteerOpenError.unreadable(path: path, reason: MessageText("the file is empty"))) {
            try Gazetteer.open(path: path)
        }
    }

    @Test func fixedPointCoordinates() {
        #expect(GeoNamesParser.fixedPoint("-33.86785", limit: 90) == -3_386_785)
        #expect(GeoNamesParser.fixedPoint("50.454660", limit: 90) == 5_045_466)
        #expect(GeoNamesParser.fixedPoint("180", limit: 180) == 18_000_000)
        #expect(GeoNamesParser.fixedPoint("0.000006", limit: 90) == 1)
        for bad in ["", "-", "nan", "1e5", "90.00001", "1.2.3", "+5", " 5"] {
            #expect(GeoNamesParser.fixedPoint(Substring(bad), limit: 90) == nil, "\(bad)")
        }
    }

    /// The bundled set (every place of 15,000 or more) is built once into
    /// the cache and reused.
    @Test func bundledPlacesBuildOnceIntoTheCache() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bundled-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let index = PlaceIndex(directories: GazetteerFixture.directories(root), bundled: .linked)
        let first = try index.open()
        #expect(first.count == 34_024)
        #expect(first.path.hasPrefix(root.path + "/cache/forecastly/places-v"))
        let modified = try FileManager.default.attributesOfItem(atPath: first.path)[.modificationDate] as? Date
        let second = try index.open()
        #expect(second.path == first.path)
        #expect(try FileManager.default.attributesOfItem(atPath: second.path)[.modificationDate] as? Date == modified)
        // Mitte (a district of 102,338) is nearer to this point than Berlin's centre; the city names it.
        let point = try Coordinate(latitude: 52.52, longitude: 13.41)
        #expect(second.nearest(to: point).place.name == "Mitte")
        #expect(second.locality(of: point).description == "Berlin, DE")
    }

}
