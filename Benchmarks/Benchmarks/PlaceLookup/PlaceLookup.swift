import Benchmark
import Foundation
import ForecastlyBase
import Places

/// The gazetteer on all 234,908 GeoNames places of cities500: building the
/// index, opening it, prefix search and reverse geocoding.
///
/// The dump comes from FORECASTLY_GEONAMES_DUMP (scripts/benchmark points it
/// at the copy beside the repository, or download cities500.zip from
/// https://download.geonames.org/export/dump/).
let benchmarks: @Sendable () -> Void = {
    guard let dump = ProcessInfo.processInfo.environment["FORECASTLY_GEONAMES_DUMP"] else {
        print("PlaceLookup: set FORECASTLY_GEONAMES_DUMP to a GeoNames cities dump to run these benchmarks.")
        return
    }
    let countryInfo = (try? String(contentsOfFile: (dump as NSString).deletingLastPathComponent + "/countryInfo.txt", encoding: .utf8)) ?? ""
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-place-benchmark")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent("cities.idx").path
    let bytes = try! GazetteerIndex.build(dumpAt: dump, countryInfo: countryInfo, source: "benchmark")
    FileManager.default.createFile(atPath: path, contents: Data(bytes))
    let gazetteer = try! Gazetteer.open(path: path)

    // Prefixes people type: the first 1 to 6 letters of random place names.
    var generator = SeededGenerator(seed: 20261121)
    let prefixes: [PlaceQuery] = (0..<2_000).compactMap { _ in
        let name = gazetteer.place(at: Int.random(in: 0..<gazetteer.count, using: &generator)).name
        return try? PlaceQuery(String(name.prefix(Int.random(in: 1...6, using: &generator))))
    }
    let points: [Coordinate] = (0..<2_000).map { _ in
        try! Coordinate(latitude: Double.random(in: -60...75, using: &generator), longitude: Double.random(in: -180...180, using: &generator))
    }

    // Where fixes really come from: within about 20 km of some place.
    let nearPlaces: [Coordinate] = (0..<2_000).map { _ in
        let place = gazetteer.place(at: Int.random(in: 0..<gazetteer.count, using: &generator)).coordinate
        return try! Coordinate(latitude: min(90, max(-90, place.latitude + Double.random(in: -0.2...0.2, using: &generator))),
                               longitude: min(180, max(-180, place.longitude + Double.random(in: -0.2...0.2, using: &generator))))
    }

    let perQuery = Benchmark.Configuration(metrics: [.wallClock], scalingFactor: .one, maxDuration: .seconds(5), maxIterations: 200_000)

    Benchmark("Build the index (\(gazetteer.count) places)", configuration: .init(metrics: [.wallClock, .peakMemoryResident], maxDuration: .seconds(20), maxIterations: 3)) { benchmark in
        blackHole(try GazetteerIndex.build(dumpAt: dump, countryInfo: countryInfo, source: "benchmark"))
    }

    Benchmark("Open the index (\(bytes.count / 1_048_576) MiB)", configuration: perQuery) { benchmark in
        blackHole(try Gazetteer.open(path: path))
    }

    var next = 0
    Benchmark("Prefix search, 10 results (1-6 letters)", configuration: perQuery) { benchmark in
        next = (next + 1) % prefixes.count
        blackHole(gazetteer.search(prefixes[next], limit: 10))
    }

    Benchmark("Nearest place (k-d tree), random points incl. open ocean", configuration: perQuery) { benchmark in
        next = (next + 1) % points.count
        blackHole(gazetteer.nearest(to: points[next]))
    }

    Benchmark("Nearest place (k-d tree), points within ~20 km of a place", configuration: perQuery) { benchmark in
        next = (next + 1) % nearPlaces.count
        blackHole(gazetteer.nearest(to: nearPlaces[next]))
    }

    Benchmark("Locality (nearest, then most populous nearby)", configuration: perQuery) { benchmark in
        next = (next + 1) % points.count
        blackHole(gazetteer.locality(of: points[next]))
    }
}

/// SplitMix64: the same queries on every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
