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
    static let typed: [(String, String)] = [
        ("san fr", "San Francisco, US (CA)"), ("par", "Paris, FR"), ("new y", "New York City, US (NY)"),
        ("saint p", "Saint Petersburg, RU"), ("man", "Manaus, BR"), ("lon", "London, GB (ENG)"), ("ber", "Berlin, DE"),
        ("mün", "Munich, DE"), ("kyi", "Kyiv, UA"), ("zür", "Zürich, CH (ZH)"), ("zur", "Zürich, CH (ZH)"),
        ("tok", "Tokyo, JP"), ("mos", "Moscow, RU"), ("моск", "Moscow, RU"), ("київ", "Kyiv, UA"), ("北京", "Beijing, CN"),
        ("東京", "Tokyo, JP"), ("lis", "Lisbon, PT"), ("lvi", "Lviv, UA"), ("ode", "Odesa, UA"), ("ist", "Istanbul, TR"),
        ("krak", "Kraków, PL"), ("wars", "Warsaw, PL"), ("pra", "Prague, CZ"), ("buda", "Budapest, HU"), ("rom", "Rome, IT"),
        ("sao p", "São Paulo, BR"), ("são p", "São Paulo, BR"), ("mexi", "Mexico City, MX"), ("los a", "Los Angeles, US (CA)"),
        ("cape t", "Cape Town, ZA"), ("nai", "Nairobi, KE"), ("mumb", "Mumbai, IN"), ("hel", "Helsinki, FI"),
        ("cop", "Copenhagen, DK"), ("edin", "Edinburgh, GB (SCT)"), ("vie", "Vienna, AT"), ("lyo", "Lyon, FR"),
    ]

    static let gazetteer: Gazetteer = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ranking-\(UUID().uuidString)")
        return try! PlaceIndex(directories: GazetteerFixture.directories(root)).open()
    }()

    @Test(arguments: typed)
    func thePlaceMeantComesFirst(query: String, expected: String) throws {
        let matches = Self.gazetteer.searchMatches(try PlaceQuery(query), limit: 5)
        #expect(matches.first?.place.qualifiedName == expected, "\(query): \(matches.map(\.description))")
    }

    /// A place found only through another name says which one.
    @Test func anAlternateMatchSaysWhichName() throws {
        let matches = Self.gazetteer.searchMatches(try PlaceQuery("san francisco de q"), limit: 5)
        let quito = try #require(matches.first { $0.place.name == "Quito" })
        #expect(quito.alternateName == "san francisco de quito")
        #expect(quito.description == "Quito, EC (san francisco de quito)")
        let paris = try #require(Self.gazetteer.searchMatches(try PlaceQuery("par"), limit: 1).first)
        #expect(paris.alternateName == nil)
    }

    /// --city takes the place whose own name it is over one for which it is
    /// an alternate name, whatever their sizes.
    @Test func anExactOwnNameBeatsAnAlternateName() throws {
        let kiev = try #require(Self.gazetteer.matches(try PlaceQuery("Kiev"), limit: 3).first)
        #expect(kiev.name == "Kyiv")  // no place is called Kiev itself
        let matches = Self.gazetteer.matches(try PlaceQuery("Paris"), limit: 10)
        #expect(matches.first?.countryCode == "FR")
        #expect(matches.prefix(while: { $0.name == "Paris" }).count == matches.filter { $0.name == "Paris" }.count)
    }
}
