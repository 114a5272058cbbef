/// The layout of a gazetteer index file, shared by the builder and the
/// reader. Everything is little-endian and fixed-size so the reader can use
/// the file in place (memory-mapped) without parsing it.
///
/// ```
/// header       64 bytes (magic, version, counts, section offsets)
/// places       32 bytes each, most populous first (a place's index is its rank)
/// sorted keys   8 bytes each: key offset, place index; ordered by key bytes
/// k-d tree     16 bytes each: x, y, z (unit sphere, Float32), place index
/// countries     8 bytes each: ISO code (2 bytes), 2 spare, name offset
/// time zones    4 bytes each: name offset
/// strings      [UInt16 length][UTF-8]… (names, admin codes, countries, zones, source)
/// keys         [UInt8 length][folded UTF-8][UInt8 length][UTF-8 as written]…, each place's
///              keys together, its own name first (version 2: without the spelling as written)
/// ```
enum GazetteerFormat {
    static let magic: [UInt8] = Array("FCLYGAZ1".utf8)
    /// 2: a place's own name is its first key (search ranks it above alternate names).
    /// 3: each key is followed by the name as GeoNames writes it ("Київ" after
    /// "киів"), so a match through another name is shown as written.
    static let version: UInt32 = 3
    /// Imported indexes of version 2 are still read (their names are shown folded).
    static let readableVersions: ClosedRange<UInt32> = 2...3
    static let headerSize = 64
    static let placeSize = 32
    static let keyEntrySize = 8
    static let treeNodeSize = 16
    static let countrySize = 8
    static let zoneSize = 4
    /// Coordinates are stored as integers of 1e-5 degree (about a metre).
    static let coordinateScale = 100_000.0

    /// Header field offsets (after the 8-byte magic).
    enum Header {
        static let version = 8
        static let placeCount = 12
        static let keyCount = 16
        static let countryCount = 20
        static let zoneCount = 24
        static let sourceString = 28
        static let places = 32
        static let sortedKeys = 36
        static let tree = 40
        static let countries = 44
        static let zones = 48
        static let strings = 52
        static let keys = 56
        static let end = 60
    }

    /// Place record field offsets.
    enum Place {
        static let id = 0
        static let latitude = 4
        static let longitude = 8
        static let population = 12
        static let name = 16
        static let admin1 = 20
        static let keysStart = 24
        static let country = 28
        static let zone = 30
    }
}
