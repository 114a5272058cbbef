public import ForecastlyLocalization
public import Places

/// Places found by a search (`cities search`), as a table.
public enum PlaceText {
    /// One row per place: the name (with the other name that found it), the
    /// country, where it is, how many live there, its time zone.
    /// Numbers are written as `words`' language writes them. Wider than
    /// `width`, the zone goes first, then the population, the country and
    /// where it is: the name stays (`--json` has everything).
    public static func table(_ matches: [SearchMatch], words: Words = .english, width: Int? = nil) -> String {
        let rows = matches.map { match in
            let place = match.place
            return [match.description.strippingTerminalControls(limit: 120), place.countryName, words.number(place.coordinate.description),
                    words.grouped(place.population), place.timeZone]
        }
        return TextTable.lines(rows, rightAligned: [3], indent: "", fitting: width, narrowing: [.drop(4), .drop(3), .drop(1), .drop(2)])
            .joined(separator: "\n") + "\n"
    }
}
