import ForecastlyBase
/// One line of a GeoNames cities dump (cities500/1000/5000/15000.txt), with
/// the columns the gazetteer uses. Coordinates are already in the index's
/// fixed-point units.
struct GeoNamesRecord {
    var id: UInt32
    var name: Substring
    var asciiName: Substring
    var alternateNames: Substring
    var latitude: Int32
    var longitude: Int32
    var countryCode: Substring
    var admin1: Substring
    var population: UInt32
    var timeZone: Substring
}

/// Reads the GeoNames "geoname" table layout: 19 tab-separated columns.
/// Every check names the line, so a truncated download or a file that is
/// not a GeoNames dump at all is reported precisely.
enum GeoNamesParser {
    static let columnCount = 19

    enum Column {
        static let id = 0, name = 1, asciiName = 2, alternateNames = 3, latitude = 4, longitude = 5
        static let countryCode = 8, admin1 = 10, population = 14, timeZone = 17
    }

    /// Parses every line; `text` is the whole dump.
    static func records(in text: String) throws(GazetteerImportError) -> [GeoNamesRecord] {
        var records: [GeoNamesRecord] = []
        records.reserveCapacity(text.utf8.count / 140)
        var lineNumber = 0
        var columns: [Substring] = []
        columns.reserveCapacity(columnCount + 1)
        // Split on bytes: Character-based splitting would run grapheme
        // breaking over the whole 30 MB dump.
        for line in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = line.last == 0x0D ? line.dropLast() : line
            if line.isEmpty { continue }
            columns.removeAll(keepingCapacity: true)
            for column in line.split(separator: 0x09, omittingEmptySubsequences: false) {
                columns.append(Substring(column))
            }
            records.append(try record(columns, line: lineNumber))
        }
        guard !records.isEmpty else { throw .noPlaces }
        return records
    }

    static func record(_ columns: [Substring], line: Int) throws(GazetteerImportError) -> GeoNamesRecord {
        guard columns.count == columnCount else {
            throw .malformed(line: line, reason: MessageText("expected {expected} tab-separated GeoNames columns, found {found}", ["expected": "\(columnCount)", "found": "\(columns.count)"]))
        }
        guard let id = UInt32(columns[Column.id]), id > 0 else {
            throw .malformed(line: line, reason: MessageText("the geonameid “{text}” is not a number", ["text": String(columns[Column.id].prefix(20))]))
        }
        let name = columns[Column.name]
        guard !name.isEmpty else { throw .malformed(line: line, reason: MessageText("the name is empty")) }
        guard let latitude = fixedPoint(columns[Column.latitude], limit: 90) else {
            throw .malformed(line: line, reason: MessageText("the latitude “{text}” is not between -90 and 90", ["text": String(columns[Column.latitude].prefix(20))]))
        }
        guard let longitude = fixedPoint(columns[Column.longitude], limit: 180) else {
            throw .malformed(line: line, reason: MessageText("the longitude “{text}” is not between -180 and 180", ["text": String(columns[Column.longitude].prefix(20))]))
        }
        let country = columns[Column.countryCode]
        guard country.isEmpty || (country.utf8.count == 2 && country.utf8.allSatisfy { $0 >= 0x41 && $0 <= 0x5A }) else {
            throw .malformed(line: line, reason: MessageText("the country code “{text}” is not two capital letters", ["text": String(country.prefix(20))]))
        }
        let populationText = columns[Column.population]
        let population: UInt32
        if populationText.isEmpty {
            population = 0
        } else if let value = UInt64(populationText) {
            population = UInt32(clamping: value)
        } else {
            throw .malformed(line: line, reason: MessageText("the population “{text}” is not a number", ["text": String(populationText.prefix(20))]))
        }
        return GeoNamesRecord(
            id: id, name: name, asciiName: columns[Column.asciiName], alternateNames: columns[Column.alternateNames],
            latitude: latitude, longitude: longitude, countryCode: country, admin1: columns[Column.admin1],
            population: population, timeZone: columns[Column.timeZone]
        )
    }

    /// "-33.86785" → -3386785: exact decimal parsing, no exponent, no nan.
    static func fixedPoint(_ text: Substring, limit: Int64) -> Int32? {
        var bytes = text.utf8[...]
        var negative = false
        if bytes.first == UInt8(ascii: "-") { negative = true; bytes = bytes.dropFirst() }
        var whole: Int64 = 0
        var fraction: Int64 = 0
        var fractionDigits = 0
        var seenDigit = false
        var seenPoint = false
        for byte in bytes {
            if byte == UInt8(ascii: ".") {
                if seenPoint { return nil }
                seenPoint = true
                continue
            }
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            seenDigit = true
            let digit = Int64(byte - 0x30)
            if seenPoint {
                // Keep six digits so the fifth can round.
                if fractionDigits < 6 { fraction = fraction * 10 + digit; fractionDigits += 1 }
            } else {
                whole = whole * 10 + digit
                if whole > limit { return nil }
            }
        }
        guard seenDigit else { return nil }
        while fractionDigits < 6 { fraction *= 10; fractionDigits += 1 }
        var value = whole * 100_000 + (fraction + 5) / 10
        if value > limit * 100_000 { return nil }
        if negative { value = -value }
        return Int32(value)
    }
}
