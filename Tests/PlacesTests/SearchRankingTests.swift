import ForecastlyBase
import Foundation
@testable import Places
import Testing
import TestSupport

/// Autocomplete as people type: for each query (prefixes of 2 to 6
/// letters, with and without accents, in other scripts), the place they
/// mean comes first in the bundled index. Before ranking own names above
/// alternate names, "san fr" gave Quito, "par" Perth, "man" New York City.
@Suite struct SearchRankingTests {
    /// The table's lines: comments and blank lines left out.
    static let lines = try! Fixtures.text("search/typed-queries.tsv")
        .split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.trimmingWhitespace().isEmpty }

    static let typed: [(String, String)] = lines.compactMap { line in
        let parts = line.split(separator: "\t")
        return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
    }

    /// Every line of the table is a query and the place it means, so none
    /// is silently left out of the test below (benchmark-places reads it too).
    @Test func everyLineIsAQueryAndAPlace() {
        let malformed = Self.lines.filter { $0.split(separator: "\t").count != 2 }
        #expect(malformed.isEmpty, "lines without exactly one tab: \(malformed)")
        #expect(Self.typed.count == Self.lines.count)
    }

    @Test(arguments: typed)
    func thePlaceMeantComesFirst(query: String, expected: String) async throws {
        let matches = await BundledIndex.gazetteer().searchMatches(try PlaceQuery(query), limit: 5)
        #expect(matches.first?.place.qualifiedName == expected, "\(query): \(matches.map(\.description))")
    }

    /// A place found only through another name says which one.
    @Test func anAlternateMatchSaysWhichName() async throws {
        let matches = await BundledIndex.gazetteer().searchMatches(try PlaceQuery("san francisco de q"), limit: 5)
        let quito = try #require(matches.first { $0.place.name == "Quito" })
        #expect(quito.alternateName == "San Francisco de Quito")  // as GeoNames writes it
        #expect(quito.description == "Quito, EC (San Francisco de Quito)")
        let paris = try #require(await BundledIndex.gazetteer().searchMatches(try PlaceQuery("par"), limit: 1).first)
        #expect(paris.alternateName == nil)
    }

    /// --city takes the place whose own name it is over one for which it is
    /// an alternate name, whatever their sizes.
    @Test func anExactOwnNameBeatsAnAlternateName() async throws {
        let kiev = try #require(await BundledIndex.gazetteer().matches(try PlaceQuery("Kiev"), limit: 3).first)
        #expect(kiev.name == "Kyiv")  // no place is called Kiev itself
        let matches = await BundledIndex.gazetteer().matches(try PlaceQuery("Paris"), limit: 10)
        #expect(matches.first?.countryCode == "FR")
        #expect(matches.prefix(while: { $0.name == "Paris" }).count == matches.filter { $0.name == "Paris" }.count)
    }
}
