import ForecastCore
/// A date and time of day written `YYYY-MM-DDTHH:MM[:SS]`, as the weather
/// services write them (Open-Meteo in the place's wall clock, MET Norway in
/// UTC with a trailing "Z").
enum WallClockTime {
    /// `YYYY-MM-DDTHH:MM` (optionally `:SS`) read as if it were UTC.
    /// Byte-level: it runs for every hourly value, and splitting strings
    /// allocated several arrays per row.
    static func secondsSinceEpoch(_ text: String) -> Int? {
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
