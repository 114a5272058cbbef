public import ForecastlyBase
import Foundation
import Synchronization

/// The words forecastly shows, in one language: each message is looked up
/// in the language's catalog and stays English where the catalog has no
/// translation (message by message, as gettext does). Placeholders are
/// written `{name}` (gettext's python-brace-format, which `msgfmt --check`
/// verifies).
public struct Words: Sendable, Equatable {
    public let language: Language
    /// Foundation's locale for dates and numbers, when the catalog does not
    /// write them: the user's own locale when it is in this language but
    /// another country than the catalog's ("de_AT": "Jän."). English, and a
    /// catalog's language as its main country writes it, have none: their
    /// days and numbers are written from the catalog, with no ICU data loaded.
    private let locale: Locale?
    private let messages: [String: String]
    /// The decimal sign (nil: a point).
    private let decimalSeparator: String?
    /// The sign between groups of thousands: "," in English, "." in German.
    private let groupingSeparator: String

    /// English: the messages as written, with no catalog and no Foundation locale loaded.
    public static let english = Words(language: .english, locale: nil, messages: [:])

    init(language: Language, locale: Locale?, messages: [String: String]) {
        self.language = language
        self.locale = locale
        self.messages = messages
        let decimal = locale.map { $0.decimalSeparator } ?? messages[Self.key(".", context: "number")]
        decimalSeparator = decimal.flatMap { $0 == "." ? nil : $0 }
        groupingSeparator = locale.flatMap(\.groupingSeparator) ?? messages[Self.key(",", context: "number")] ?? ","
    }

    /// The locale's identifier ("de_AT") when Foundation writes the dates
    /// and numbers; nil when the catalog does (English too).
    public var localeIdentifier: String? { locale?.identifier }

    /// The words of `language`; `localeName` (LC_TIME's or LANG's value)
    /// gives the country's conventions when it is the same language.
    public init(_ language: Language, localeName: String? = nil) {
        guard language != .english, let text = embeddedCatalogs[language.code] else {
            self = .english
            return
        }
        let catalog = Self.catalog(of: language.code, text: text)
        var identifier = language.code
        var country: String?
        if let localeName {
            let base = localeName.split(whereSeparator: { $0 == "." || $0 == "@" }).first.map(String.init) ?? localeName
            let parts = base.split(separator: "_").map(String.init)
            if parts.first?.lowercased() == language.code.split(separator: "_").first.map(String.init) {
                identifier = base
                country = parts.count > 1 ? parts[1].uppercased() : nil
            }
        }
        // The catalog writes the days of its own country (X-Region) and of
        // none named; another country's are Foundation's, from CLDR.
        let catalogWritesDays = catalog.messages[Self.key(Self.dayPattern, context: "date")] != nil
            && (country == nil || country == catalog.country)
        self.init(language: language, locale: catalogWritesDays ? nil : Locale(identifier: identifier), messages: catalog.messages)
    }

    /// A catalog's messages and its country, read once a process: the
    /// settings, the report and every error line of a run share them.
    private static func catalog(of code: String, text: String) -> Catalog {
        if let read = catalogs.withLock({ $0[code] }) { return read }
        let object = PortableObject(parsing: text)
        let catalog = Catalog(messages: object.messages, country: object.header["X-Region"]?.uppercased())
        catalogs.withLock { $0[code] = catalog }
        return catalog
    }

    private struct Catalog: Sendable {
        var messages: [String: String]
        var country: String?
    }

    private static let catalogs = Mutex<[String: Catalog]>([:])

    /// A message of `context` ("unit", "weekday", …) as the catalog files it.
    private static func key(_ english: String, context: String) -> String { context + PortableObject.contextSeparator + english }

    private static let dayPattern = "{weekday} {day} {month}"
    private static let shortDayPattern = "{weekday} {day}"

    /// `english` in this language, its `{name}` placeholders filled from `values`.
    public func callAsFunction(_ english: String, _ values: KeyValuePairs<String, String> = [:]) -> String {
        let template = messages[english] ?? english
        guard !values.isEmpty else { return template }
        // Filled as every message is: in one pass, so a value is never filled in itself.
        return MessageText(template, Dictionary(values.map { ($0.key, $0.value) }) { first, _ in first }).text
    }

