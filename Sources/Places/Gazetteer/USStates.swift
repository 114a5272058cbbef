/// US states by postal code. GeoNames gives a US place its state's postal
/// code as its division ("Portland, US (OR)"), and people write either that
/// or the name: "Portland, Oregon". Other countries' division codes are
/// numbers nobody types, so only these are worth a table.
enum USStates {
    /// The folded division key a qualifier stands for: "oregon" → "or".
    static func divisionKey(for key: [UInt8]) -> [UInt8] {
        codeByName[key] ?? key
    }

    /// Whether the folded key is a state's code or name.
    static func isState(_ key: [UInt8]) -> Bool {
        codeByName[key] != nil || codes.contains(key)
    }

    /// "IL" for "IL" or "Illinois" (the online geocoder gives names); nil otherwise.
    static func code(for division: String) -> String? {
        let key = divisionKey(for: SearchKey.fold(division))
        return codes.contains(key) ? String(decoding: key, as: UTF8.self).uppercased() : nil
    }

    private static let table: [(code: String, name: String)] = [
        ("AL", "Alabama"), ("AK", "Alaska"), ("AZ", "Arizona"), ("AR", "Arkansas"), ("CA", "California"),
        ("CO", "Colorado"), ("CT", "Connecticut"), ("DE", "Delaware"), ("DC", "District of Columbia"),
        ("FL", "Florida"), ("GA", "Georgia"), ("HI", "Hawaii"), ("ID", "Idaho"), ("IL", "Illinois"),
        ("IN", "Indiana"), ("IA", "Iowa"), ("KS", "Kansas"), ("KY", "Kentucky"), ("LA", "Louisiana"),
        ("ME", "Maine"), ("MD", "Maryland"), ("MA", "Massachusetts"), ("MI", "Michigan"), ("MN", "Minnesota"),
        ("MS", "Mississippi"), ("MO", "Missouri"), ("MT", "Montana"), ("NE", "Nebraska"), ("NV", "Nevada"),
        ("NH", "New Hampshire"), ("NJ", "New Jersey"), ("NM", "New Mexico"), ("NY", "New York"),
        ("NC", "North Carolina"), ("ND", "North Dakota"), ("OH", "Ohio"), ("OK", "Oklahoma"), ("OR", "Oregon"),
        ("PA", "Pennsylvania"), ("RI", "Rhode Island"), ("SC", "South Carolina"), ("SD", "South Dakota"),
        ("TN", "Tennessee"), ("TX", "Texas"), ("UT", "Utah"), ("VT", "Vermont"), ("VA", "Virginia"),
        ("WA", "Washington"), ("WV", "West Virginia"), ("WI", "Wisconsin"), ("WY", "Wyoming"),
    ]

    private static let codeByName: [[UInt8]: [UInt8]] = Dictionary(
        uniqueKeysWithValues: table.map { (SearchKey.fold($0.name), SearchKey.fold($0.code)) })

    private static let codes = Set(table.map { SearchKey.fold($0.code) })
}
