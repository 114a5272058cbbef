import Foundation
#if canImport(Glibc)
import Glibc
public import ForecastlyBase
#endif

/// An offline index of populated places, opened from a file built by
/// `GazetteerIndex` (the bundled GeoNames set or a user's import).
///
/// The file is memory-mapped and used in place: opening it reads only the
/// header, so it costs the same for 30,000 places as for 230,000, and pages
/// are loaded as searches touch them.
public final class Gazetteer: Sendable {
    public let path: String
    /// Where the places came from ("GeoNames cities15000 (bundled)" or the imported file).
    public let source: String
    public let count: Int
    private let file: MappedFile
    private let keyCount: Int
    private let countryCount: Int
    private let zoneCount: Int
    private let places: Int
    private let sortedKeys: Int
    private let tree: Int
    private let countries: Int
    private let zones: Int
    private let strings: Int
    private let keys: Int
    private let end: Int
    /// Whether each key is followed by the name as written (version 3).
    private let keepsSpellings: Bool

    public static func open(path: String) throws(GazetteerOpenError) -> Gazetteer {
        let file: MappedFile
        do {
            file = try MappedFile(path: path)
        } catch {
            throw .unreadable(path: path, reason: error.reason)
        }
        return try Gazetteer(file: file, path: path)
    }

    /// An index held in memory, for a run whose cache cannot be written;
    /// `path` names where it would have been kept.
    public static func inMemory(
        _ bytes: [UInt8], path: String, notKeptBecause reason: MessageText, status: ExitStatus = .ioError
    ) throws(GazetteerOpenError) -> Gazetteer {
        try Gazetteer(file: MappedFile(bytes: bytes), path: path, notKeptBecause: reason, notKeptStatus: status)
    }

    /// Why this index lives in memory only (its cache could not be
    /// written), for one line to the user; nil for an index on disk.
    public let notKeptBecause: MessageText?
    /// How a run ends that could not keep it: 73 or 74, by the system's cause.
    public let notKeptStatus: ExitStatus

    private init(file: MappedFile, path: String, notKeptBecause: MessageText? = nil, notKeptStatus: ExitStatus = .ioError) throws(GazetteerOpenError) {
        self.file = file
        self.path = path
        self.notKeptBecause = notKeptBecause
        self.notKeptStatus = notKeptStatus
        func invalid(_ reason: MessageText) -> GazetteerOpenError { .invalid(path: path, reason: reason) }
        guard file.count >= GazetteerFormat.headerSize,
              file.bytes(at: 0, count: 8).elementsEqual(GazetteerFormat.magic)
        else { throw invalid(MessageText("not a forecastly place index")) }
        let version = file.uint32(at: GazetteerFormat.Header.version)
        guard GazetteerFormat.readableVersions.contains(version) else {
            throw invalid(MessageText("format version {version}, expected {expected}", ["version": "\(version)", "expected": "\(GazetteerFormat.version)"]))
        }
        keepsSpellings = version >= 3
        typealias H = GazetteerFormat.Header
        count = Int(file.uint32(at: H.placeCount))
        keyCount = Int(file.uint32(at: H.keyCount))
        countryCount = Int(file.uint32(at: H.countryCount))
        zoneCount = Int(file.uint32(at: H.zoneCount))
        places = Int(file.uint32(at: H.places))
        sortedKeys = Int(file.uint32(at: H.sortedKeys))
        tree = Int(file.uint32(at: H.tree))
        countries = Int(file.uint32(at: H.countries))
        zones = Int(file.uint32(at: H.zones))
        strings = Int(file.uint32(at: H.strings))
        keys = Int(file.uint32(at: H.keys))
        end = Int(file.uint32(at: H.end))
        // Every section must lie inside the file, in order, with room for its
        // records; after this check the fixed-size reads below cannot stray.
        let layout: [(start: Int, size: Int, next: Int)] = [
            (places, count * GazetteerFormat.placeSize, sortedKeys),
            (sortedKeys, keyCount * GazetteerFormat.keyEntrySize, tree),
            (tree, count * GazetteerFormat.treeNodeSize, countries),
            (countries, countryCount * GazetteerFormat.countrySize, zones),
            (zones, zoneCount * GazetteerFormat.zoneSize, strings),
            (strings, 0, keys),
            (keys, 0, end),
        ]
        guard end == file.count, count > 0, places == GazetteerFormat.headerSize,
              layout.allSatisfy({ $0.start + $0.size <= $0.next && $0.start <= $0.next })
        else { throw invalid(MessageText("its sections do not fit the file")) }
        source = Self.string(file, strings: strings, keys: keys, at: Int(file.uint32(at: H.sourceString)))
    }

