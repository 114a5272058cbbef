/// Country names by ISO code, from GeoNames' countryInfo.txt.
struct CountryTable {
    private(set) var codes: [String] = []
    private(set) var names: [String] = []
    private var indexByCode: [String: Int] = [:]

    /// Parses countryInfo.txt: comment lines start with '#', then ISO code,
    /// ISO3, numeric, FIPS, name, … tab-separated.
    init(countryInfo text: String) {
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard columns.count > 4, columns[0].utf8.count == 2 else { continue }
            _ = index(for: String(columns[0]), name: String(columns[4]))
        }
    }

    /// The index of `code`, added with `name` (or the code) when new.
    mutating func index(for code: String, name: String? = nil) -> Int {
        if let known = indexByCode[code] { return known }
        codes.append(code)
        names.append(name ?? code)
        indexByCode[code] = codes.count - 1
        return codes.count - 1
    }

    var count: Int { codes.count }
}
