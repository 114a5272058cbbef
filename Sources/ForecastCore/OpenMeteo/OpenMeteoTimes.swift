import Foundation

/// Reads Open-Meteo's time values. ISO strings are local wall-clock times
/// made from UTC plus `offset`; integers are UTC epoch seconds.
struct OpenMeteoTimes {
    let offset: Int

    func instant(_ value: JSONScalar, field: String) throws(OpenMeteoPayload.Invalid) -> Date {
        switch value {
        case .number(let seconds) where seconds.isFinite:
            return Date(timeIntervalSince1970: seconds)
        case .text(let text):
            guard let local = Self.secondsSinceEpoch(wallClock: text) else {
                throw .init(field: field, detail: "“\(text.prefix(40))” is not a YYYY-MM-DDTHH:MM time")
            }
            return Date(timeIntervalSince1970: TimeInterval(local - offset))
        default:
            throw .init(field: field, detail: "expected a time")
        }
    }

    func date(_ value: JSONScalar, field: String) throws(OpenMeteoPayload.Invalid) -> LocalDate {
        switch value {
        case .text(let text):
            guard let date = LocalDate(iso8601: text) else {
                throw .init(field: field, detail: "“\(text.prefix(40))” is not a YYYY-MM-DD date")
            }
            return date
        case .number(let seconds) where seconds.isFinite:
            // Daily unixtime values are local midnight minus the offset (API docs).
            let local = Int(seconds) + offset
            return LocalDate(daysSinceEpoch: Int((Double(local) / 86_400).rounded(.down)))
        default:
            throw .init(field: field, detail: "expected a date")
        }
    }

    /// `YYYY-MM-DDTHH:MM` (optionally `:SS`) read as if it were UTC.
    static func secondsSinceEpoch(wallClock text: String) -> Int? {
        let parts = text.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let date = LocalDate(iso8601: parts[0]) else { return nil }
        let clock = parts[1].split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(clock.count), clock.allSatisfy({ $0.count == 2 }),
              let hour = Int(clock[0]), let minute = Int(clock[1]),
              (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        let second = clock.count == 3 ? Int(clock[2]) : 0
        guard let second, (0...59).contains(second) else { return nil }
        return date.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second
    }
}
