import ForecastlyBase
import Foundation
@testable import Places
import TestSupport

/// The sample GeoNames places, as an index and as plain records: tests
/// check the index against a brute-force pass over the records.
struct GazetteerFixture {
    struct Place {
        var id: Int
        var name: String
        var keys: [[UInt8]]
        var latitude: Double
        var longitude: Double
        var population: Int
        var countryCode: String
    }

    let gazetteer: Gazetteer
    let places: [Place]
    let directory: URL

    /// Builds the sample into a fresh temporary XDG data directory.
    static func make(dump: String = "geonames/cities-sample.txt") throws -> GazetteerFixture {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gazetteer-\(UUID().uuidString)")
        let index = PlaceIndex(directories: directories(directory), bundled: try BundledGeoNames(dumpAt: Fixtures.url("geonames/cities-sample.txt").path))
        let gazetteer = try index.importDump(at: Fixtures.url(dump).path)
        return GazetteerFixture(gazetteer: gazetteer, places: try records(), directory: directory)
    }

    static func directories(_ root: URL) -> XDGDirectories {
        XDGDirectories(environment: [
            "HOME": root.path, "XDG_DATA_HOME": root.path + "/data", "XDG_CACHE_HOME": root.path + "/cache",
            "XDG_CONFIG_HOME": root.path + "/config",
        ])
    }

    /// The sample parsed independently of GeoNamesParser (a plain split).
    static func records() throws -> [Place] {
        try Fixtures.text("geonames/cities-sample.txt").split(separator: "\n").map { line in
            let c = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let names = [c[1], c[2]] + c[3].split(separator: ",").map(String.init)
            return Place(
                id: Int(c[0])!, name: c[1], keys: names.map(SearchKey.fold).filter { !$0.isEmpty },
                latitude: Double(c[4])!, longitude: Double(c[5])!, population: Int(c[14]) ?? 0, countryCode: c[8])
        }
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}

/// Great-circle distance by the haversine formula, independent of the k-d tree's chords.
func haversineMeters(_ a: (Double, Double), _ b: (Double, Double)) -> Double {
    let radians = Double.pi / 180
    let dLat = (b.0 - a.0) * radians, dLon = (b.1 - a.1) * radians
    let h = sin(dLat / 2) * sin(dLat / 2) + cos(a.0 * radians) * cos(b.0 * radians) * sin(dLon / 2) * sin(dLon / 2)
    return 2 * 6_371_008.8 * asin(min(1, h.squareRoot()))
}
