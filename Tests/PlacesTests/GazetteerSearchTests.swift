import Foundation
@testable import Places
import Testing
import TestSupport

@Suite struct GazetteerSearchTests {
    @Test func foldingIgnoresCaseAccentsAndPunctuation() {
        #expect(SearchKey.fold("Saint-Étienne") == SearchKey.fold("saint etienne"))
        #expect(SearchKey.fold("SAINT  ÉTIENNE ") == Array("saint etienne".utf8))
        #expect(SearchKey.fold("Zürich") == Array("zurich".utf8))
        #expect(SearchKey.fold("Zu\u{308}rich") == SearchKey.fold("Zürich")) // decomposed input
        #expect(SearchKey.fold("Łódź") == Array("lodz".utf8))
        #expect(SearchKey.fold("КИЕВ") == SearchKey.fold("Киев"))
        #expect(SearchKey.fold("St. Louis") == Array("st louis".utf8))
        #expect(SearchKey.fold("!!!").isEmpty)
    }

    @Test func theBuilderTableFoldsLikeTheDirectPath() {
        let table = ScalarFolding.Table()
        for text in ["Київ", "São Paulo", "Ærøskøbing", "Hà Nội", "Αθήνα", "東京", "İstanbul", "Straße"] {
            var viaTable: [UInt8] = []
            SearchKey.append(text, to: &viaTable, using: table.fold)
            #expect(viaTable == SearchKey.fold(text), "\(text)")
        }
    }

    @Test func kyivKievAndCyrillicAllFindKyiv() throws {
        let fixture = try GazetteerFixture.make()
        defer { fixture.remove() }
        for name in ["Kyiv", "kiev", "Киев", "Київ", "KYI"] {
            let first = fixture.gazetteer.search(try PlaceQuery(name), limit: 1).first
            #expect(first?.name == "Kyiv", "\(name)")
            #expect(first?.countryCode == "UA")
        }
    }

    @Test func countryQualifiersNarrowTheSearch() throws {
        let fixture = try GazetteerFixture.make()
        defer { fixture.remove() }
        let g = fixture.gazetteer
        #expect(g.matches(try PlaceQuery("Paris")).first?.countryCode == "FR")
        let texas = g.matches(try PlaceQuery("Paris, US"))
        #expect(!texas.isEmpty && texas.allSatisfy { $0.countryCode == "US" })
        #expect(g.matches(try PlaceQuery("Paris, France")).first?.countryCode == "FR")
        let missouri = try #require(g.matches(try PlaceQuery("Springfield, MO")).first)
        #expect(missouri.admin1 == "MO")
        #expect(g.matches(try PlaceQuery("Springfield, MO, US")).first?.id == missouri.id)
        #expect(g.matches(try PlaceQuery("Springfield, FR")).isEmpty)
    }

    /// Countries as people write them, not only as GeoNames names them.
    @Test(arguments: [
        ("London, UK", "GB"), ("London, England", "GB"), ("London, Great Britain", "GB"),
        ("Paris, USA", "US"), ("Paris, United States of America", "US"),
        ("Wierden, Netherlands", "NL"), ("Wierden, The Netherlands", "NL"), ("Wierden, Holland", "NL"),
        ("Pardubice, Czech Republic", "CZ"), ("Pardubice, Czechia", "CZ"),
        ("Gölcük, Türkiye", "TR"), ("Gölcük, Turkiye", "TR"), ("Gölcük, Turkey", "TR"),
    ])
    func commonCountryNamesQualify(query: String, country: String) throws {
        let fixture = try GazetteerFixture.make()
        defer { fixture.remove() }
        let found = fixture.gazetteer.matches(try PlaceQuery(query))
        #expect(!found.isEmpty)
        #expect(found.allSatisfy { $0.countryCode == country })
    }

