import ForecastlyBase
import ForecastPresentation
import Foundation
import NIOCore
import Testing
import TestSupport

/// `forecastly` as a subprocess against a stub Open-Meteo on 127.0.0.1.
@Suite struct ForecastCommandTests {
    static let kyiv = ["--lat", "50.45", "--lon", "30.52"]

    /// The recorded answers as they are, days before this machine's clock:
    /// shown whole, labelled with the time they describe and never "Now",
    /// with one warning that the answer or the clock is wrong.
    @Test func humanReportGolden() async throws {
        try await StubHTTPServer.with(handler: FullResponse.handler(timeline: .recorded)) { server in
            // The next two hours are timed from now (NowcastCommandTests); the rest is fixed.
            let result = try await CLI.run(Self.kyiv + ["--no-nowcast"], server: server)
            #expect(result.status == 0)
            #expect(result.stderrLines.count == 1)
            #expect(result.stderr.hasPrefix("forecastly: warning: The forecast and the air-quality reading describe 2026-11-21 07:15, "))
            #expect(result.stderr.contains(" before this machine's clock: the answer or the clock is wrong"))
            #expect(!result.stdout.contains("Now") && !result.stdout.contains("Today"))
            #expect(!result.stdout.contains("\u{1B}")) // not a terminal: no colour
            Golden.check(result.stdout, against: "cli-report-kyiv.txt")
            // The forecast, the air and Ukraine's warnings (none) beside it.
            #expect(Set(server.requests.map(\.path)) == ["/v1/forecast", "/v1/air-quality", "/api/v1/warnings/feeds-ukraine"])
        }
    }

    @Test func onelineAndFormatPrintOneLineEach() async throws {
        try await StubHTTPServer.with(always: .json(FullResponse.json(at: Date()))) { server in
            let oneline = try await CLI.run(Self.kyiv + ["--oneline"], server: server)
            let template = try await CLI.run(Self.kyiv + ["--format", "%l|%C|%t|%H/%L|%S"], server: server)
            #expect(oneline.status == 0)
            #expect(oneline.stdout == "⛄ -1°C 15 km/h NW\n")
            #expect(template.stdout == "Kyiv, UA|Slight snow fall|-1°C|1°C/-3°C|07:12\n")
        }
    }

