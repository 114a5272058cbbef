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
