import Foundation

/// HTTP's date format (RFC 9110 §5.6.7, "IMF-fixdate"):
/// `Mon, 20 Jul 2020 12:14:53 GMT`. MET Norway's `Expires` is one.
enum HTTPDate {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Nil for anything else: an unreadable `Expires` means "already
    /// expired" (RFC 9111 §5.3), which the caller decides.
    static func parse(_ text: String) -> Date? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[0].hasSuffix(","), parts[5] == "GMT",
              parts[1].count == 2, parts[3].count == 4, parts[4].count == 8,
              let month = months.firstIndex(of: String(parts[2])).map({ $0 + 1 }) else { return nil }
        let wallClock = "\(parts[3])-\(month < 10 ? "0" : "")\(month)-\(parts[1])T\(parts[4])"
        return WallClockTime.secondsSinceEpoch(wallClock).map { Date(timeIntervalSince1970: Double($0)) }
    }
}
