public import Foundation

/// Recorded warning answers, moved in time so that they are in force now:
/// every ISO 8601 time with an offset is shifted by the same whole number
/// of minutes, so the warnings keep their order, lengths and local offsets.
public enum AlertAnswers {
    /// The NWS's Hilo answer, recorded at 2026-08-16T01:49Z.
    public static let hiloRecordedAt = Date(timeIntervalSince1970: 1_786_844_940)

    /// Moved by whole minutes so that it was recorded now: all five are in
    /// force (the first to end, 11 minutes later).
    public static func hilo(inForceAt now: Date = Date()) -> String {
        shifted("alerts/nws/active_point_hilo-hi_5-alerts_hurricane_2026-08-16.json",
                by: (now.timeIntervalSince(hiloRecordedAt) / 60).rounded() * 60)
    }

    /// The Hilo answer moved so that its flash flood warning (the first to
    /// end, at 16:00 HST) ends `seconds` from now; the others end hours later.
    public static func hilo(flashFloodEndingIn seconds: TimeInterval, now: Date = Date()) -> String {
        let flashFloodEnds = Date(timeIntervalSince1970: 1_786_845_600)  // 2026-08-16T02:00:00Z
        return shifted("alerts/nws/active_point_hilo-hi_5-alerts_hurricane_2026-08-16.json",
                       by: now.addingTimeInterval(seconds).timeIntervalSince(flashFloodEnds).rounded())
    }

    /// Every time in the file moved by `shift` seconds, its offset kept.
    public static func shifted(_ fixture: String, by shift: TimeInterval) -> String {
        guard let text = try? String(contentsOf: Fixtures.url(fixture), encoding: .utf8) else { return "{}" }
        let local = DateFormatter()
        local.locale = Locale(identifier: "en_US_POSIX")
        local.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        local.timeZone = TimeZone(identifier: "UTC")
        return text.replacing(/(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)([+-])(\d\d):(\d\d)/) { match in
            guard let wall = local.date(from: String(match.output.1)) else { return String(match.output.0) }
            return local.string(from: wall.addingTimeInterval(shift)) + "\(match.output.2)\(match.output.3):\(match.output.4)"
        }
    }
}