    /// GeoNames gives US places the state's postal code; its name works too.
    @Test func usStatesByCodeOrName() throws {
        let fixture = try GazetteerFixture.make()
        defer { fixture.remove() }
        let g = fixture.gazetteer
        let missouri = try #require(g.matches(try PlaceQuery("Springfield, MO")).first)
        #expect(g.matches(try PlaceQuery("Springfield, Missouri")).first?.id == missouri.id)
        #expect(g.matches(try PlaceQuery("Springfield, missouri, USA")).first?.id == missouri.id)
        #expect(g.matches(try PlaceQuery("Springfield, Wyoming")).isEmpty)
        for state in ["TX", "Texas", "new york", "IL"] { #expect(g.isQualifier(state), "\(state)") }
        #expect(!g.isQualifier("Springfield"))
    }

    @Test func anArticleAloneOrInsideANameIsNotACountry() throws {
        let fixture = try GazetteerFixture.make()
        defer { fixture.remove() }
        #expect(!fixture.gazetteer.isQualifier("The"))
        #expect(!fixture.gazetteer.isQualifier("Thenetherlands"))
        #expect(fixture.gazetteer.isQualifier("the netherlands"))
        #expect(fixture.gazetteer.matches(try PlaceQuery("London, Britannia")).isEmpty)
    }

    /// Every other name points at a country the GeoNames list has.
    @Test func everyCountryAliasNamesAKnownCountry() throws {
        let codes = Set(try Fixtures.text("geonames/countryInfo.txt").split(separator: "\n")
            .filter { !$0.hasPrefix("#") }.compactMap { $0.split(separator: "\t").first.map(String.init) })
        #expect(CountryNames.aliases.count >= 20)
        for (key, code) in CountryNames.aliases {
            #expect(codes.contains(code), "\(String(decoding: key, as: UTF8.self)) → \(code)")
        }
    }

    /// Every result list equals the brute-force answer over the records:
    /// places whose own name starts with the prefix, then places with
    /// another key starting with it, each most populous first.
    @Test(arguments: ["s", "sa", "spr", "ky", "o", "л", "par", "be", "zz", "a"])
    func prefixSearchMatchesBruteForce(prefix: String) throws {
        let fixture = try GazetteerFixture.make()
        defer { fixture.remove() }
        let key = SearchKey.fold(prefix)
        let byPopulation: (GazetteerFixture.Place, GazetteerFixture.Place) -> Bool = {
            $0.population != $1.population ? $0.population > $1.population : $0.id < $1.id
        }
        let own = fixture.places.filter { $0.keys.first?.starts(with: key) == true }.sorted(by: byPopulation)
        let other = fixture.places.filter { place in place.keys.first?.starts(with: key) != true && place.keys.contains { $0.starts(with: key) } }
            .sorted(by: byPopulation)
        let expected = (own + other).prefix(25).map(\.id)
        let found = fixture.gazetteer.search(try PlaceQuery(prefix), limit: 25).map(\.id)
        #expect(found == Array(expected))
    }

    /// Walking places by rank (for short prefixes) and selecting from the
    /// sorted key range give the same answer; each is forced here.
    @Test(arguments: ["s", "a", "ky", "be", "л"])
    func bothSearchStrategiesAgree(prefix: String) throws {
        let fixture = try GazetteerFixture.make()
        defer { fixture.remove() }
        let query = try PlaceQuery(prefix)
        for limit in [1, 10, 40, 100_000] {
            let byRank = fixture.gazetteer.ranked(query, exact: false, limit: limit, rangeScanLimit: 0).map(\.rank)
            let byRange = fixture.gazetteer.ranked(query, exact: false, limit: limit, rangeScanLimit: .max).map(\.rank)
            #expect(byRank == byRange, "\(prefix) \(limit)")
            #expect(Set(byRange).count == byRange.count)
        }
        let filtered = try PlaceQuery(prefix + ", UA")
        #expect(fixture.gazetteer.ranked(filtered, exact: false, limit: 10, rangeScanLimit: 0).map(\.rank)
                == fixture.gazetteer.ranked(filtered, exact: false, limit: 10, rangeScanLimit: .max).map(\.rank))
    }

    @Test func suggestionsForTypos() throws {
        let fixture = try GazetteerFixture.make()
        defer { fixture.remove() }
        #expect(fixture.gazetteer.suggestions(for: try PlaceQuery("Kyyiv")).first?.name == "Kyiv")
        #expect(fixture.gazetteer.suggestions(for: try PlaceQuery("Springfeld")).first?.name == "Springfield")
        #expect(fixture.gazetteer.suggestions(for: try PlaceQuery("Qwxzvbnm")).isEmpty)
    }

