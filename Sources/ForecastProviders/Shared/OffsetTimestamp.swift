import Foundation

/// An ISO 8601 time with its offset, as warning services write them:
/// `2026-08-15T15:08:00-10:00`, `2021-09-21T07:04:21+00:00`, `…Z`, with or
/// without fractions of a second. The offset is applied, never dropped.
enum OffsetTimestamp {
    static func date(_ text: String) -> Date? {
        var body = Substring(text)
        var offset = 0
        if body.hasSuffix("Z") {
            body = body.dropLast()
        } else if body.count > 6 {
            let zone = body.suffix(6)
            let sign = zone.first
            let parts = zone.dropFirst().split(separator: ":", omittingEmptySubsequences: false)
            guard sign == "+" || sign == "-", parts.count == 2, parts[0].count == 2, parts[1].count == 2,
                  let hours = Int(parts[0]), let minutes = Int(parts[1]), hours < 24, minutes < 60
            else { return nil }
            offset = (hours * 3600 + minutes * 60) * (sign == "-" ? -1 : 1)
            body = body.dropLast(6)
        } else {
            return nil
        }
        // Fractions of a second are dropped: warnings are issued to the minute.
        if let dot = body.firstIndex(of: "."), body.distance(from: body.startIndex, to: dot) == 19 {
            guard body[body.index(after: dot)...].allSatisfy(\.isASCIIDigitCharacter), body.index(after: dot) < body.endIndex else { return nil }
            body = body[..<dot]
        }
        guard body.count == 19, let seconds = WallClockTime.secondsSinceEpoch(String(body)) else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(seconds - offset))
    }
}

extension Character {
    fileprivate var isASCIIDigitCharacter: Bool { ("0"..."9").contains(self) }
}
