/// Reads a country as people type it. GeoNames has one English name per
/// country, and people write others: "London, UK" (GB is "United Kingdom"),
/// "New York, USA", "Amsterdam, Netherlands" (GeoNames says "The
/// Netherlands"), "Prague, Czech Republic" ("Czechia"). These names and an
/// article on either side are accepted too; the index format is unchanged.
enum CountryNames {
    /// Whether the folded qualifier `key` names the country with ISO `code`
    /// and GeoNames name `name`.
    static func matches(_ key: [UInt8], code: String, name: String) -> Bool {
        let code = code.uppercased()
        if key == SearchKey.fold(code) || aliases[key] == code { return true }
        let withoutArticle = droppingArticle(key)
        return withoutArticle == droppingArticle(SearchKey.fold(name)) || aliases[withoutArticle] == code
    }

    /// Folded keys are lower case with single spaces between words.
    private static let article = Array("the ".utf8)

    private static func droppingArticle(_ key: [UInt8]) -> [UInt8] {
        key.starts(with: article) ? Array(key.dropFirst(article.count)) : key
    }

    /// Other names in common English use, by ISO code. Only names that point
    /// to one country: "Congo" and "Korea" alone do not.
    static let aliases: [[UInt8]: String] = {
        let table: [String: [String]] = [
            "GB": ["UK", "Great Britain", "Britain", "England", "Scotland", "Wales", "Northern Ireland"],
            "US": ["USA", "United States of America", "America"],
            "NL": ["Holland"],
            "CZ": ["Czech Republic"],
            "TR": ["Türkiye"],
            "MK": ["Macedonia"],
            "SZ": ["Swaziland"],
            "MM": ["Burma"],
            "CV": ["Cape Verde"],
            "TL": ["East Timor"],
            "CI": ["Côte d'Ivoire"],
            "BA": ["Bosnia"],
            "AE": ["UAE"],
            "VA": ["Vatican City", "Holy See"],
            "CD": ["DR Congo", "DRC"],
            "PS": ["Palestine"],
            "VN": ["Viet Nam"],
            "RU": ["Russian Federation"],
            "KR": ["Republic of Korea"],
        ]
        var keys: [[UInt8]: String] = [:]
        for (code, names) in table {
            for name in names { keys[SearchKey.fold(name)] = code }
        }
        return keys
    }()
}
