/// A story's keys are the format's or none: a misspelt key
/// (`"authorisation"`) is refused with its place, never ignored, so a story
/// is not played as another one that happens to pass.
enum StrictKeys {
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    static func check<Keys: CodingKey & CaseIterable>(_ decoder: any Decoder, _ keys: Keys.Type) throws {
        try check(decoder, known: Keys.allCases.map(\.stringValue))
    }

    static func check(_ decoder: any Decoder, known: [String]) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        guard let unknown = container.allKeys.first(where: { !known.contains($0.stringValue) }) else { return }
        throw DecodingError.dataCorrupted(.init(
            codingPath: container.codingPath + [unknown],
            debugDescription: "is not a key of the format (known here: \(known.joined(separator: ", ")))"))
    }
}
