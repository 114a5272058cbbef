import ForecastPresentation
import Foundation
import Testing
import TestSupport

/// --city, compare, cities and completion, through the built binary with
/// the bundled GeoNames places.
@Suite struct PlacesCommandTests {
    @Test func cityNamesTheForecastAndAsksForItsCoordinates() async throws {
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let result = try await CLI.run(["--city", "kyiv", "--format", "%l: %t"], server: server)
            let json = try await CLI.run(["--city", "Kyiv", "--json"], server: server)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == "Kyiv, UA: -1°C\n")
            #expect(server.requests.first?.query["latitude"] == "50.45466")
            #expect(server.requests.first?.query["longitude"] == "30.5238")
            #expect(!server.requests.contains { $0.path == "/v1/search" }) // found offline
            let root = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            let location = try #require(root["location"] as? [String: Any])
            #expect(location["name"] as? String == "Kyiv, UA")
            #expect((location["source"] as? [String: Any])?["kind"] as? String == "city")
            let place = try #require(location["place"] as? [String: Any])
            #expect(place["id"] as? Int == 703448)
            #expect(place["countryName"] as? String == "Ukraine")
        }
    }

    @Test func coordinatesAreNamedByTheNearestCity() async throws {
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let berlin = try await CLI.run(["--lat", "52.52", "--lon", "13.41", "--format", "%l"], server: server)
            // 3 km from Bielefeld's centre is in Bielefeld (a city of 330,000 covers 5 km); 6 km north is not.
            let inBielefeld = try await CLI.run(["--lat", "52.06", "--lon", "8.56", "--format", "%l"], server: server)
            let outskirts = try await CLI.run(["--lat", "52.09", "--lon", "8.54", "--format", "%l"], server: server)
            let ocean = try await CLI.run(["--lat", "-40", "--lon", "-140", "--format", "%l"], server: server)
            #expect(berlin.stdout == "Berlin, DE\n")
            #expect(inBielefeld.stdout == "Bielefeld, DE\n")
            #expect(outskirts.stdout == "near Bielefeld, DE (6 km)\n", "\(outskirts.stdout)")
            #expect(ocean.stdout == "40.0000°S, 140.0000°W\n") // nothing within 50 km: coordinates, not a far-away name
        }
    }

    @Test func ambiguousNamesSayWhichWasChosen() async throws {
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let result = try await CLI.run(["--city", "Springfield", "--format", "%l"], server: server)
            let narrowed = try await CLI.run(["--city", "Springfield, IL", "--format", "%l"], server: server)
            #expect(result.status == 0)
            #expect(result.stdout == "Springfield, MO, US\n")
            #expect(narrowed.stdout == "Springfield, IL, US\n")
            #expect(result.stderr.contains("is Springfield, MO, US; it could also mean Springfield, MA, US"), "\(result.stderr)")
            #expect(narrowed.stderr.isEmpty)
            #expect(server.requests.last?.query["latitude"] == "39.80172")
        }
    }

    /// Only namesakes of similar standing are noted (a place whose own name
    /// it is, a quarter of the chosen one's population or more), and once:
    /// a name that meant the same place before is not explained again.
    @Test func onlyRealNamesakesAreNotedAndOnlyOnce() async throws {
        let home = StoreCommandTests.home()
        defer { try? FileManager.default.removeItem(at: home) }
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            for name in ["Berlin", "Odesa"] {
                let result = try await CLI.run([name, "--format", "%l"], server: server, home: home)
                #expect(result.status == 0)
                #expect(result.stderr.isEmpty, "\(name): \(result.stderr)")
            }
            let first = try await CLI.run(["Springfield", "--format", "%l"], server: server, home: home)
            #expect(first.stderr.contains("it could also mean Springfield, MA, US; Springfield, IL, US"), "\(first.stderr)")
            // Springfield, VA (30,000) is under a quarter of Springfield, MO: not named.
            #expect(!first.stderr.contains("VA"))
            let again = try await CLI.run(["Springfield", "--format", "%l"], server: server, home: home)
            #expect(again.stdout == "Springfield, MO, US\n")
            #expect(again.stderr.isEmpty)
        }
    }

    /// `--city` matches as `cities search` does: a name no place has is the
    /// first place search shows for it, and a note says so.
    @Test func aBeginningIsThePlaceSearchShowsFirst() async throws {
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let search = try await CLI.run(["cities", "search", "san fr", "--limit", "1"], server: server)
            #expect(search.stdout.hasPrefix("San Francisco, US (CA)"), "\(search.stdout)")
            let city = try await CLI.run(["--city", "san fr", "--format", "%l"], server: server)
            #expect(city.status == 0, "\(city.stderr)")
            #expect(city.stdout == "San Francisco, CA, US\n")
            #expect(city.stderr.contains("“san fr” is taken as San Francisco, CA, US, the largest place whose name begins so"))
            #expect(!server.requests.contains { $0.path == "/v1/search" }) // found offline
        }
    }

    /// `%a` says where the place came from: a city's name, typed coordinates.
    @Test func percentASaysTheCityWasNamed() async throws {
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let city = try await CLI.run(["Kyiv", "--format", "%a"], server: server)
            let typed = try await CLI.run(["--lat", "50.45", "--lon", "30.52", "--format", "%a"], server: server)
            #expect(city.stdout == "city name\n")
            #expect(typed.stdout == "typed coordinates\n")
        }
    }

    @Test func unknownNamesUseTheOnlineGeocoder() async throws {
        let enschede = try Fixtures.text("open-meteo/geocoding_search_enschede.json")
        try await StubHTTPServer.with(handler: FullResponse.handler(geocoding: enschede)) { server in
            let env = ["FORECASTLY_GEOCODING_URL": server.baseURL]
            // "Enschede Twente" is no name in the offline index, so the geocoder
            // is asked; the stub answers with the real recorded Enschede result.
            let result = try await CLI.run(["--city", "Enschede Twente", "--format", "%l"], server: server, environment: env)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == "Enschede, NL\n")
            let search = try #require(server.requests.first { $0.path == "/v1/search" })
            #expect(search.query["name"] == "Enschede Twente")
            #expect(server.requests.last?.query["latitude"] == "52.21833")
        }
    }

    @Test func noMatchSuggestsAndExits64() async throws {
        let empty = try Fixtures.text("open-meteo/geocoding_no_results.json")
        try await StubHTTPServer.with(handler: FullResponse.handler(geocoding: empty)) { server in
            let typo = try await CLI.run(["--city", "Kyyiv"], server: server, environment: ["FORECASTLY_GEOCODING_URL": server.baseURL])
            #expect(typo.status == 64)
            #expect(typo.stdout.isEmpty)
            #expect(typo.stderr.hasPrefix("forecastly: No place called “Kyyiv” is known. Did you mean Kyiv, UA"), "\(typo.stderr)")
            #expect(typo.stderrLines.count == 1)
            #expect(!server.requests.contains { $0.path == "/v1/forecast" })

            // Offline and no such place: the failed lookup is named, exit 69.
            let offline = try await CLI.run(["--city", "Qwxzvbnm"], environment: ["FORECASTLY_GEOCODING_URL": "http://127.0.0.1:9"])
            #expect(offline.status == 69)
            #expect(offline.stderr.contains("the online lookup failed"))
        }
    }

    @Test(arguments: [
        ("", "The place name is empty."),
        ("?!", "has no letters or digits"),
        (String(repeating: "x", count: 10_000), "10000 characters long"),
        ("Ky\u{7}iv", "control characters"),
        ("Kyiv\nLviv", "control characters"),
        // Coordinates written otherwise than LAT,LON: where the user is never goes to the geocoder as a name.
        ("50.45;30.52", "“50.45;30.52” looks like coordinates, not a place name. Write them as LAT,LON"),
        ("50,45 30,52", "looks like coordinates"),
        ("50.45N 30.52E", "looks like coordinates"),
        // Written right, but where a name is wanted: how to write them would go round in a circle.
        ("50.45,30.52", "A name is wanted here: give coordinates with --lat and --lon, or as the place itself (forecastly 50.45,30.52)."),
    ])
    func badNamesExit64BeforeAnyRequest(name: String, message: String) async throws {
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let result = try await CLI.run(["--city", name], server: server, environment: ["FORECASTLY_GEOCODING_URL": server.baseURL])
            #expect(result.status == 64)
            #expect(result.stderr.contains(message), "\(result.stderr)")
            #expect(result.stderrLines.count == 1)
            #expect(server.requestCount == 0)
        }
    }

    /// `compare` takes names only, so "write them as LAT,LON" (split at its
    /// comma) or "give --lat" (which compare lacks) would be wrong advice.
    @Test(arguments: ["50.45,30.52, Kyiv", "Kyiv, 50.45N 30.52E"])
    func compareSaysWhereCoordinatesGo(list: String) async throws {
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let result = try await CLI.run(["compare", list], server: server, environment: ["FORECASTLY_GEOCODING_URL": server.baseURL])
            #expect(result.status == 64 && result.stdout.isEmpty)
            #expect(result.stderr.contains("looks like coordinates, not a place name. Compare takes place names; for the weather at coordinates, run forecastly LAT,LON"),
                    "\(result.stderr)")
            #expect(!result.stderr.contains("--lat"))
            #expect(server.requestCount == 0)
        }
    }

    @Test func compareFetchesEveryPlaceInOneRequestInOrder() async throws {
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let result = try await CLI.run(["compare", "Odesa, Kyiv,Lviv"], server: server)
            #expect(result.status == 0, "\(result.stderr)")
            // One forecast request for the three; one warning feed for their one country.
            let forecasts = server.requests.filter { $0.path == "/v1/forecast" }
            #expect(forecasts.count == 1)
            #expect(forecasts.first?.query["latitude"] == "46.48572,50.45466,49.83826")
            #expect(server.requests.filter { $0.path != "/v1/forecast" }.map(\.path) == ["/api/v1/warnings/feeds-ukraine"])
            let rows = result.stdout.split(separator: "\n")
            #expect(rows[0].hasPrefix("Place"))
            #expect(rows[1].hasPrefix("Odesa, UA") && rows[1].contains(" 0°C"))
            #expect(rows[2].hasPrefix("Kyiv, UA") && rows[2].contains(" 1°C"))
            #expect(rows[3].hasPrefix("Lviv, UA") && rows[3].contains(" 2°C"))
            #expect(result.stdout.contains("Weather data by Open-Meteo.com"))
            #expect(result.stdout.contains("GeoNames"))
        }
    }

    /// Open-Meteo cannot be reached: a place a run of its own stored is shown
    /// from the store, with a warning naming it; with one place never
    /// fetched, the error stands (a table of guesses would say nothing).
    @Test func compareShowsStoredForecastsWhenTheProviderCannotBeReached() async throws {
        let home = StoreCommandTests.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let temperatures = try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            var shown: [String] = []
            for city in ["Kyiv", "Lviv"] {
                let run = try await CLI.run(["--city", city, "--format", "%t"], server: server, home: home)
                #expect(run.status == 0, "\(run.stderr)")
                shown.append(run.stdout.trimmingCharacters(in: .newlines))
            }
            return shown
        }
        let stale = try await CLI.run(["compare", "Kyiv, Lviv", "--no-alerts"], home: home)
        #expect(stale.status == 0, "\(stale.stderr)")
        let rows = stale.stdout.split(separator: "\n")
        #expect(rows.count > 2 && rows[1].hasPrefix("Kyiv, UA") && rows[2].hasPrefix("Lviv, UA"), "\(stale.stdout)")
        #expect(rows.count > 2 && rows[1].contains(" \(temperatures[0])") && rows[2].contains(" \(temperatures[1])"), "\(stale.stdout)")
        #expect(stale.stdout.contains("Weather data by Open-Meteo.com"))
        #expect(stale.stderrLines.count == 1, "\(stale.stderr)")
        #expect(stale.stderr.hasPrefix("forecastly: warning: Cannot reach Open-Meteo"), "\(stale.stderr)")
        #expect(stale.stderr.contains(#/ Showing the forecasts stored up to [0-9][^\n]* ago\.\n$/#), "\(stale.stderr)")

        let json = try await CLI.run(["compare", "Kyiv, Lviv", "--no-alerts", "--json"], home: home)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let caches = array.map { ($0["forecast"] as? [String: Any])?["cache"] as? [String: Any] }
        #expect(caches.map { $0?["origin"] as? String } == ["stale", "stale"], "\(json.stdout)")
        #expect(caches.allSatisfy { $0?["fetchedAt"] is String })

        let one = try await CLI.run(["compare", "Kyiv", "--no-alerts"], home: home)
        #expect(one.stderr.contains(#/ Showing the forecast for Kyiv, UA stored [0-9][^\n]* ago\.\n$/#), "\(one.stderr)")

        let unknown = try await CLI.run(["compare", "Kyiv, Odesa", "--no-alerts"], home: home)
        #expect(unknown.status == 69, "\(unknown.stderr)")
        #expect(unknown.stdout.isEmpty)
        #expect(unknown.stderr.hasPrefix("forecastly: Cannot reach Open-Meteo"), "\(unknown.stderr)")
    }

    /// `compare` takes the forecast's unit options, a whole system or one quantity's.
    @Test func compareTakesTheUnitsOfTheForecast() async throws {
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let metric = try await CLI.run(["compare", "Odesa, Kyiv"], server: server)
            let knots = try await CLI.run(["compare", "Odesa, Kyiv", "--units", "imperial", "--wind-unit", "knots"], server: server)
            #expect(metric.status == 0 && knots.status == 0, "\(metric.stderr)\(knots.stderr)")
            #expect(metric.stdout.contains("km/h") && !metric.stdout.contains(" kn"), "\(metric.stdout)")
            #expect(knots.stdout.contains(" kn") && !knots.stdout.contains("km/h") && knots.stdout.contains("°F"), "\(knots.stdout)")
        }
    }

    @Test func compareReportsBadNamesAndShowsTheRest() async throws {
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let result = try await CLI.run(["compare", "Kyiv, Qwxzvbnm, Lviv, Kyiv", "--json"], server: server,
                                           environment: ["FORECASTLY_GEOCODING_URL": server.baseURL])
            let repeated = try await CLI.run(["--city", "Lviv", "--city", "lviv"], server: server)
            #expect(result.status == 64)
            #expect(result.stderr.contains("No place called “Qwxzvbnm” is known"))
            #expect(result.stderr.contains("“Kyiv” is listed more than once"))
            let array = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
            #expect(array.map { $0["query"] as? String } == ["Kyiv", "Qwxzvbnm", "Lviv", "Kyiv"])
            #expect(array[0]["forecast"] != nil && array[2]["forecast"] != nil)
            #expect((array[1]["error"] as? [String: Any])?["exitStatus"] as? Int == 64)
            let forecast = try #require(array[2]["forecast"] as? [String: Any])
            #expect((forecast["location"] as? [String: Any])?["name"] as? String == "Lviv, UA")
            let forecasts = server.requests.filter { $0.path == "/v1/forecast" }
            #expect(forecasts.first?.query["latitude"] == "50.45466,49.83826")
            #expect(repeated.status == 0) // a repeat is a note, not a failure
            #expect(repeated.stdout.split(separator: "\n").filter { $0.hasPrefix("Lviv") }.count == 1)
        }
    }

    @Test func compareRefusesMoreThanAHundredPlaces() async throws {
        let names = Array(repeating: "Kyiv", count: 101).joined(separator: ",")
        let result = try await CLI.run(["compare", names])
        #expect(result.status == 64)
        #expect(result.stderr.contains("at most 100 places"))
    }

    @Test func citiesSearchListsByPopulation() async throws {
        let text = try await CLI.run(["cities", "search", "spring", "--limit", "3"])
        let json = try await CLI.run(["cities", "search", "Киев", "--json"])
        let none = try await CLI.run(["cities", "search", "qwxzv"])
        #expect(text.status == 0)
        let lines = text.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("Springs, ZA"))
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(array.first?["name"] as? String == "Kyiv")
        #expect(none.status == 64)
        #expect(none.stdout.isEmpty)
    }

    /// The list fits the terminal: the zone, the population, the country and
    /// the coordinates go, in that order, before a line runs past the edge.
    @Test(arguments: [(1000, 5), (64, 4), (50, 3), (40, 2), (30, 1)])
    func citiesSearchFitsTheTerminal(columns: Int, shownColumns: Int) async throws {
        let result = try await CLI.run(["cities", "search", "zag", "--limit", "5"], environment: ["COLUMNS": String(columns)])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5 && lines[0].hasPrefix("Zagreb, HR"), "\(result.stdout)")
        for line in lines { #expect(TextWidth.of(line) <= columns, "\(line)") }
        #expect(lines[0].contains("Europe/Zagreb") == (shownColumns == 5))
        #expect(lines[0].contains("663,592") == (shownColumns >= 4))
        #expect(lines[0].contains("Croatia") == (shownColumns >= 3))
        #expect(lines[0].contains("45.8144°N") == (shownColumns >= 2))
    }

    /// Counts and coordinates as the reader's language writes them: in
    /// German "34,024" places read as 34 and a bit.
    @Test func citiesNumbersAreWrittenInTheReadersLanguage() async throws {
        let status = try await CLI.run(["cities", "status"], environment: ["LANG": "de_DE.UTF-8"])
        #expect(status.status == 0)
        #expect(status.stdout.contains(/Orte   \d{2}\.\d{3} aus GeoNames/), "\(status.stdout)")
        let search = try await CLI.run(["cities", "search", "Berlin", "--limit", "1"], environment: ["LANG": "de_DE.UTF-8"])
        #expect(search.stdout.contains("52,5244°N, 13,4105°E") && search.stdout.contains("3.426.354"), "\(search.stdout)")
        let english = try await CLI.run(["cities", "search", "Berlin", "--limit", "1"], environment: ["LANG": "C.UTF-8"])
        #expect(english.stdout.contains("52.5244°N, 13.4105°E") && english.stdout.contains("3,426,354"), "\(english.stdout)")
    }

    /// A dump through a pipe, as `cities import <(curl …)` gives one: its
    /// size is known only at its end. A device is refused (/dev/zero never ends).
    @Test func aDumpCanComeThroughAPipe() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-pipe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let imported = try await PipedFile.feeding(Fixtures.url("geonames/cities-sample.txt")) { fifo in
            try await CLI.run(["cities", "import", fifo], home: home)
        }
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.hasPrefix("Places imported: 642,"), "\(imported.stdout)")
        let device = try await CLI.run(["cities", "import", "/dev/zero"], home: home)
        #expect(device.status == 64)
        #expect(device.stderr == "forecastly: Cannot read /dev/zero: it is a device, not a file. Check the path; your current place index is unchanged.\n")
    }

    @Test func importReplacesTheIndexAndABadImportKeepsIt() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-import-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let imported = try await CLI.run(["cities", "import", Fixtures.url("geonames/cities-sample.zip").path], home: home)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.hasPrefix("Places imported: 642, into \(home.path)/.local/share/forecastly/cities.idx"), "\(imported.stdout)")
        let bad = home.appendingPathComponent("bad.txt")
        try "not\ta\tgeonames\tfile\n".write(to: bad, atomically: true, encoding: .utf8)
        let failed = try await CLI.run(["cities", "import", bad.path], home: home)
        #expect(failed.status == 65)
        #expect(failed.stderr.contains("Line 1 is not a GeoNames cities line"))
        #expect(failed.stderr.contains("your current place index is unchanged"))
        let status = try await CLI.run(["cities", "status"], home: home)
        #expect(status.stdout.hasPrefix("Places  642 from GeoNames cities-sample.zip"))
        let reset = try await CLI.run(["cities", "reset"], home: home)
        let after = try await CLI.run(["cities", "status"], home: home)
        #expect(reset.status == 0)
        #expect(after.stdout.hasPrefix("Places  34,024 from GeoNames cities15000 (bundled)"))
    }

    /// The bash script argument-parser generates calls the binary back for
    /// --city; run it the way bash's completion does. At the root too: the
    /// forecast is the default command, so its options and PLACE complete
    /// without typing `forecast`.
    @Test(arguments: [("forecast --city Kyi", "Kyiv, UA"), ("compare Ly", "Lyon, FR"), ("location set --city Odes", "Odesa, UA"),
                      // Any case and accents, as cities search matches; offered as written (bash takes them unfiltered).
                      ("forecast --city ky", "Kyiv, UA"), ("--city lo", "London, GB"), ("forecast --city Sao", "São Paulo, BR"), ("forecast Kyi", "Kyiv, UA"),
                      ("--city Ky", "Kyiv, UA"), ("--ci", "--city"), ("--da", "--days"), ("--units metric --city Lvi", "Lviv, UA"),
                      // A place found through another name is offered by it, as written: München (Munich), then Münster.
                      ("--city Mün", "München, DE"), ("--city Münc", "München, DE"), ("--city kiev", "Kiev, UA"), ("comp", "compare"),
                      // At the root, places beside the subcommands' names.
                      ("Ky", "Kyiv, UA"), ("Lvi", "Lviv, UA"),
                      // The values of options whose types are not enums: the languages, the providers, the plans.
                      ("--lang d", "de"), ("--provider met", "met-norway"), ("--plan o", "onecall"), ("sky --lang u", "uk")])
    func bashCompletionAsksTheIndex(words: String, first: String) async throws {
        let script = try await CLI.run(["--generate-completion-script", "bash"])
        #expect(script.status == 0)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-completion-\(UUID().uuidString).bash")
        defer { try? FileManager.default.removeItem(at: file) }
        try script.stdout.write(to: file, atomically: true, encoding: .utf8)
        let binary = CLI.binary.path
        let driver = """
        source '\(file.path)'
        forecastly() { '\(binary)' "$@"; }
        COMP_WORDS=(forecastly \(words)); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMP_LINE='forecastly \(words)'; COMP_POINT=${#COMP_LINE}
        _forecastly forecastly "${COMP_WORDS[-1]}" "${COMP_WORDS[-2]}"
        printf '%s\\n' "${COMPREPLY[@]}"
        """
        let result = try await CLI.run(["-c", driver], executable: "/bin/bash")
        let candidates = result.stdout.split(separator: "\n")
        #expect(candidates.first.map(String.init) == first, "\(result.stdout) \(result.stderr)")
        #expect(Set(candidates).count == candidates.count) // no repeats
    }

    /// Other names are offered only as written and for cities people mean:
    /// no "Münbai" for Mumbai, no "New York of the Pacific" (Pittsburg, CA).
    @Test func completionOffersOnlyNamesAsWritten() async throws {
        let mun = try await CLI.run(["---completion", "--", "--city", "2", "3", "forecastly", "--city", "Mün"])
        #expect(mun.stdout == "München, DE\nMünster, DE\n", "\(mun.stdout)")
        let york = try await CLI.run(["---completion", "--", "--city", "2", "3", "forecastly", "--city", "New York"])
        #expect(york.stdout.hasPrefix("New York City, NY, US") || york.stdout.hasPrefix("New York City, US"), "\(york.stdout)")
        #expect(!york.stdout.contains("Pacific"))
    }

    /// zsh matches the places without case, not without accents: a name
    /// is offered as written, its typed part without the accents typed
    /// without them ("sao": "Sao Paulo", which --city takes alike).
    @Test(arguments: [("lo", "London, GB"), ("sao", "Sao Paulo, BR"), ("kyi", "Kyiv, UA"), ("Mün", "München, DE")])
    func zshIsOfferedNamesItsMatcherKeeps(typed: String, first: String) async throws {
        let offered = try await CLI.run(["---completion", "--", "--city", "2", "3", "forecastly", "--city", typed], environment: ["SAP_SHELL": "zsh"])
        #expect(offered.stdout.split(separator: "\n").first.map(String.init) == first, "\(offered.stdout)")
    }

    /// `cities search` shows the name that matched as it is written.
    @Test func searchShowsTheMatchedNameAsWritten() async throws {
        let kyiv = try await CLI.run(["cities", "search", "Київ", "--limit", "1"])
        #expect(kyiv.stdout.hasPrefix("Kyiv, UA (Київ)"), "\(kyiv.stdout)")
        let kiev = try await CLI.run(["cities", "search", "kiev", "--limit", "1"])
        #expect(kiev.stdout.hasPrefix("Kyiv, UA (Kiev)"), "\(kiev.stdout)")
    }

    /// Where the locale is not UTF-8, every table for people is ASCII.
    @Test func aLocaleWithoutUTF8GetsASCII() async throws {
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let compare = try await CLI.run(["compare", "Kyiv, São Paulo"], server: server, environment: ["LANG": "C"])
            let search = try await CLI.run(["cities", "search", "sao paulo", "--limit", "2"], environment: ["LANG": "C"])
            let report = try await CLI.run(["Kyiv"], server: server, environment: ["LANG": "C"])
            for result in [compare, search, report] {
                #expect(result.status == 0, "\(result.stderr)")
                #expect(result.stdout.utf8.allSatisfy { $0 < 0x80 }, "\(result.stdout)")
                #expect(result.stderr.utf8.allSatisfy { $0 < 0x80 }, "\(result.stderr)")
            }
            #expect(compare.stdout.contains("Sao Paulo, BR") && compare.stdout.contains(" * "), "\(compare.stdout)")
            #expect(search.stdout.hasPrefix("Sao Paulo, BR"))
            #expect(report.stdout.contains("ug/m3"), "\(report.stdout)")
            // A document is as it is: JSON keeps the name as written.
            let json = try await CLI.run(["compare", "São Paulo", "--json"], server: server, environment: ["LANG": "C"])
            #expect(json.stdout.contains("São Paulo"))
        }
    }

    @Test func locationSetStoresANamedCity() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-set-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let stored = try await CLI.run(["location", "set", "--city", "Lviv"], home: home)
            let forecast = try await CLI.run(["--source", "manual", "--format", "%l"], server: server, home: home)
            #expect(stored.status == 0, "\(stored.stderr)")
            #expect(stored.stdout.hasPrefix("Stored Lviv, UA at 49.8383°N, 24.0232°E"))
            #expect(forecast.stdout == "Lviv, UA\n")
            #expect(server.requests.first?.query["latitude"] == "49.83826")
        }
    }

    /// A cache that cannot be written (a user like nobody, a read-only
    /// home): names still resolve, from memory, with one note naming the
    /// place the index could not be kept; saving a stored place there names
    /// what could not be saved.
    @Test func anUnwritableCacheKeepsPlacesWorking() async throws {
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let result = try await CLI.run(["--city", "Kyiv", "--format", "%l"], server: server,
                                           environment: ["XDG_CACHE_HOME": "/dev/null/cache"])
            // The place is found all the same; a cache is only a cache: a warning, and exit 0.
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == "Kyiv, UA\n")
            #expect(result.stderr == "forecastly: warning: Cannot write the index to /dev/null/cache/forecastly: /dev/null is not a directory. The places were used from memory for this run.\n")
        }
        let set = try await CLI.run(["location", "set", "--lat", "1", "--lon", "2"], environment: ["XDG_CONFIG_HOME": "/dev/null/config"])
        #expect(set.status == 73)  // cannot create: EX_CANTCREAT
        #expect(set.stderr.contains("Cannot save the stored place to /dev/null/config/forecastly: /dev/null is not a directory."), "\(set.stderr)")
    }

    /// `compare` says which place an ambiguous name was taken to mean, as `--city` does.
    @Test func compareWarnsAboutAnAmbiguousName() async throws {
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let result = try await CLI.run(["compare", "Springfield, Kyiv"], server: server)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.hasPrefix("forecastly: note: “Springfield” is Springfield, MO, US; it could also mean"), "\(result.stderr)")
            #expect(result.stdout.contains("Springfield, MO, US"))
        }
    }

    @Test func aboutCreditsGeoNames() async throws {
        let result = try await CLI.run(["about"])
        #expect(result.stdout.contains("GeoNames (https://www.geonames.org/) · licence CC BY 4.0"))
        #expect(result.stdout.contains("34,024 places from GeoNames cities15000 (bundled)"))
    }
}
