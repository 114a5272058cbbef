import ForecastCore
import ForecastlyBase
import Foundation
import Places
import Testing
import TestSupport

/// The README's JSON schema is the contract scripts rely on: every key it
/// shows is one the `Encodable` documents write, and every key they write
/// is shown there.
@Suite struct DocumentSchemaTests {
    static let readme = Fixtures.directory.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")

    /// The example object in the README's "JSON schema" section, its
    /// comments removed.
    static func readmeExample() throws -> Any {
        let text = try String(contentsOf: readme, encoding: .utf8)
        let section = try #require(text.range(of: "## JSON schema"))
        let start = try #require(text.range(of: "```jsonc\n", range: section.upperBound..<text.endIndex))
        let end = try #require(text.range(of: "\n```", range: start.upperBound..<text.endIndex))
        // A comment starts at "//" after white space ("https://" keeps its slashes).
        let json = text[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).map { line in
            guard let comment = line.firstRange(of: /\s\/\//) else { return String(line) }
            return String(line[..<comment.lowerBound])
        }.joined(separator: "\n")
        return try JSONSerialization.jsonObject(with: Data(json.utf8))
    }

    /// Every key path in a JSON value: "location.place.id"; an array's
    /// elements as "daily[]".
    static func keyPaths(_ value: Any, at path: String = "") -> Set<String> {
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

    @Test func readmeSchemaShowsExactlyTheKeysTheForecastDocumentWrites() throws {
        let kyiv = try Coordinate(latitude: 50.45, longitude: 30.52)
        let forecast = try OpenMeteoService.forecast(
            from: .init(status: 200, body: Array(FullResponse.json(units: "metric").utf8)),
            for: try ForecastRequest(coordinate: kyiv, days: 7), service: .openMeteo)
        let place = GazetteerPlace(id: 703448, name: "Kyiv", countryCode: "UA", countryName: "Ukraine", admin1: "12",
                                   coordinate: try Coordinate(latitude: 50.45466, longitude: 30.5238),
                                   population: 2_952_301, timeZone: "Europe/Kyiv")
        let generatedAt = Date(timeIntervalSince1970: 1_795_000_000)
        // Everything a document can hold: a named place and a stored origin.
        let document = ForecastDocument(
            forecast: forecast, placeName: "Kyiv, UA", unitSystem: .metric, source: .openMeteo, generatedAt: generatedAt,
            place: place, origin: .stored(fetchedAt: generatedAt.addingTimeInterval(-180)))
        let written = Self.keyPaths(try JSONSerialization.jsonObject(with: document.encoded()))
        let documented = Self.keyPaths(try Self.readmeExample())
        #expect(written.subtracting(documented).sorted() == [], "written but not in the README")
        #expect(documented.subtracting(written).sorted() == [], "in the README but not written")
    }

    /// `cities search --json` prints the forecast document's `place` fields plus `displayName` and `matchedName`.
    @Test func placeDocumentHasThePlaceFieldsAndADisplayName() throws {
        let documented = Self.keyPaths(try Self.readmeExample())
            .filter { $0.hasPrefix("location.place.") }
            .map { String($0.dropFirst("location.place.".count)) }
        let place = GazetteerPlace(id: 1, name: "Berlin", countryCode: "DE", countryName: "Germany", admin1: "16",
                                   coordinate: try Coordinate(latitude: 52.52, longitude: 13.41), population: 3_426_354,
                                   timeZone: "Europe/Berlin")
        let written = Self.keyPaths(try JSONSerialization.jsonObject(with: PlaceDocument(matches: [SearchMatch(place: place)]).encoded()))
        #expect(written == Set(documented.map { "[].\($0)" } + ["[].displayName", "[].matchedName"]))
    }
}