    /// A message (an error's line, a note) in this language, its values
    /// and the messages inside it too.
    public func say(_ message: MessageText) -> String {
        message.said { self($0) }
    }

    /// An error's one line in this language.
    public func line(_ error: some UserFacingError) -> String {
        error.userMessage { self($0) }
    }

    /// The same language and region: the messages follow from them.
    public static func == (lhs: Words, rhs: Words) -> Bool {
        lhs.language == rhs.language && lhs.locale?.identifier == rhs.locale?.identifier
    }

    /// A unit's symbol as this language writes it ("км/ч" for "km/h"):
    /// the catalog's entries of context "unit", CLDR's short unit names.
    public func unit(_ symbol: String) -> String {
        messages[Self.key(symbol, context: "unit")] ?? symbol
    }

    /// Whether the catalog writes `symbol` (English writes them all).
    public func has(unit symbol: String) -> Bool { language == .english || messages[Self.key(symbol, context: "unit")] != nil }

    /// Whether a translation for `english` exists (English has all).
    public func has(_ english: String) -> Bool { language == .english || messages[english] != nil }

    // MARK: Dates and numbers: the catalog's (CLDR's), or Foundation's for another country

    /// "Tue 29 Sep" in English; "So. 29. Nov." in German: the abbreviated
    /// weekday, day and month, in the language's order.
    public func day(year: Int, month: Int, day: Int) -> String {
        if let locale { return Self.format(template: "EEEdMMM", locale: locale, year: year, month: month, day: day) }
        return written(Self.dayPattern, year: year, month: month, day: day)
    }

    /// "Tue 29": a day in a label's width.
    public func shortDay(year: Int, month: Int, day: Int) -> String {
        if let locale { return Self.format(template: "EEEd", locale: locale, year: year, month: month, day: day) }
        return written(Self.shortDayPattern, year: year, month: month, day: day)
    }

    /// A day label from the catalog's pattern and names (English's as written).
    private func written(_ pattern: String, year: Int, month: Int, day: Int) -> String {
        let weekday = Self.weekdays[Self.isoWeekday(year: year, month: month, day: day) - 1]
        let monthName = Self.months[month - 1]
        let template = messages[Self.key(pattern, context: "date")] ?? pattern
        return MessageText(template, [
            "weekday": messages[Self.key(weekday, context: "weekday")] ?? weekday,
            "day": "\(day)",
            "month": messages[Self.key(monthName, context: "month")] ?? monthName,
        ]).text
    }

    /// A number as the locale writes it: "12,5" in German. Digits stay
    /// Western Arabic, as every language here writes weather.
    public func number(_ text: String) -> String {
        guard let decimalSeparator else { return text }
        var written = ""
        for character in text {
            if character == "." { written += decimalSeparator } else { written.append(character) }
        }
        return written
    }

    /// A whole number with its thousands grouped as the locale writes
    /// them: "34,024" in English, "34.024" in German, where "34,024" would
    /// read as 34 and a bit.
    public func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result += groupingSeparator }
            result.append(digit)
        }
        return (value < 0 ? "-" : "") + result
    }

    private static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// 1 (Monday) … 7 (Sunday), by Sakamoto's method.
    private static func isoWeekday(year: Int, month: Int, day: Int) -> Int {
        let offsets = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4]
        let y = month < 3 ? year - 1 : year
        let sunday0 = (y + y / 4 - y / 100 + y / 400 + offsets[month - 1] + day) % 7
        return sunday0 == 0 ? 7 : sunday0
    }

    private static func format(template: String, locale: Locale, year: Int, month: Int, day: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12)) else { return "\(year)-\(month)-\(day)" }
        // One formatter per locale and template for the process: a report writes a dozen days.
        return formatters.withLock { formatters in
            let key = locale.identifier + "|" + template
            if let formatter = formatters[key] { return formatter.string(from: date) }
            let formatter = DateFormatter()
            formatter.locale = locale
            formatter.calendar = calendar
            formatter.timeZone = calendar.timeZone
            formatter.setLocalizedDateFormatFromTemplate(template)
            formatters[key] = formatter
            return formatter.string(from: date)
        }
    }

    private static let formatters = Mutex<[String: DateFormatter]>([:])
}
