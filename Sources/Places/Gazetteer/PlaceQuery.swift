public import ForecastlyBase

/// A place name as typed: "Kyiv", "Paris, FR", "Springfield, MO, US".
/// The first part is the name; the others narrow it to a country (code or
/// name) or a first-level division code.
public struct PlaceQuery: Sendable, Hashable, CustomStringConvertible {
    /// Longer than any real place name (GeoNames' longest is under 200).
    public static let maximumLength = 200

    public let name: String
    public let qualifiers: [String]
    /// The folded name, as keys are stored.
    let key: [UInt8]

    /// Validates and splits `text`.
    public init(_ text: String) throws(PlaceQueryError) {
        try Self.rejectControlCharacters(text)
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw .empty }
        guard trimmed.count <= Self.maximumLength else { throw .tooLong(characters: trimmed.count) }
        // Where the user is, typed another way, is never sent to the geocoder as a name.
        if Coordinate.looksWrittenOtherwise(trimmed) { throw .coordinates(trimmed) }
        let parts = trimmed.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }
        guard !parts[0].isEmpty else { throw .empty }
        let key = SearchKey.fold(parts[0])
        guard !key.isEmpty else { throw .noLetters(trimmed) }
        // "50.45 30.52", "-33.9": a decimal number names no place (a postal
        // code such as "10115" does, for the online geocoder).
        if parts[0].contains("."), parts[0].allSatisfy({ $0.isASCII && ($0.isNumber || ".+- ".contains($0)) }) {
            throw .coordinates(trimmed)
        }
        name = parts[0]
        qualifiers = parts.dropFirst().filter { !$0.isEmpty }
        self.key = key
    }

    /// Reads a list such as "Kyiv, Lviv, Odesa" or "Paris, FR, Berlin": a
    /// part for which `qualifies(part, nameBefore)` holds (a country or a
    /// state, see `Gazetteer.qualifies`) joins the name before it instead of
    /// starting a new one.
    public static func list(_ text: String, qualifies: (_ part: String, _ nameBefore: [String]) -> Bool) throws(PlaceQueryError) -> [PlaceQuery] {
        try Self.rejectControlCharacters(text)
        var groups: [[String]] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false).map({ $0.trimmingWhitespace() }) {
            if let last = groups.last, qualifies(part, last) {
                groups[groups.count - 1].append(part)
            } else {
                groups.append([part])
            }
        }
        var queries: [PlaceQuery] = []
        for group in groups {
            do {
                queries.append(try PlaceQuery(group.joined(separator: ", ")))
            } catch .coordinates(let text) {
                // A list holds names only: LAT,LON would be split at its comma.
                throw .coordinatesInList(text)
            }
        }
        return queries
    }

    public var description: String { ([name] + qualifiers).joined(separator: ", ") }

    private static func rejectControlCharacters(_ text: String) throws(PlaceQueryError) {
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { throw .controlCharacters }
    }
}

public enum PlaceQueryError: Error, Sendable, Hashable {
    case empty
    case noLetters(String)
    case coordinates(String)
    /// Coordinates among the names of a list (`compare`), which takes names only.
    case coordinatesInList(String)
    case tooLong(characters: Int)
    case controlCharacters
}

extension PlaceQueryError: UserFacingError {
    public var summaryMessage: MessageText {
        switch self {
        case .empty: MessageText("The place name is empty.")
        case .noLetters(let text): MessageText("“{text}” has no letters or digits to look up.", ["text": text.strippingTerminalControls(limit: 40)])
        case .coordinates(let text), .coordinatesInList(let text):
            MessageText("“{text}” looks like coordinates, not a place name.", ["text": text.strippingTerminalControls(limit: 40)])
        case .tooLong(let characters):
            MessageText("The place name is {count} characters long; no place name is longer than {limit}.",
                        ["count": "\(characters)", "limit": "\(PlaceQuery.maximumLength)"])
        case .controlCharacters: MessageText("The place name contains control characters (a tab, a newline or a NUL byte, say).")
        }
    }

    public var adviceMessage: MessageText? {
        switch self {
        case .coordinates(let text) where Coordinate.decimalPair(text) != nil:
            // Written right, where a name is wanted (--city): telling how to write them would send the user round in a circle.
            MessageText("A name is wanted here: give coordinates with --lat and --lon, or as the place itself (forecastly {coordinates}).",
                        ["coordinates": text.strippingTerminalControls(limit: 40)])
        case .coordinates: MessageText("Write them as LAT,LON, such as 50.45,30.52, or give --lat and --lon.")
        case .coordinatesInList: MessageText("Compare takes place names; for the weather at coordinates, run forecastly LAT,LON (such as forecastly 50.45,30.52).")
        case .empty, .noLetters, .tooLong, .controlCharacters: MessageText("Give a city such as --city \"Kyiv\" or --city \"Paris, FR\".")
        }
    }

    public var exitStatus: ExitStatus { .usage }
}
