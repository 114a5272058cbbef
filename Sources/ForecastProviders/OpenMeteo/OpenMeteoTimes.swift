import ForecastCore
import Foundation

/// Reads Open-Meteo's time values. ISO strings are local wall-clock times
/// made from UTC plus `offset`; integers are UTC epoch seconds.
struct OpenMeteoTimes {
    let offset: Int

    /// Epoch seconds of years 1…9999, the years a `LocalDate` holds: a
    /// number outside them is damage, and would overflow an `Int`.
    static let seconds: ClosedRange<Double> = -62_135_596_800...253_402_300_799

    func instant(_ value: JSONScalar, field: String) throws(OpenMeteoPayload.Invalid) -> Date {
        switch value {
        case .number(let seconds) where Self.seconds.contains(seconds):
            return Date(timeIntervalSince1970: seconds)
        case .text(let text):
            guard let local = WallClockTime.secondsSinceEpoch(text) else {
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
        case .number(let seconds) where Self.seconds.contains(seconds):
            // Daily unixtime values are local midnight minus the offset (API docs).
            let local = Int(seconds) + offset
            return LocalDate(daysSinceEpoch: Int((Double(local) / 86_400).rounded(.down)))
        default:
            throw .init(field: field, detail: "expected a date")
        }
    }
}
