public import ForecastlyBase
import Foundation

/// The time-zone database's own map: each zone with the place it is named
/// for (`zone.tab`: "SJ +7800+01600 Arctic/Longyearbyen"). It answers where
/// the place index has no town near: islands and polar settlements with a
/// zone of their own (Svalbard, Easter Island, the Chatham Islands, the
/// Falklands) that the longitude's nautical zone gets wrong by hours.
public struct ZoneTable: Sendable {
    public struct Zone: Sendable, Equatable {
        public var identifier: String
        public var coordinate: Coordinate
    }

    public let zones: [Zone]

    /// The zones `text` (zone.tab's format) lists. A line that is not a
    /// zone (a comment, a damaged line) is left out, never guessed.
    public init(parsing text: String) {
        zones = text.split(whereSeparator: \.isNewline).compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 3, let coordinate = Self.coordinate(fields[1]) else { return nil }
            let identifier = String(fields[2])
            guard identifier.count <= 64, identifier.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "/_-+".contains($0)) }) else { return nil }
            return Zone(identifier: identifier, coordinate: coordinate)
        }
    }

    /// The system's table (`$TZDIR/zone.tab`, else /usr/share/zoneinfo's),
    /// read the first time a point far from every town asks; empty when
    /// there is none, and then the nautical zone answers.
    public static let system: ZoneTable = {
        let directory = ProcessInfo.processInfo.environment["TZDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/usr/share/zoneinfo"
        // The table is some 20 KB: a file many times that is not it.
        guard let data = FileManager.default.contents(atPath: directory + "/zone.tab"), data.count <= 1_000_000 else { return ZoneTable(parsing: "") }
        return ZoneTable(parsing: String(decoding: data, as: UTF8.self))
    }()

    /// The zone whose place is nearest to `coordinate`, and how far it is.
    public func nearest(to coordinate: Coordinate) -> (zone: Zone, distanceMeters: Double)? {
        zones.lazy.map { ($0, $0.coordinate.distance(to: coordinate)) }.min { $0.1 < $1.1 }
    }

    /// ISO 6709 as zone.tab writes it: ±DDMM±DDDMM, or ±DDMMSS±DDDMMSS.
    /// Read by hand: a regular expression, built again at each call, cost
    /// 20 ms for the table's 400 lines (half of a MET Norway run, profiled).
    static func coordinate(_ text: Substring) -> Coordinate? {
        let bytes = Array(text.utf8)
        guard let split = bytes.indices.dropFirst().first(where: { isSign(bytes[$0]) }) else { return nil }
        let latitude = bytes[..<split], longitude = bytes[split...]
        // Both with seconds or neither, as the format has it.
        guard (latitude.count == 5 && longitude.count == 6) || (latitude.count == 7 && longitude.count == 8),
              let north = degrees(latitude, wholeDigits: 2), let east = degrees(longitude, wholeDigits: 3)
        else { return nil }
        return try? Coordinate(latitude: north, longitude: east)
    }

    /// "+4712" or "-0781234": a sign, whole degrees, minutes and perhaps seconds.
    private static func degrees(_ field: ArraySlice<UInt8>, wholeDigits: Int) -> Double? {
        guard let sign = field.first, isSign(sign) else { return nil }
        let digits = field.dropFirst()
        guard digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        func number(_ offset: Int, _ count: Int) -> Double {
            digits.dropFirst(offset).prefix(count).reduce(0) { $0 * 10 + Double($1 - UInt8(ascii: "0")) }
        }
        let minutes = number(wholeDigits, 2), seconds = digits.count > wholeDigits + 2 ? number(wholeDigits + 2, 2) : 0
        guard minutes < 60, seconds < 60 else { return nil }
        let value = number(0, wholeDigits) + minutes / 60 + seconds / 3600
        return sign == UInt8(ascii: "-") ? -value : value
    }

    private static func isSign(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") }
}