    // MARK: Places

    /// The place with rank `index` (0 is the most populous).
    public func place(at index: Int) -> GazetteerPlace {
        let record = places + index * GazetteerFormat.placeSize
        typealias P = GazetteerFormat.Place
        let latitude = Double(Int32(bitPattern: file.uint32(at: record + P.latitude))) / GazetteerFormat.coordinateScale
        let longitude = Double(Int32(bitPattern: file.uint32(at: record + P.longitude))) / GazetteerFormat.coordinateScale
        let country = Int(file.uint16(at: record + P.country))
        let zone = Int(file.uint16(at: record + P.zone))
        return GazetteerPlace(
            id: Int(file.uint32(at: record + P.id)),
            name: string(at: Int(file.uint32(at: record + P.name))),
            countryCode: countryCode(country),
            countryName: countryName(country),
            admin1: string(at: Int(file.uint32(at: record + P.admin1))),
            // Clamped: the builder only writes valid coordinates, and a damaged file must not trap.
            coordinate: try! Coordinate(latitude: min(max(latitude, -90), 90), longitude: min(max(longitude, -180), 180)),
            population: Int(file.uint32(at: record + P.population)),
            timeZone: zone < zoneCount ? string(at: Int(file.uint32(at: zones + zone * GazetteerFormat.zoneSize))) : ""
        )
    }

    func countryIndex(ofPlace index: Int) -> Int {
        Int(file.uint16(at: places + index * GazetteerFormat.placeSize + GazetteerFormat.Place.country))
    }

    func admin1Key(ofPlace index: Int) -> [UInt8] {
        SearchKey.fold(string(at: Int(file.uint32(at: places + index * GazetteerFormat.placeSize + GazetteerFormat.Place.admin1))))
    }

    /// The countries a folded qualifier names, for reading "Paris, France",
    /// "Paris, FR" and "London, UK".
    func countryIndices(matching key: [UInt8]) -> Set<Int> {
        var result: Set<Int> = []
        for index in 0..<countryCount where CountryNames.matches(key, code: countryCode(index), name: countryName(index)) {
            result.insert(index)
        }
        return result
    }

    func countryCode(_ index: Int) -> String {
        guard index < countryCount else { return "" }
        let record = countries + index * GazetteerFormat.countrySize
        return String(decoding: file.bytes(at: record, count: 2).filter { $0 != 0 }, as: UTF8.self)
    }

    func countryName(_ index: Int) -> String {
        guard index < countryCount else { return "" }
        return string(at: Int(file.uint32(at: countries + index * GazetteerFormat.countrySize + 4)))
    }

    private func string(at offset: Int) -> String { Self.string(file, strings: strings, keys: keys, at: offset) }

    /// A `[UInt16 length][UTF-8]` string; out-of-range offsets (a damaged
    /// file) give an empty string rather than a read past the section.
    private static func string(_ file: MappedFile, strings: Int, keys: Int, at offset: Int) -> String {
        let start = strings + offset
        guard offset >= 0, start + 2 <= keys else { return "" }
        let length = Int(file.uint16(at: start))
        guard start + 2 + length <= keys else { return "" }
        return String(decoding: file.bytes(at: start + 2, count: length), as: UTF8.self)
    }

    // MARK: Keys

    /// The sorted-key entries whose key starts with `prefix` (or equals it when `exact`).
    func keyRange(_ prefix: [UInt8], exact: Bool) -> Range<Int> {
        let lower = partition { self.compareKey(at: $0, with: prefix, prefixOnly: false) < 0 }
        let upper = partition { self.compareKey(at: $0, with: prefix, prefixOnly: !exact) <= 0 }
        return lower..<max(lower, upper)
    }

