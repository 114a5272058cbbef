public import ForecastCore
public import ForecastlyBase
public import Foundation
public import ForecastlyLocalization

/// How numbers, times and directions are written for people. One place, so
/// the table, the one-liner and the report always agree.
public enum ValueFormat {
    public static let missing = "–"

    public static func temperature(_ value: Double?, unit: String) -> String {
        guard let value else { return missing }
        let rounded = Int(value.rounded())
        return "\(rounded == 0 ? 0 : rounded)\(unit)" // never "-0°C"
    }

    public static func percent(_ value: Double?) -> String {
        value.map { "\(Int($0.rounded()))%" } ?? missing
    }

    public static func speed(_ value: Double?, unit: String) -> String {
        value.map { "\(Int($0.rounded())) \(unit)" } ?? missing
    }

    public static func precipitation(_ value: Double?, unit: String) -> String {
        guard let value else { return missing }
        return "\(decimal(value, places: unit == "in" ? 2 : 1)) \(unit)"
    }

    /// "1013 hPa", "29.92 inHg", "760 mmHg".
    public static func pressure(_ value: Double?, unit: String) -> String {
        guard let value else { return missing }
        return "\(decimal(value, places: unit == "inHg" ? 2 : 0)) \(unit)"
    }

    /// Visibility in kilometres or miles: "24 km", "0.8 mi".
    public static func visibility(_ value: Double?, unit: String) -> String {
        guard let value else { return missing }
        return "\(decimal(value, places: value < 10 ? 1 : 0)) \(unit)"
    }

    /// Fixed decimals with a point, whatever the locale; never "-0.0".
    public static func decimal(_ value: Double, places: Int) -> String {
        value.decimalText(places: places)
    }

    /// "45 s", "12 min", "2 h 5 min", "3 d 4 h": an age for people, as a
    /// message each language writes its own way ("6秒", "53 дн 14 ч"; the
    /// catalogs hold CLDR's short unit names).
    public static func age(_ seconds: TimeInterval) -> MessageText {
        let total = Int(max(0, seconds).rounded())
        if total < 60 { return MessageText("{seconds} s", ["seconds": "\(total)"]) }
        if total < 3600 { return MessageText("{minutes} min", ["minutes": "\(total / 60)"]) }
        if total < 86_400 {
            let hours = "\(total / 3600)", minutes = (total % 3600) / 60
            return minutes > 0 ? MessageText("{hours} h {minutes} min", ["hours": hours, "minutes": "\(minutes)"]) : MessageText("{hours} h", ["hours": hours])
        }
        let days = "\(total / 86_400)", hours = (total % 86_400) / 3600
        return hours > 0 ? MessageText("{days} d {hours} h", ["days": days, "hours": "\(hours)"]) : MessageText("{days} d", ["days": days])
    }

    /// "2,797,553": thousands grouped as English writes them (`Words.grouped`
    /// in another language).
    public static func grouped(_ value: Int) -> String {
        Words.english.grouped(value)
    }

    /// 16-point compass name for the direction the wind comes from.
    public static func compass(_ degrees: Double?) -> String {
        guard let degrees, degrees.isFinite else { return "" }
        let names = ["N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW"]
        let normalized = (degrees.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        return names[Int((normalized / 22.5).rounded()) % 16]
    }

    public static func wind(_ speed: Double?, direction: Double?, unit: String) -> String {
        guard speed != nil else { return missing }
        let compass = compass(direction)
        return compass.isEmpty ? self.speed(speed, unit: unit) : "\(self.speed(speed, unit: unit)) \(compass)"
    }

    public static func celsius(_ value: Double?, unit: String) -> Double? {
        guard let value else { return nil }
        return unit.contains("F") ? (value - 32) * 5 / 9 : value
    }
}

extension LocationFix {
    /// "gpsd, 3D fix ±6 m, 9 satellites", "IP lookup, city level", "your
    /// stored place", in the reader's language.
    public func sourceSummary(words: Words = .english) -> String {
        let accuracy = accuracyMeters.map { " ±" + words.number(ValueFormat.distance($0)) } ?? ""
        let roughly = " " + words("(approximate)")
        switch source {
        case .gpsd:
            var text = "gpsd"
            if let gps { text += ", " + words("{mode} fix", ["mode": gps.mode >= 3 ? "3D" : "2D"]) }
            text += accuracy
            if let used = gps?.satellitesUsed, used > 0 { text += ", " + words("{count} satellites", ["count": "\(used)"]) }
            if self.accuracy == .full, accuracyMeters.map({ $0 >= 1_000 }) == true { text += roughly }
            return text
        case .geoclue:
            var text = "GeoClue" + accuracy
            if self.accuracy == .reduced || accuracyMeters.map({ $0 >= 1_000 }) == true { text += roughly }
            return text
        case .ip:
            return words("IP lookup, city level")
        case .manual:
            return words("your stored place")
        }
    }
}

extension ValueFormat {
    /// "6 m", "1.2 km". Rounded first, so 999.6 m is "1.0 km", not "1000 m".
    public static func distance(_ meters: Double) -> String {
        let rounded = meters.rounded()
        return rounded < 1_000 ? "\(Int(rounded)) m" : "\(decimal(meters / 1_000, places: 1)) km"
    }
}

/// Wall-clock arithmetic in the forecast place's time zone.
public struct PlaceClock: Sendable {
    public let timeZone: TimeZone
    public let hourCycle: HourCycle

