import Foundation

/// Turns parsed GeoNames records into the bytes of an index file (layout in
/// `GazetteerFormat`). Runs once per import, so it favours simple passes
/// over the data: rank, fold names into keys, sort keys, build the k-d tree.
struct GazetteerBuilder {
    private var countries: CountryTable
    private var strings = ByteWriter()
    private var stringOffsets: [Substring: UInt32] = [:]
    private var zones: [Substring: UInt16] = [:]
    private var zoneOffsets: [UInt32] = []

    init(countries: CountryTable) {
        self.countries = countries
    }

    static func build(_ records: [GeoNamesRecord], countries: CountryTable, source: String) -> [UInt8] {
        var builder = GazetteerBuilder(countries: countries)
        return builder.build(records, source: source)
    }

    private mutating func build(_ records: [GeoNamesRecord], source: String) -> [UInt8] {
        // Most populous first: a place's index is then its rank, and every
        // search returns the lowest indices it finds.
        let order = records.indices.sorted { a, b in
            let left = records[a], right = records[b]
            return left.population != right.population ? left.population > right.population : left.id < right.id
        }
        let sourceOffset = string(Substring(source))
        var places = ByteWriter(capacity: order.count * GazetteerFormat.placeSize)
        var keys = KeyCollector()
        var treeInput: [TreeNode] = []
        treeInput.reserveCapacity(order.count)

        for (rank, recordIndex) in order.enumerated() {
            let record = records[recordIndex]
            let keysStart = keys.startPlace(UInt32(rank))
            keys.add(record.name)
            keys.add(record.asciiName)
            // Split on bytes: splitting a Substring on a Character runs grapheme breaking.
            for alternate in record.alternateNames.utf8.split(separator: UInt8(ascii: ",")) { keys.add(Substring(alternate)) }
            keys.finishPlace()

            places.append(record.id)
            places.append(UInt32(bitPattern: record.latitude))
            places.append(UInt32(bitPattern: record.longitude))
            places.append(record.population)
            places.append(string(record.name))
            places.append(string(record.admin1))
            places.append(keysStart)
            places.append(UInt16(truncatingIfNeeded: countries.index(for: String(record.countryCode))))
            places.append(zone(record.timeZone))
            treeInput.append(TreeNode(latitude: record.latitude, longitude: record.longitude, place: UInt32(rank)))
        }

        let sortedKeys = keys.sortedEntries()
        var tree = ByteWriter(capacity: treeInput.count * GazetteerFormat.treeNodeSize)
        KDTreeBuilder.arrange(&treeInput)
        for node in treeInput {
            tree.append(node.x.bitPattern)
            tree.append(node.y.bitPattern)
            tree.append(node.z.bitPattern)
            tree.append(node.place)
        }
        var countryTable = ByteWriter()
        for index in 0..<countries.count {
            let code = Array(countries.codes[index].utf8) + [0, 0]
            countryTable.append(bytes: code[0..<2])
            countryTable.append(UInt16(0))
            countryTable.append(string(Substring(countries.names[index])))
        }
        var zoneTable = ByteWriter()
        for offset in zoneOffsets { zoneTable.append(offset) }

        // Assemble: header, then each section on an 8-byte boundary.
        var file = ByteWriter(capacity: GazetteerFormat.headerSize + places.count + sortedKeys.count + tree.count + strings.count + keys.pool.count + 64)
        file.append(bytes: GazetteerFormat.magic[...])
        file.append(GazetteerFormat.version)
        file.append(UInt32(order.count))
        file.append(UInt32(sortedKeys.count / GazetteerFormat.keyEntrySize))
        file.append(UInt32(countries.count))
        file.append(UInt32(zoneOffsets.count))
        file.append(sourceOffset)
        let sections = [places.bytes, sortedKeys.bytes, tree.bytes, countryTable.bytes, zoneTable.bytes, strings.bytes, keys.pool]
        var offset = GazetteerFormat.headerSize
        var offsets: [UInt32] = []
        for section in sections {
            offsets.append(UInt32(offset))
            offset = (offset + section.count + 7) & ~7
        }
        for value in offsets { file.append(value) }
        file.append(UInt32(offset))
        precondition(file.count == GazetteerFormat.headerSize)
        for section in sections {
            file.append(bytes: section[...])
            file.padToMultiple(of: 8)
        }
        return file.bytes
    }

    private mutating func string(_ text: Substring) -> UInt32 {
        // Only short strings repeat (admin codes, countries, zones); names are not worth a dictionary entry.
        let short = text.utf8.count <= 8
        if short, let known = stringOffsets[text] { return known }
        let offset = UInt32(strings.count)
        let utf8 = Array(text.utf8.prefix(Int(UInt16.max)))
        strings.append(UInt16(utf8.count))
        strings.append(bytes: utf8[...])
        if short { stringOffsets[text] = offset }
        return offset
    }

