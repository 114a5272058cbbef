import Foundation

/// The JSON schema, the contract scripts rely on, as its DocC article
/// documents it (ForecastPresentation's "The JSON schema"): its example
/// object and the key paths of any JSON value, so a document's tests can
/// compare what it writes with what the documentation shows.
public enum DocumentedSchema {
    static let article = Fixtures.directory.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/ForecastPresentation/ForecastPresentation.docc/JSONSchema.md")

    /// The example object in the article, its comments removed.
    public static func example() throws -> Any {
        let text = try String(contentsOf: article, encoding: .utf8)
        let section = try require(text.range(of: "# The JSON schema"))
        let start = try require(text.range(of: "```jsonc\n", range: section.upperBound..<text.endIndex))
        let end = try require(text.range(of: "\n```", range: start.upperBound..<text.endIndex))
        // A comment starts at "//" after white space ("https://" keeps its slashes).
        let json = text[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).map { line in
            guard let comment = line.firstRange(of: /\s\/\//) else { return String(line) }
            return String(line[..<comment.lowerBound])
        }.joined(separator: "\n")
        return try JSONSerialization.jsonObject(with: Data(json.utf8))
    }

    /// Every key path in a JSON value: "location.place.id"; an array's
    /// elements as "daily[]".
    public static func keyPaths(_ value: Any, at path: String = "") -> Set<String> {
        switch value {
        case let object as [String: Any]:
            return object.reduce(into: []) { paths, entry in
                let child = path.isEmpty ? entry.key : "\(path).\(entry.key)"
                paths.insert(child)
                paths.formUnion(keyPaths(entry.value, at: child))
            }
        case let array as [Any]:
            return array.first.map { keyPaths($0, at: path + "[]") } ?? []
        default:
            return []
        }
    }

    struct MissingSection: Error, CustomStringConvertible {
        var description: String { "JSONSchema.md has no JSON schema example" }
    }

    private static func require<T>(_ value: T?) throws -> T {
        guard let value else { throw MissingSection() }
        return value
    }
}