    public init(timeZone: TimeZone, hourCycle: HourCycle = .twentyFourHour) {
        self.timeZone = timeZone
        self.hourCycle = hourCycle
    }

    private static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    public func offset(at date: Date) -> Int { timeZone.secondsFromGMT(for: date) }

    public func localDate(_ date: Date) -> LocalDate {
        LocalDate(daysSinceEpoch: Int((Double(localSeconds(date)) / 86_400).rounded(.down)))
    }

    /// "14:05", or "2:05 PM" on a 12-hour clock.
    public func time(_ date: Date) -> String {
        let seconds = ((localSeconds(date) % 86_400) + 86_400) % 86_400
        let hour = seconds / 3600, minutes = Self.two(seconds % 3600 / 60)
        switch hourCycle {
        case .twentyFourHour: return Self.two(hour) + ":" + minutes
        case .twelveHour: return "\(hour % 12 == 0 ? 12 : hour % 12):\(minutes) \(hour < 12 ? "AM" : "PM")"
        }
    }

    /// The local hour of the day, 0…23.
    public func hour(_ date: Date) -> Int {
        ((localSeconds(date) % 86_400) + 86_400) % 86_400 / 3600
    }

    /// "Tue 29 Sep"
    public func day(_ date: LocalDate) -> String {
        "\(Self.weekdays[date.isoWeekday - 1]) \(date.day) \(Self.months[date.month - 1])"
    }

    /// "Tue 29": a day in a label's width, beside a header with its month.
    public func shortDay(_ date: LocalDate) -> String {
        "\(Self.weekdays[date.isoWeekday - 1]) \(date.day)"
    }

    /// "UTC+2", "UTC+5:30", "UTC-3", "UTC". Computed rather than asking
    /// Foundation for an abbreviation: on Linux that loads ICU resource
    /// bundles (a measurable share of a run) and mostly yields "GMT+2" anyway.
    public func offsetLabel(_ date: Date) -> String {
        let offset = offset(at: date)
        guard offset != 0 else { return "UTC" }
        let minutes = abs(offset) / 60
        let hours = "UTC\(offset < 0 ? "-" : "+")\(minutes / 60)"
        return minutes % 60 == 0 ? hours : hours + ":" + Self.two(minutes % 60)
    }

    /// "2026-09-29T01:00:00+02:00"
    public func iso8601(_ date: Date) -> String {
        let offset = offset(at: date)
        let seconds = localSeconds(date)
        let day = LocalDate(daysSinceEpoch: Int((Double(seconds) / 86_400).rounded(.down)))
        let inDay = ((seconds % 86_400) + 86_400) % 86_400
        let sign = offset < 0 ? "-" : "+"
        let zone = offset == 0 ? "Z" : "\(sign)\(Self.two(abs(offset) / 3600)):\(Self.two(abs(offset) % 3600 / 60))"
        return "\(day)T\(Self.two(inDay / 3600)):\(Self.two(inDay % 3600 / 60)):\(Self.two(inDay % 60))\(zone)"
    }

    private func localSeconds(_ date: Date) -> Int {
        Int(date.timeIntervalSince1970.rounded(.down)) + offset(at: date)
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
