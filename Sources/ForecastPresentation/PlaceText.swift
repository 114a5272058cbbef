public import Places

/// Places found by a search (`cities search`), as a table.
public enum PlaceText {
    /// One row per place: the name (with the other name that found it), the
    /// country, where it is, how many live there, its time zone.
    public static func table(_ matches: [SearchMatch]) -> String {
        let rows = matches.map { match in
            let place = match.place
            return [match.description.strippingTerminalControls(limit: 120), place.countryName, "\(place.coordinate)",
                    ValueFormat.grouped(place.population), place.timeZone]
        }
        return TextTable.lines(rows, rightAligned: [3], indent: "").joined(separator: "\n") + "\n"
    }
}