    func placeOfKey(at entry: Int) -> Int {
        Int(file.uint32(at: sortedKeys + entry * GazetteerFormat.keyEntrySize + 4))
    }

    /// Whether the key of `entry` is its place's own name (the first key of
    /// the place's pool: its name, folded; an ASCII form or alternate name
    /// comes after it).
    func entryIsOwnName(_ entry: Int, place index: Int) -> Bool {
        guard index < count else { return false }
        return file.uint32(at: sortedKeys + entry * GazetteerFormat.keyEntrySize)
            == file.uint32(at: places + index * GazetteerFormat.placeSize + GazetteerFormat.Place.keysStart)
    }

    /// Whether place `index`'s own name (its first key) starts with `prefix`.
    func ownNameHasPrefix(_ index: Int, _ prefix: [UInt8]) -> Bool {
        let start = keys + Int(file.uint32(at: places + index * GazetteerFormat.placeSize + GazetteerFormat.Place.keysStart))
        guard start < end else { return false }
        let length = Int(file.byte(at: start))
        return length >= prefix.count && start + 1 + length <= end && file.startsWith(prefix, at: start + 1)
    }

    /// Where each key of place `index` is in the file, own name first.
    func keyOffsets(of index: Int) -> [Int] {
        guard index < count else { return [] }
        let start = keys + Int(file.uint32(at: places + index * GazetteerFormat.placeSize + GazetteerFormat.Place.keysStart))
        let stop = index + 1 < count
            ? keys + Int(file.uint32(at: places + (index + 1) * GazetteerFormat.placeSize + GazetteerFormat.Place.keysStart))
            : end
        var result: [Int] = []
        var cursor = start
        while cursor < stop, cursor < end {
            let length = Int(file.byte(at: cursor))
            guard cursor + 1 + length <= end else { break }
            result.append(cursor)
            cursor += 1 + length
            // The name as written follows the key (version 3).
            if keepsSpellings {
                guard cursor < end else { break }
                cursor += 1 + Int(file.byte(at: cursor))
            }
        }
        return result
    }

    /// Every key of place `index`, own name first.
    func keysOf(_ index: Int) -> [[UInt8]] {
        keyOffsets(of: index).map(key(atOffset:))
    }

    /// Whether any key of place `index` starts with `prefix`.
    func placeHasKey(_ index: Int, withPrefix prefix: [UInt8]) -> Bool {
        keyOffsets(of: index).contains { offset in
            let length = Int(file.byte(at: offset))
            return length >= prefix.count && offset + 1 + length <= end && file.startsWith(prefix, at: offset + 1)
        }
    }

    /// The key at `offset` in the file.
    func key(atOffset offset: Int) -> [UInt8] {
        guard offset < end else { return [] }
        let length = min(Int(file.byte(at: offset)), end - offset - 1)
        return Array(file.bytes(at: offset + 1, count: length))
    }

    /// The name as GeoNames writes it for the key at `offset` ("Київ" for
    /// "киів"); the folded key itself in an index without spellings.
    func writtenName(ofKeyAt offset: Int) -> String {
        let key = key(atOffset: offset)
        let spelling = offset + 1 + key.count
        guard keepsSpellings, spelling < end else { return String(decoding: key, as: UTF8.self) }
        let length = min(Int(file.byte(at: spelling)), end - spelling - 1)
        guard length > 0 else { return String(decoding: key, as: UTF8.self) }
        return String(decoding: file.bytes(at: spelling + 1, count: length), as: UTF8.self)
    }

    /// Where the key of sorted entry `entry` is in the file.
    func keyOffset(ofEntry entry: Int) -> Int {
        keys + Int(file.uint32(at: sortedKeys + entry * GazetteerFormat.keyEntrySize))
    }

    /// The key of one entry as text (for "did you mean").
    func key(at entry: Int) -> [UInt8] {
        key(atOffset: keyOffset(ofEntry: entry))
    }

    var keyEntryCount: Int { keyCount }

