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
    static func coordinate(_ text: Substring) -> Coordinate? {
        guard let match = text.wholeMatch(of: /([+-])([0-9]{2})([0-9]{2})([0-9]{2})?([+-])([0-9]{3})([0-9]{2})([0-9]{2})?/) else { return nil }
        let output = match.output
        // Both with seconds or neither, as the format has it.
        guard (output.4 == nil) == (output.8 == nil) else { return nil }
        func degrees(_ sign: Substring, _ whole: Substring, _ minutes: Substring, _ seconds: Substring?) -> Double? {
            guard let whole = Double(whole), let minutes = Double(minutes), minutes < 60 else { return nil }
            let second = seconds.flatMap { Double($0) } ?? 0
            guard second < 60 else { return nil }
            let value = whole + minutes / 60 + second / 3600
            return sign == "-" ? -value : value
        }
        guard let latitude = degrees(output.1, output.2, output.3, output.4),
              let longitude = degrees(output.5, output.6, output.7, output.8) else { return nil }
        return try? Coordinate(latitude: latitude, longitude: longitude)
    }
}
