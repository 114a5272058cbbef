extension Coordinate {
    /// The two numbers of "50.45,30.52" (spaces allowed around each), or nil
    /// when the text is not written that way and so names a place instead.
    /// The numbers are not yet checked for range: the caller says which
    /// setting was wrong.
    public static func decimalPair(_ text: String) -> (latitude: String, longitude: String)? {
        guard let match = text.wholeMatch(of: /\s*([-+]?[0-9]+(?:\.[0-9]+)?)\s*,\s*([-+]?[0-9]+(?:\.[0-9]+)?)\s*/) else { return nil }
        return (String(match.output.1), String(match.output.2))
    }
}

extension Coordinate {
    /// The coordinate "50.45,30.52" names, or nil when the text is not a
    /// decimal pair or a number is out of range.
    public init?(decimalPair text: String) {
        guard let coordinate = try? Self.checked(decimalPair: text) else { return nil }
        self = coordinate
    }

    /// The coordinate "50.45,30.52" names, nil when the text is not a
    /// decimal pair, and the range error when a number is out of range
    /// ("95,3": the latitude must be between -90 and 90).
    public static func checked(decimalPair text: String) throws(CoordinateError) -> Coordinate? {
        guard let pair = decimalPair(text), let latitude = Double(pair.latitude), let longitude = Double(pair.longitude) else { return nil }
        return try Coordinate(latitude: latitude, longitude: longitude)
    }
}

extension Coordinate {
    /// Whether `text` is coordinates written otherwise than LAT,LON:
    /// "50.45;30.52", "50,45 30,52", "50.45N 30.52E", "1,2,3". Numbers alone
    /// with a decimal point, a comma, a semicolon or hemisphere letters
    /// between them; a postal code ("10115", "114 55", "1000-001") is none
    /// of these. Such text is never a place's name to look up.
    public static func looksWrittenOtherwise(_ text: String) -> Bool {
        let plain = text.replacing(#/([0-9])\s*[°º]?\s*[NSEWnsew](?![A-Za-z])/#) { String($0.output.1) }
        guard plain.allSatisfy({ $0.isASCII ? ($0.isNumber || " .,;+-".contains($0)) : "°º".contains($0) }),
              plain.matches(of: /[0-9]+/).count >= 2 else { return false }
        return plain != text || plain.contains(where: { ".,;".contains($0) })
    }
}