    /// Sign of (key at `entry`) − `prefix`; with `prefixOnly`, a key that
    /// starts with `prefix` compares equal.
    private func compareKey(at entry: Int, with prefix: [UInt8], prefixOnly: Bool) -> Int {
        let offset = keys + Int(file.uint32(at: sortedKeys + entry * GazetteerFormat.keyEntrySize))
        guard offset < end else { return 1 }
        let length = min(Int(file.byte(at: offset)), end - offset - 1)
        return file.compare(at: offset + 1, length: length, with: prefix, prefixOnly: prefixOnly)
    }

    /// The first entry index for which `isBefore` is false.
    private func partition(_ isBefore: (Int) -> Bool) -> Int {
        var low = 0, high = keyCount
        while low < high {
            let middle = (low + high) / 2
            if isBefore(middle) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    // MARK: Nearest place

    /// The populated place nearest to `coordinate`.
    public func nearest(to coordinate: Coordinate) -> NearbyPlace {
        let (x, y, z) = UnitSphere.point(latitude: coordinate.latitude, longitude: coordinate.longitude)
        var best = (place: UInt32(0), squared: Double.infinity)
        search(lower: 0, upper: count, depth: 0, target: (x, y, z), best: &best)
        return NearbyPlace(place: place(at: Int(best.place)), distanceMeters: UnitSphere.meters(squaredChord: best.squared))
    }

    /// The place a person would name for `coordinate`: the city the point
    /// is in, not the district whose centre happens to be nearest.
    ///
    /// Every place is taken to cover a disc around its centre as large as
    /// its population needs at ``coveredPeoplePerSquareKilometre`` (2 to 30 km
    /// across). Of the places whose disc covers the point, and that have at
    /// least a quarter of the largest one's population (so a district of a
    /// city never wins, and of two neighbouring cities the one whose centre
    /// is nearer for its size does: Manila, not Quezon City), the one whose
    /// centre is nearest for its size is the city. In the city's outer half,
    /// where the city's name alone says little, a smaller place within 2 km
    /// is named too: "Spandau, Berlin, DE"; downtown is "Toronto, CA".
    ///
    /// Where no disc covers the point: the most populous place within
    /// `max(3 km, twice the nearest distance)`, "near" it beyond 2 km; and
    /// when that place is a district (a city that covers it has four times
    /// its people), "near" the city: just east of Berlin is "near Berlin",
    /// not "near Marzahn".
    ///
    /// A caller that names a place only within `limit` gets one within it
    /// when there is one: 43 km from Guadalajara, whose most populous place
    /// within twice that is Madrid (87 km), is "near Guadalajara" under a
    /// 50 km limit, not nameless because Madrid is beyond it. Whether the
    /// answer is within `limit` is the caller's to check: with none within
    /// it, this is the nearest place.
    public func locality(of coordinate: Coordinate, within limit: Double = .infinity) -> NearbyPlace {
        let nearest = nearest(to: coordinate)
        let around = places(within: Self.largestCoverMeters, of: coordinate)
        let covering = around.filter { $0.distanceMeters <= Self.coverMeters(population: $0.place.population) }
        if let largest = covering.map(\.place.population).max() {
            let city = covering.filter { 4 * $0.place.population >= largest }
                .min { $0.distanceMeters / Self.coverMeters(population: $0.place.population) < $1.distanceMeters / Self.coverMeters(population: $1.place.population) }!
            let outerHalf = city.distanceMeters > Self.coverMeters(population: city.place.population) / 2
            if outerHalf, nearest.place.id != city.place.id, nearest.isInside, nearest.place.population < city.place.population {
                return NearbyPlace(place: nearest.place, distanceMeters: nearest.distanceMeters, city: city.place)
            }
            return NearbyPlace(place: city.place, distanceMeters: city.distanceMeters, isInside: true)
        }
        let radius = min(max(Self.localityRadiusMeters, 2 * nearest.distanceMeters), limit)
        let best = (radius <= Self.largestCoverMeters ? around : places(within: radius, of: coordinate))
            .filter { $0.distanceMeters <= radius }
            .min { $0.place.population != $1.place.population ? $0.place.population > $1.place.population : $0.place.id < $1.place.id }
        guard let best else { return nearest }
        guard let city = city(around: best.place) else { return best }
        let distance = coordinate.distance(to: city.coordinate)
        return distance <= limit ? NearbyPlace(place: city, distanceMeters: distance) : best
    }

    /// The city `place` is a district of: the largest place with at least
    /// four times its people whose disc covers its centre, if any.
    func city(around place: GazetteerPlace) -> GazetteerPlace? {
        places(within: Self.largestCoverMeters, of: place.coordinate)
            .filter { $0.place.population >= 4 * place.population && $0.distanceMeters <= Self.coverMeters(population: $0.place.population) }
            .max { $0.place.population < $1.place.population }?.place
    }

    static let localityRadiusMeters = 3_000.0
    /// How densely a place is taken to be settled, for the disc it covers:
    /// a city of 2.6 million covers 14 km around its centre, a town of
    /// 20,000 the least, 2 km.
    public static let coveredPeoplePerSquareKilometre = 4_000.0
    static let largestCoverMeters = 30_000.0

    static func coverMeters(population: Int) -> Double {
        let kilometres = (Double(population) / (.pi * coveredPeoplePerSquareKilometre)).squareRoot()
        return min(largestCoverMeters, max(NearbyPlace.insideMeters, kilometres * 1_000))
    }

    /// Every place within `meters` of `coordinate`, with its distance.
    func places(within meters: Double, of coordinate: Coordinate) -> [NearbyPlace] {
        let target = UnitSphere.point(latitude: coordinate.latitude, longitude: coordinate.longitude)
        var found: [(index: UInt32, squared: Double)] = []
        collect(lower: 0, upper: count, depth: 0, target: target, limit: UnitSphere.squaredChord(meters: meters), into: &found)
        return found.map { NearbyPlace(place: place(at: Int($0.index)), distanceMeters: UnitSphere.meters(squaredChord: $0.squared)) }
    }

    private func collect(lower: Int, upper: Int, depth: Int, target: (Double, Double, Double), limit: Double,
                         into found: inout [(index: UInt32, squared: Double)]) {
        guard lower < upper else { return }
        let middle = (lower + upper) / 2
        let node = tree + middle * GazetteerFormat.treeNodeSize
        let point = (Double(file.float(at: node)), Double(file.float(at: node + 4)), Double(file.float(at: node + 8)))
        let dx = point.0 - target.0, dy = point.1 - target.1, dz = point.2 - target.2
        let squared = dx * dx + dy * dy + dz * dz
        if squared <= limit { found.append((file.uint32(at: node + 12), squared)) }
        let axis = depth % 3
        let difference = axis == 0 ? target.0 - point.0 : axis == 1 ? target.1 - point.1 : target.2 - point.2
        if difference <= 0 || difference * difference <= limit {
            collect(lower: lower, upper: middle, depth: depth + 1, target: target, limit: limit, into: &found)
        }
        if difference >= 0 || difference * difference <= limit {
            collect(lower: middle + 1, upper: upper, depth: depth + 1, target: target, limit: limit, into: &found)
        }
    }

    private func search(lower: Int, upper: Int, depth: Int, target: (Double, Double, Double), best: inout (place: UInt32, squared: Double)) {
        guard lower < upper else { return }
        let middle = (lower + upper) / 2
        let node = tree + middle * GazetteerFormat.treeNodeSize
        let point = (Double(file.float(at: node)), Double(file.float(at: node + 4)), Double(file.float(at: node + 8)))
        let dx = point.0 - target.0, dy = point.1 - target.1, dz = point.2 - target.2
        let squared = dx * dx + dy * dy + dz * dz
        if squared < best.squared { best = (file.uint32(at: node + 12), squared) }
        let axis = depth % 3
        let difference = axis == 0 ? target.0 - point.0 : axis == 1 ? target.1 - point.1 : target.2 - point.2
        let (near, far) = difference < 0 ? ((lower, middle), (middle + 1, upper)) : ((middle + 1, upper), (lower, middle))
        search(lower: near.0, upper: near.1, depth: depth + 1, target: target, best: &best)
        if difference * difference < best.squared {
            search(lower: far.0, upper: far.1, depth: depth + 1, target: target, best: &best)
        }
    }
}