    private mutating func zone(_ name: Substring) -> UInt16 {
        if let known = zones[name] { return known }
        let index = UInt16(truncatingIfNeeded: zoneOffsets.count)
        zoneOffsets.append(string(name))
        zones[name] = index
        return index
    }
}

/// Collects each place's distinct search keys into one pool and the
/// (key, place) entries that are later sorted for binary search.
private struct KeyCollector {
    /// A sort entry: the key's first eight bytes (big-endian, so integer
    /// order is byte order) decide most comparisons without touching the pool.
    struct Entry {
        var prefix: UInt64
        var offset: UInt32
        var place: UInt32
    }

    var pool: [UInt8] = []
    private var entries: [Entry] = []
    /// This place's folded names, back to back, where each one is, and each
    /// as written.
    private var scratch: [UInt8] = []
    private var pending: [(range: Range<Int>, written: Substring)] = []
    private var place: UInt32 = 0
    private let table = ScalarFolding.Table()

    init() {
        pool.reserveCapacity(8 << 20)
        entries.reserveCapacity(1 << 20)
    }

    mutating func startPlace(_ place: UInt32) -> UInt32 {
        self.place = place
        scratch.removeAll(keepingCapacity: true)
        pending.removeAll(keepingCapacity: true)
        return UInt32(pool.count)
    }

    mutating func add(_ name: Substring) {
        let start = scratch.count
        SearchKey.append(name, to: &scratch, using: table.fold)
        // Postal codes and other number-only aliases are not place names.
        guard scratch[start...].contains(where: { $0 > 0x39 }) else {
            scratch.removeSubrange(start...)
            return
        }
        pending.append((start..<scratch.count, name))
    }

    /// The place's own name (the first key added) stays first in the pool,
    /// so a match on it can be told from one on an alternate name; the
    /// others follow sorted, without repeats. Each key is followed by the
    /// name as written, cut to 255 bytes on a character's edge.
    mutating func finishPlace() {
        let scratch = self.scratch
        guard let own = pending.first else { return }
        var others = pending.dropFirst().filter { !scratch[$0.range].elementsEqual(scratch[own.range]) }
        // Each spelling is kept, also of names that fold alike ("Kiev" and
        // "Kíev", "München" and "Munchen"): a match is shown as it was typed.
        others.sort { a, b in
            let (left, right) = (scratch[a.range], scratch[b.range])
            if !left.elementsEqual(right) { return left.lexicographicallyPrecedes(right) }
            return a.written.utf8.lexicographicallyPrecedes(b.written.utf8)
        }
        var previous: (range: Range<Int>, written: Substring)? = nil
        for (range, written) in [own] + others {
            if let previous, scratch[previous.range].elementsEqual(scratch[range]), previous.written == written { continue }
            var prefix: UInt64 = 0
            for index in 0..<8 { prefix = prefix << 8 | UInt64(index < range.count ? scratch[range.lowerBound + index] : 0) }
            entries.append(Entry(prefix: prefix, offset: UInt32(pool.count), place: place))
            pool.append(UInt8(range.count))
            pool.append(contentsOf: scratch[range])
            var spelling = Array(written.utf8)
            if spelling.count > 255 {
                var end = 255
                while end > 0, spelling[end] & 0xC0 == 0x80 { end -= 1 }
                spelling = Array(spelling[..<end])
            }
            pool.append(UInt8(spelling.count))
            pool.append(contentsOf: spelling)
            previous = (range, written)
        }
    }

    /// The entries ordered by key bytes, then by place rank.
    func sortedEntries() -> ByteWriter {
        var sorted = entries
        pool.withUnsafeBufferPointer { pool in
            let base = pool.baseAddress!
            sorted.sort { a, b in
                if a.prefix != b.prefix { return a.prefix < b.prefix }
                let comparison = GazetteerKeys.compare(base + Int(a.offset), base + Int(b.offset))
                return comparison != 0 ? comparison < 0 : a.place < b.place
            }
        }
        var writer = ByteWriter(capacity: sorted.count * GazetteerFormat.keyEntrySize)
        for entry in sorted {
            writer.append(entry.offset)
            writer.append(entry.place)
        }
        return writer
    }
}

/// Comparisons of length-prefixed keys, shared with the reader.
enum GazetteerKeys {
    /// Compares two `[length][bytes]` keys as byte strings.
    @inline(__always)
    static func compare(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>) -> Int32 {
        let lengthA = Int(a.pointee), lengthB = Int(b.pointee)
        let shared = min(lengthA, lengthB)
        let result = shared == 0 ? 0 : memcmp(a + 1, b + 1, shared)
        if result != 0 { return result }
        return Int32(lengthA - lengthB)
    }
}

/// Little-endian appends into a growing byte array.
struct ByteWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    var count: Int { bytes.count }

    mutating func append<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func append(bytes more: ArraySlice<UInt8>) { bytes.append(contentsOf: more) }

    mutating func padToMultiple(of alignment: Int) {
        while bytes.count % alignment != 0 { bytes.append(0) }
    }
}
