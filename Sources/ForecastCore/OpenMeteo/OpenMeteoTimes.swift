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
    /// Byte-level: it runs for every hourly value, and splitting strings
    /// allocated several arrays per row.
    static func secondsSinceEpoch(wallClock text: String) -> Int? {
        var text = text
        return text.withUTF8 { bytes -> Int? in
            guard bytes.count == 16 || bytes.count == 19,
                  bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
                  bytes[13] == UInt8(ascii: ":"), bytes.count == 16 || bytes[16] == UInt8(ascii: ":"),
                  let year = digits(bytes, 0, 4), let month = digits(bytes, 5, 2), let day = digits(bytes, 8, 2),
                  let hour = digits(bytes, 11, 2), let minute = digits(bytes, 14, 2),
                  let date = LocalDate(year: year, month: month, day: day),
                  hour < 24, minute < 60
            else { return nil }
            let second = bytes.count == 19 ? digits(bytes, 17, 2) : 0
            guard let second, second < 60 else { return nil }
            return date.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second
        }
    }

    private static func digits(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for index in start..<start + count {
            let digit = Int(bytes[index]) - 48
            guard (0...9).contains(digit) else { return nil }
            value = value * 10 + digit
        }
        return value
    }
}