    @Test func jsonOutputFollowsTheSchema() async throws {
        try await StubHTTPServer.with(always: .json(FullResponse.json(at: Date()))) { server in
            let result = try await CLI.run(Self.kyiv + ["--json", "--days", "7"], server: server)
            #expect(result.status == 0)
            let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            #expect(Set(root.keys) == ["schemaVersion", "location", "units", "current", "daily", "hourly", "source", "attribution", "generatedAt", "cache",
                                       "airQuality", "nowcast", "alerts", "alertService", "yesterday", "sky"])
            let location = try #require(root["location"] as? [String: Any])
            #expect(location["timezone"] as? String == "Europe/Kyiv")
            #expect(location["requestedLatitude"] as? Double == 50.45)
            #expect(location.keys.contains("name"))
            #expect((root["daily"] as? [Any])?.count == 7)
            #expect((root["hourly"] as? [Any])?.count == 48)
            let current = try #require(root["current"] as? [String: Any])
            for key in ["time", "temperature", "apparentTemperature", "weatherCode", "description", "symbol", "windSpeed", "windDirection", "humidity"] {
                #expect(current.keys.contains(key), "current.\(key)")
            }
            #expect(server.requests.first { $0.path == "/v1/forecast" && $0.query["minutely_15"] == nil }?.query["forecast_days"] == "7")
        }
    }

    /// Coordinates pasted with spaces, tabs or a newline around them.
    @Test func paddedCoordinatesAreAccepted() async throws {
        try await StubHTTPServer.with(always: .json(FullResponse.json(at: Date()))) { server in
            let result = try await CLI.run(["--lat", " 50.45\t", "--lon", "30.52\n", "--oneline"], server: server)
            #expect(result.status == 0, "\(result.stderr)")
            let query = try #require(server.requests.first).query
            #expect(query["latitude"] == "50.45")
            #expect(query["longitude"] == "30.52")
        }
    }

    /// Imperial is shown, not asked for: the request is the metric one, and
    /// -1.4 °C and 14.6 km/h are shown as 29°F and 9 mph.
    @Test func negativeCoordinatesAndImperialUnits() async throws {
        try await StubHTTPServer.with(always: .json(FullResponse.json(at: Date()))) { server in
            let result = try await CLI.run(["--lat", "-33.9", "--lon", "-70.65", "--units", "imperial", "--oneline"], server: server)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == "⛄ 29°F 9 mph NW\n")
            let query = try #require(server.requests.first).query
            #expect(query["latitude"] == "-33.9")
            #expect(query["longitude"] == "-70.65")
            #expect(query["temperature_unit"] == nil && query["wind_speed_unit"] == nil)
        }
    }

    /// Every spelling the README shows asks for the same forecast: "=" forms,
    /// a negative value after "=", and the explicit `forecast` subcommand.
    @Test(arguments: [
        ["--lat=-33.9", "--lon=18.4", "--days=3", "--oneline"],
        ["--lat", "-33.9", "--lon", "18.4", "--days", "3", "--oneline"],
        ["forecast", "--lat", "-33.9", "--lon", "18.4", "--days=3", "--oneline"],
    ])
    func everySpellingOfTheOptionsAsksTheSame(arguments: [String]) async throws {
        try await StubHTTPServer.with(always: .json(FullResponse.json(at: Date()))) { server in
            let result = try await CLI.run(arguments, server: server)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == "⛄ -1°C 15 km/h NW\n")
            let query = try #require(server.requests.first).query
            #expect(query["latitude"] == "-33.9")
            #expect(query["longitude"] == "18.4")
            #expect(query["forecast_days"] == "3")
        }
    }

    /// Bad input: one line on stderr, exit 64, nothing on stdout, and no
    /// request leaves the machine.
    @Test(arguments: [
        ["--lat", "91", "--lon", "0"],
        ["--lat", "abc", "--lon", "0"],
        ["--lat", "nan", "--lon", "0"],
        ["--lat", "inf", "--lon", "0"],
        ["--lat", "50"],
        ["--lon", "30"],
        ["--lat", "1", "--lon", "1", "--days", "0"],
        ["--lat", "1", "--lon", "1", "--days", "17"],
        ["--lat", "1", "--lon", "1", "--days", "x"],
        ["--lat", "1", "--lon", "1", "--hours", "49"],
        ["--lat", "1", "--lon", "1", "--units", "kelvin"],
        ["--lat", "1", "--lon", "1", "--format", ""],
        ["--lat", "1", "--lon", "1", "--format", "%q"],
        ["--lat", "1", "--lon", "1", "--format", "%t %"],
        ["--lat", "1", "--lon", "1", "--json", "--oneline"],
        ["--city", "Kyiv", "--lat", "1", "--lon", "1"],
        ["--lat", "1", "--lon", "1", "--timeout", "0"],
        ["--lat", "1", "--lon", "1", "--bogus"],
        ["--source", "wifi"],
        ["--gpsd", "host:99999"],
        ["--gps-timeout", "0"],
        ["location", "set", "--lat", "1"],
        ["location", "set", "--lat", "1", "--lon", "2", "--name", "bad\u{1B}[2Jname"],
    ])
    func badInput(arguments: [String]) async throws {
        try await StubHTTPServer.with(always: .json(FullResponse.json(at: Date()))) { server in
            let result = try await CLI.run(arguments, server: server)
            #expect(result.status == 64)
            #expect(result.stdout.isEmpty)
            #expect(result.stderrLines.count == 1, "\(result.stderr)")
            #expect(result.stderr.hasPrefix("forecastly: "))
            // A sentence: a capital letter, the option it is about, or a quotation.
            let first = result.stderr.dropFirst("forecastly: ".count).first
            #expect(first?.isUppercase == true || first == "-" || first == "“", "\(result.stderr)")
            #expect(server.requestCount == 0)
        }
    }

    /// A negative number is a value out of range, not a missing one:
    /// ArgumentParser would take "-3" for an option and report "Missing
    /// value for '--days <n>'" to someone who typed one. The line points
    /// at the help of the command that was run.
    @Test(arguments: [
        (["--lat", "1", "--lon", "1", "--days", "-3"], "--days must be between 1 and 16; got -3.", "forecastly --help"),
        (["--lat", "1", "--lon", "1", "--hours", "-1"], "--hours must be between 0 and 48; got -1.", "forecastly --help"),
        (["--lat", "1", "--lon", "1", "--timeout", "-5"], "--timeout must be between 1 and 120 seconds; got -5.", "forecastly --help"),
        (["--gps-timeout", "-1"], "--gps-timeout must be between 1 and 300 seconds; got -1.", "forecastly --help"),
        (["--lat", "1", "--lon", "1", "--timeout", "0.5"], "--timeout must be between 1 and 120 seconds; got 0.5.", "forecastly --help"),
        (["simulate", "--track", "x.gpx", "--speed", "1e10"], "--speed must be between 0.1 and 10000; got 10000000000.", "forecastly simulate play --help"),
        (["--lat", "1", "--lon", "1", "--max-age", "-5m"], "The value '-5m' is invalid for '--max-age <duration>'.", "forecastly --help"),
        (["--lat", "1", "--lon", "1", "--watch", "--interval", "-1m"], "The value '-1m' is invalid for '--interval <duration>'.", "forecastly --help"),
        (["notes", "list", "--limit", "-1"], "--limit must be 1 or more; got -1.", "forecastly notes list --help"),
        (["cities", "search", "ky", "--limit", "-2"], "--limit must be between 1 and 100; got -2.", "forecastly cities search --help"),
        // A command run through its default subcommand is pointed to that one's help, which lists the option.
        (["cities", "ky", "--limit", "0"], "--limit must be between 1 and 100; got 0.", "forecastly cities search --help"),
        (["sky", "Kyiv", "--days", "-3"], "--days must be between 1 and 16; got -3.", "forecastly sky --help"),
        (["--lat", "1", "--lon", "1", "--city"], "Missing value for '--city <name>'.", "forecastly --help"),
        // A subcommand's name as --city's value is a place, not the command run.
        (["--city", "compare", "--days", "99"], "--days must be between 1 and 16; got 99.", "forecastly --help"),
        // Another command's option is said as such, not as ArgumentParser's guess ("Did you mean '--lat'?").
        (["alerts", "--days", "3"], "Unknown option '--days'. 'forecastly alerts' does not take it; other commands do.", "forecastly alerts --help"),
        (["--svg", "x.svg"], "Unknown option '--svg'. 'forecastly' does not take it; 'forecastly chart' does.", "forecastly --help"),
        // The commands' own checks run before ArgumentParser reports an unknown
        // option; the option is still the mistake said (x.svg and 3 were read as PLACE).
        (["--lat", "1", "--lon", "2", "--svg", "x.svg"], "Unknown option '--svg'. 'forecastly' does not take it; 'forecastly chart' does.", "forecastly --help"),
        (["--lat", "1", "--lon", "2", "--hourz", "3"], "Unknown option '--hourz'. Did you mean '--hours'?", "forecastly --help"),
        (["location", "set", "Kyiv", "--nam", "Home"], "Unknown option '--nam'. Did you mean '--name'?", "forecastly location set --help"),
        // ArgumentParser's own words, as it says them (they are read back to be translated).
        (["--provider", "foo"], "The value 'foo' is invalid for '--provider <name>'. Please provide one of 'open-meteo', 'met-norway' or 'openweather'.", "forecastly --help"),
        (["Kyiv", "Lviv", "x"], "2 unexpected arguments: 'Lviv', 'x'.", "forecastly --help"),
        (["cities", "search"], "Missing expected argument '<prefix>'.", "forecastly cities search --help"),
    ])
    func negativeNumbersReachTheRangeCheck(arguments: [String], message: String, help: String) async throws {
        let result = try await CLI.run(arguments)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "forecastly: \(message) See '\(help)'.\n")
    }

    /// "50.45 30.52" is coordinates typed without the comma: refused with
    /// how to write them, and never sent to the geocoder as a name.
    @Test(arguments: [["50.45 30.52"], ["--city", "50.45"], ["--", "-33.9"]])
    func aDecimalNumberIsNoPlaceName(arguments: [String]) async throws {
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let result = try await CLI.run(arguments, server: server, environment: ["FORECASTLY_GEOCODING_URL": server.baseURL])
            #expect(result.status == 64 && result.stdout.isEmpty)
            #expect(result.stderr.contains("looks like coordinates, not a place name. Write them as LAT,LON, such as 50.45,30.52"), "\(result.stderr)")
            #expect(server.requestCount == 0)
        }
    }

    /// `forecastly --lang de sky`: options before a command's name make the
    /// name the forecast's place; it is refused, not forecast for a place
    /// called "sky", in the user's language, with nothing asked.
    @Test(arguments: ["sky", "compare", "forecast", "help"])
    func aCommandsNameAfterOptionsIsRefusedAsAPlace(command: String) async throws {
        let result = try await CLI.run(["--days", "3", command])
        #expect(result.status == 64 && result.stdout.isEmpty)
        #expect(result.stderr == "forecastly: “\(command)” is a command: put it first ('forecastly \(command) …'), or use --city for a place of that name. See 'forecastly --help'.\n",
                "\(result.stderr)")
        // Words after it do not hide it ("2 unexpected arguments" would).
        let followed = try await CLI.run(["--days", "3", command, "Kyiv", "Lviv"])
        #expect(followed.status == 64 && followed.stderr.hasPrefix("forecastly: “\(command)” is a command"), "\(followed.stderr)")
        let german = try await CLI.run(["--days", "3", command], environment: ["LANGUAGE": "de"])
        #expect(german.stderr.hasPrefix("forecastly: „\(command)“ ist ein Befehl"), "\(german.stderr)")
    }

    /// The commands that show one place refuse two, naming themselves, in
    /// the user's language; nothing is asked.
    @Test(arguments: [
        ("sky", "'sky' shows one place; give --city once."),
        ("alerts", "'alerts' shows one place; give --city once."),
        ("chart", "'chart' shows one place; give --city once."),
    ])
    func aOnePlaceCommandRefusesTwo(command: String, message: String) async throws {
        let extra = command == "chart" ? ["--svg", "-"] : []
        let english = try await CLI.run([command, "--city", "Kyiv", "--city", "Oslo"] + extra)
        #expect(english.status == 64 && english.stdout.isEmpty)
        #expect(english.stderr == "forecastly: \(message) See 'forecastly \(command) --help'.\n", "\(english.stderr)")
        let german = try await CLI.run([command, "--city", "Kyiv", "--city", "Oslo"] + extra, environment: ["LANGUAGE": "de"])
        #expect(german.status == 64)
        #expect(german.stderr.hasPrefix("forecastly: '\(command)' zeigt einen Ort; geben Sie --city nur einmal an."), "\(german.stderr)")
        let twice = try await CLI.run([command, "Kyiv", "--city", "Oslo"] + extra)
        #expect(twice.status == 64 && twice.stderr.hasPrefix("forecastly: Give the place once"), "\(twice.stderr)")
    }

    @Test func insecureServerURLIsRefusedBeforeSending() async throws {
        let result = try await CLI.run(Self.kyiv, environment: ["FORECASTLY_OPEN_METEO_URL": "http://weather.example.org"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("not HTTPS"))
        #expect(result.stderrLines.count == 1)
    }

    struct Fault: Sendable, CustomTestStringConvertible {
        var name: String
        var reply: StubHTTPServer.Reply
        var status: Int32
        var message: String
        var extra: [String] = []
        var testDescription: String { name }
    }

    static let faults: [Fault] = [
        Fault(name: "400 with reason", reply: .json(#"{"error":true,"reason":"No data is available for this location"}"#, status: 400),
              status: 65, message: "No data is available for this location"),
        Fault(name: "429", reply: .respond(status: 429, body: (try? Fixtures.bytes("open-meteo/error_429_daily_limit.json")) ?? []),
              status: 75, message: "Daily API request limit exceeded"),
        Fault(name: "500", reply: .json(#"{"error":true,"reason":"Something went wrong."}"#, status: 500), status: 69, message: "HTTP 500"),
        Fault(name: "HTML 502", reply: .respond(status: 502, headers: [("Content-Type", "text/html")], body: Array("<html><h1>502 Bad Gateway</h1></html>".utf8)),
              status: 69, message: "HTTP 502"),
        Fault(name: "truncated JSON", reply: .json(String(FullResponse.json(at: Date()).prefix(500))), status: 65, message: "not valid JSON"),
        Fault(name: "nan in JSON", reply: .file(Fixtures.url("open-meteo/edge_nan_not_covered_satellite.txt")), status: 65, message: "not valid JSON"),
        Fault(name: "wrong shape", reply: .json(#"{"results":[]}"#), status: 65, message: "latitude"),
        Fault(name: "no variables", reply: .file(Fixtures.url("open-meteo/forecast_no_variables_minimal.json")), status: 65, message: "no weather data"),
        Fault(name: "50 MB body", reply: .stream(status: 200, total: 50 << 20, declareLength: false), status: 65, message: "more than 8 MiB"),
        Fault(name: "never answers", reply: .hang, status: 75, message: "did not answer in time", extra: ["--timeout", "1"]),
        Fault(name: "closes at once", reply: .close, status: 69, message: "Cannot reach"),
    ]

    @Test(arguments: faults)
    func serverFaults(fault: Fault) async throws {
        try await StubHTTPServer.with(always: fault.reply) { server in
            let result = try await CLI.run(Self.kyiv + fault.extra, server: server)
            #expect(result.status == fault.status, "\(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderrLines.count == 1, "\(result.stderr)")
            #expect(result.stderr.contains(fault.message), "\(result.stderr)")
            #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("Stack"))
        }
    }

    @Test func aRefusedConnectionExits69WithOneLine() async throws {
        let result = try await CLI.run(Self.kyiv) // points at closed port 9
        #expect(result.status == 69)
        // MET Norway, which stands in for Open-Meteo, is at the same closed port: both are named.
        #expect(result.stderr == "forecastly: Cannot reach Open-Meteo at 127.0.0.1:9: 127.0.0.1:9 refused the connection. Asked instead: Cannot reach MET Norway at 127.0.0.1:9: 127.0.0.1:9 refused the connection. Check the network connection (or FORECASTLY_OPEN_METEO_URL) and try again.\n")
    }

    @Test func aboutNamesSourcesLicencesAndPaths() async throws {
        let result = try await CLI.run(["about"], environment: ["XDG_CONFIG_HOME": "/tmp/cfg"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Weather data by Open-Meteo.com (CC BY 4.0)"))
        #expect(result.stdout.contains("/tmp/cfg/forecastly"))
        #expect(result.stdout.contains("libgps API"))
        #expect(result.stdout.contains("forecastly itself: licence Apache-2.0 (the LICENSE file"))
        let license = try String(contentsOf: Fixtures.directory.appendingPathComponent("../../LICENSE"), encoding: .utf8)
        #expect(license.contains("Apache License") && license.contains("Version 2.0, January 2004"))
        #expect(result.stdout.range(of: #"Time-zone data 20[0-9]{2}[a-z]"#, options: .regularExpression) != nil)
    }

    @Test func helpListsExitCodesAndGoesToStdout() async throws {
        let result = try await CLI.run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Exit status"))
        #expect(result.stdout.contains("77  permission"))
        let forecastHelp = try await CLI.run(["forecast", "--help"])
        #expect(forecastHelp.stdout.contains("%S  sunrise"))
    }

    @Test func versionPrintsTheVersionAndExits0() async throws {
        let result = try await CLI.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.wholeMatch(of: /forecastly \d+\.\d+\.\d+\n/) != nil, "\(result.stdout)")
    }

    /// The place as the first word, as wego and wttr.in take it: a city, or LAT,LON.
    @Test(arguments: [(["Kyiv"], "Kyiv, UA", "50.45466"), (["Paris, FR"], "Paris, FR", "48.85341"), (["50.45,30.52"], "Kyiv, UA", "50.45")])
    func thePlaceCanBeTheFirstWord(place: [String], name: String, latitude: String) async throws {
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let result = try await CLI.run(place + ["--format", "%l"], server: server)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == "\(name)\n")
            #expect(server.requests.first?.query["latitude"] == latitude)
        }
    }

    /// A place south or west starts with a dash: written after "--" it is a place, and
    /// without it the error says so.
    @Test func aPlaceSouthOrWestIsWrittenAfterTwoDashes() async throws {
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let result = try await CLI.run(["--format", "%t", "--", "-33.9,18.4"], server: server)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(server.requests.first?.query["latitude"] == "-33.9")
        }
        let bare = try await CLI.run(["-33.9,18.4"])
        #expect(bare.status == 64)
        #expect(bare.stderr == "forecastly: Unknown option '-33.9,18.4'. A place south or west is written after --: forecastly -- -33.9,18.4 (or with --lat and --lon). See 'forecastly --help'.\n")
        // After "--" every word is the place's: an option there is said to belong before it.
        let late = try await CLI.run(["--", "-33.9,18.4", "--offline"])
        #expect(late.status == 64)
        #expect(late.stderr == "forecastly: Unexpected argument '--offline'. Everything after -- is the place: put --offline before the --. See 'forecastly --help'.\n")
        let lateSky = try await CLI.run(["sky", "--", "-33.9,18.4", "--days", "2"])
        #expect(lateSky.stderr == "forecastly: 2 unexpected arguments: '--days', '2'. Everything after -- is the place: put --days before the --. See 'forecastly sky --help'.\n")
        // A word that no option of the command is spelled like is not called one.
        #expect(try await CLI.run(["--", "-33.9,18.4", "--bogus"]).stderr == "forecastly: Unexpected argument '--bogus'. See 'forecastly --help'.\n")
    }

    @Test func aPlaceGivenTwiceIsRefusedAndASubcommandNameIsTheSubcommand() async throws {
        let twice = try await CLI.run(["Kyiv", "--city", "Lviv"])
        #expect(twice.status == 64)
        #expect(twice.stderr.contains("Give the place once"))
        let compare = try await CLI.run(["compare"])
        #expect(compare.status == 64)
        #expect(compare.stderr.contains("Name the places to compare"))
    }

    /// `forecastly --help` shows the options of the command it runs, not only --version and --help.
    @Test func rootHelpShowsTheForecastsUsageAndOptions() async throws {
        let help = try await CLI.run(["--help"]).stdout
        for part in ["USAGE: forecastly [<options>] [<place>]", "forecastly <subcommand>", "<place>", "--lat <degrees>", "--city <name>",
                     "--json", "--chart", "SUBCOMMANDS:", "Exit status", "forecastly 50.45,30.52"] {
            #expect(help.contains(part), "\(part)")
        }
    }

    /// Every line of the report fits the terminal (downtown Toronto's long
    /// place name made the first line 102 columns in a 100-column terminal;
    /// at 50, the coming days' rows ran off the edge with their conditions' names).
    /// Japanese is written without spaces: at 36 columns its sentences ran
    /// off the edge, unbroken, until `LineBreaks`.
    @Test(arguments: [(100, "en"), (72, "en"), (50, "en"), (40, "en"), (40, "pl"), (36, "ja"), (30, "ja")])
    func everyLineOfTheReportFitsTheWidth(columns: Int, language: String) async throws {
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let result = try await CLI.run(["--lat", "43.6532", "--lon", "-79.3832", "--no-color", "--lang", language], server: server,
                                           environment: ["COLUMNS": String(columns)])
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.count > 10)
            for line in lines { #expect(TextWidth.of(String(line)) <= columns, "\(TextWidth.of(String(line))): \(line)") }
        }
    }

    /// A misspelled option names the one that was probably meant.
    @Test(arguments: [("--lattitude", "--lat"), ("--longitude", "--lon"), ("--cty", "--city"), ("--provder", "--provider")])
    func aMisspelledOptionGetsASuggestion(typed: String, meant: String) async throws {
        let result = try await CLI.run([typed, "5"])
        #expect(result.status == 64)
        #expect(result.stderr == "forecastly: Unknown option '\(typed)'. Did you mean '\(meant)'? See 'forecastly --help'.\n")
    }

    /// A first word that names no place but is a letter or two from a
    /// subcommand was meant as the subcommand.
    @Test(arguments: [("compre", "compare"), ("alert", "alerts"), ("locaton", "location"), ("cties", "cities")])
    func aMistypedSubcommandGetsASuggestion(typed: String, meant: String) async throws {
        let result = try await CLI.run([typed])
        #expect(result.status == 64)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains("No command or place is called “\(typed)”. Did you mean 'forecastly \(meant)'?"), "\(result.stderr)")
    }

    /// A place whose name is near a subcommand's is still the place.
    @Test func aPlaceNearACommandsNameIsThePlace() async throws {
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            // "cachan" is two letters from "cache".
            #expect(CommandSuggestionProbe.isNear("Cachan", "cache"))
            let result = try await CLI.run(["Cachan", "--format", "%l"], server: server)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == "Cachan, FR\n")
        }
    }

    enum CommandSuggestionProbe {
        static func isNear(_ a: String, _ b: String) -> Bool {
            EditDistance.between(a.lowercased(), b, limit: 2) <= 2
        }
    }

    /// An option of another command is named as such, not suggested as itself.
    @Test func anotherCommandsOptionIsNamedAsSuch() async throws {
        let result = try await CLI.run(["about", "--oneline"])
        #expect(result.status == 64)
        #expect(result.stderr == "forecastly: Unknown option '--oneline'. 'forecastly about' does not take it; 'forecastly' and 'forecastly simulate' do. See 'forecastly about --help'.\n")
    }

    /// `help` with a command that does not exist is an error, not the root help.
    @Test(arguments: [["help", "nonexistent"], ["help", "location", "nonsuch"]])
    func helpForNoSuchCommandIsAUsageError(arguments: [String]) async throws {
        let result = try await CLI.run(arguments)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("forecastly: There is no command “\(arguments.last!)” to explain."))
        let real = try await CLI.run(["help", "location", "status"])
        #expect(real.status == 0 && real.stdout.contains("USAGE: forecastly location status"))
    }

    @Test func anOptionNothingLikeAnyOtherGetsNoSuggestion() async throws {
        let result = try await CLI.run(["--frobnicate"])
        #expect(result.status == 64)
        #expect(!result.stderr.contains("Did you mean"))
    }

    /// Enumerated values are taken in any case.
    @Test(arguments: ["Imperial", "IMPERIAL", "imperial"])
    func enumeratedValuesTakeAnyCase(units: String) async throws {
        try await StubHTTPServer.with(always: .json(FullResponse.json(at: Date()))) { server in
            let result = try await CLI.run(["--lat", "50.45", "--lon", "30.52", "--units", units, "--format", "%t"], server: server)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == "29°F\n")
        }
    }

    /// --ascii shapes the report; with a one-line or JSON output it would do nothing, so it is refused.
    @Test(arguments: [["--oneline"], ["--json"], ["--format", "%t"], ["--waybar"]])
    func asciiWithAnOutputThatIsNotTheReportIsRefused(output: [String]) async throws {
        let result = try await CLI.run(["--lat", "1", "--lon", "1", "--ascii"] + output)
        #expect(result.status == 64)
        #expect(result.stderr.contains("--ascii draws the report"))
    }

    /// Help says only what a command takes: chart, notes add and location
    /// set take one --city, and simulate's --source only what it simulates.
    @Test func helpTextFitsEachCommand() async throws {
        for command in [["chart"], ["notes", "add"], ["location", "set"]] {
            let help = try await CLI.run(command + ["--help"]).stdout
            #expect(!help.contains("several times"), "\(command)")
        }
        let simulate = try await CLI.run(["simulate", "--help"]).stdout
        let play = try await CLI.run(["simulate", "play", "--help"]).stdout
        let words = play.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("Which kind of source to simulate. (values: gpsd, geoclue, ip; default: gpsd)"))
        #expect(!play.contains("(default 1)"))
        #expect(simulate.contains("\n  forecastly simulate --scenario story.json\n"))
        #expect(try await CLI.run(["forecast", "--help"]).stdout.contains("Give --city several times"))
        // A default shown once, by ArgumentParser.
        let root = try await CLI.run(["--help"]).stdout
        #expect(root.contains("(default: 30m)") && !root.contains("(default 30m)"))
    }

    /// Each command's discussion is written in lines for an 80-column
    /// terminal (examples in columns, commands beside their meaning).
    /// ArgumentParser breaks a line of 80 or more there, with no indent,
    /// which reads well only for a paragraph written as one line; any other
    /// line is at most 79 columns. Read unbroken (COLUMNS=1000), every command,
    /// visited from the SUBCOMMANDS of each help.
    @Test func everyDiscussionFitsEightyColumns() async throws {
        var commands: [[String]] = [[]]
        var visited = 0
        while let command = commands.popLast() {
            visited += 1
            let help = try await CLI.run(command + ["--help"], environment: ["COLUMNS": "1000"]).stdout
            let lines = Self.discussion(help).components(separatedBy: "\n")
            for (index, line) in lines.enumerated() where line.count >= 80 {
                let alone = !line.hasPrefix(" ") && (index == 0 || lines[index - 1].isEmpty) && (index == lines.count - 1 || lines[index + 1].isEmpty)
                #expect(alone, "'forecastly \(command.joined(separator: " "))' --help breaks: \(line)")
            }
            let subcommands = help.components(separatedBy: "SUBCOMMANDS:\n").dropFirst().first ?? ""
            for match in subcommands.matches(of: /(?m)^  ([a-z]+)[ (]/) { commands.append(command + [String(match.output.1)]) }
        }
        #expect(visited >= 25, "the walk reaches every command")
    }

    /// A help's text between its overview and its usage.
    static func discussion(_ help: String) -> String {
        let afterOverview = help.components(separatedBy: "\n\n").dropFirst().joined(separator: "\n\n")
        return afterOverview.components(separatedBy: "USAGE:").first ?? ""
    }

    /// `-h` is short: the usage, the common options and the subcommands;
    /// `--help` has every option and the examples.
    @Test func dashHIsShortAndHelpIsWhole() async throws {
        let short = try await CLI.run(["-h"])
        let whole = try await CLI.run(["--help"])
        #expect(short.status == 0 && whole.status == 0)
        let shortLines = short.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let wholeLines = whole.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(shortLines.count < 70 && wholeLines.count > 150, "\(shortLines.count) and \(wholeLines.count)")
        for option in ["--city <name>", "--days <n>", "--oneline", "--json", "SUBCOMMANDS:", "'forecastly --help'"] {
            #expect(short.stdout.contains(option), "\(option)")
        }
        #expect(!short.stdout.contains("--gps-timeout") && whole.stdout.contains("--gps-timeout"))
        // Each option is worded as --help words it.
        let days = try #require(short.stdout.firstRange(of: "  --days <n>"))
        let entry = short.stdout[days.lowerBound...].prefix { $0 != "\n" }
        #expect(whole.stdout.contains(entry))
    }
}