    @Test func queriesRejectBadInput() throws {
        #expect(throws: PlaceQueryError.empty) { try PlaceQuery("   ") }
        #expect(throws: PlaceQueryError.noLetters("?!.,")) { try PlaceQuery("?!.,") }
        #expect(throws: PlaceQueryError.tooLong(characters: 10_000)) { try PlaceQuery(String(repeating: "a", count: 10_000)) }
        #expect(throws: PlaceQueryError.controlCharacters) { try PlaceQuery("Ky\u{0}iv") }
        #expect(throws: PlaceQueryError.controlCharacters) { try PlaceQuery("Kyiv\n") }
        #expect(throws: PlaceQueryError.empty) { try PlaceQuery(", FR") }
        // A decimal number is a coordinate typed wrongly; a postal code is a name for the geocoder.
        #expect(throws: PlaceQueryError.coordinates("50.45 30.52")) { try PlaceQuery("50.45 30.52") }
        #expect(throws: PlaceQueryError.coordinates("-33.9, 18.4")) { try PlaceQuery("-33.9, 18.4") }
        #expect(try PlaceQuery("10115").name == "10115")
        #expect(try PlaceQuery("St. Gallen").name == "St. Gallen")
        // Coordinates written otherwise are refused, not sent to the geocoder as a name.
        for typed in ["50.45;30.52", "50,45 30,52", "50.45N, 30.52E", "33.9 S 18.4 E", "50.45° N 30.52° E", "1,2,3", "50.45"] {
            #expect(throws: PlaceQueryError.coordinates(typed)) { try PlaceQuery(typed) }
        }
        // In a list, which takes names only, coordinates are said to be out of place.
        #expect(throws: PlaceQueryError.coordinatesInList("50.45")) { try PlaceQuery.list("50.45,30.52, Kyiv") { _, _ in false } }
        #expect(throws: PlaceQueryError.coordinatesInList("50.45N 30.52E")) { try PlaceQuery.list("Kyiv, 50.45N 30.52E") { _, _ in false } }
        // Postal codes, alone or with a country, and names with numbers are names.
        for name in ["114 55", "1000-001", "08001, ES", "10115, DE", "Route 66", "Zone 7 N"] {
            #expect(try PlaceQuery(name).description == name, "\(name)")
        }
    }

    @Test func listsKeepCountriesWithTheirNames() throws {
        let fixture = try GazetteerFixture.make()
        defer { fixture.remove() }
        let qualifies = fixture.gazetteer.qualifies
        #expect(try PlaceQuery.list("Kyiv, Lviv, Odesa", qualifies: qualifies).map(\.name) == ["Kyiv", "Lviv", "Odesa"])
        let mixed = try PlaceQuery.list("Paris, FR, Berlin, Germany,London", qualifies: qualifies)
        #expect(mixed.map(\.description) == ["Paris, FR", "Berlin, Germany", "London"])
        #expect(throws: PlaceQueryError.empty) { try PlaceQuery.list("Kyiv,,Lviv", qualifies: qualifies) }
        // Not known offline either way: the qualifier stays with its name for the online lookup.
        #expect(try PlaceQuery.list("Smallville, Kansas", qualifies: qualifies).map(\.description) == ["Smallville, Kansas"])
    }

    /// A state that is also a city ("Washington") starts a new place after
    /// a name it does not qualify, and qualifies one it does.
    @Test func aStateThatIsAlsoACityIsAPlaceOfItsOwnInAList() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("states-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        var lines = try Fixtures.text("geonames/cities-sample.txt").split(separator: "\n").map(String.init)
        var washington = try #require(lines.first { $0.split(separator: "\t", omittingEmptySubsequences: false)[8] == "US" }).split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        (washington[0], washington[1], washington[2], washington[3], washington[10]) = ("4140963", "Washington", "Washington", "", "DC")
        (washington[4], washington[5], washington[14]) = ("38.89511", "-77.03637", "689545")
        lines.append(washington.joined(separator: "\t"))
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try (lines.joined(separator: "\n") + "\n").write(toFile: root.path + "/dump.txt", atomically: true, encoding: .utf8)
        let gazetteer = try PlaceIndex(directories: GazetteerFixture.directories(root), bundled: try BundledGeoNames(dumpAt: Fixtures.url("geonames/cities-sample.txt").path))
            .importDump(at: root.path + "/dump.txt")
        #expect(gazetteer.matches(try PlaceQuery("Washington")).first?.admin1 == "DC")
        let list = try PlaceQuery.list("Paris, TX, Springfield, Missouri, Kyiv, Washington, Washington, DC", qualifies: gazetteer.qualifies)
        #expect(list.map(\.description) == ["Paris, TX", "Springfield, Missouri", "Kyiv", "Washington", "Washington, DC"])
    }
}
