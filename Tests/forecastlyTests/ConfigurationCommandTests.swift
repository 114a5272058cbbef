import Foundation
import Testing
import TestSupport

/// config.toml, the environment and the locale, as a run uses them, and
/// `forecastly config` saying which decided each setting.
@Suite struct ConfigurationCommandTests {
    /// A HOME with `config.toml` holding `text`, made `mode`.
    static func home(config text: String?, mode: Int = 0o600) throws -> URL {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-config-\(UUID().uuidString)")
        let folder = home.appendingPathComponent(".config/forecastly")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if let text {
            let file = folder.appendingPathComponent("config.toml")
            try Data(text.utf8).write(to: file)
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
        }
        return home
    }

    static func withHome<T>(config text: String?, mode: Int = 0o600, _ body: (URL) async throws -> T) async throws -> T {
        let home = try home(config: text, mode: mode)
        defer { try? FileManager.default.removeItem(at: home) }
        return try await body(home)
    }

    @Test func theFilesDefaultsAreUsedAndFlagsWinOverThem() async throws {
        try await Self.withHome(config: "units = \"imperial\"\nplace = \"50.45,30.52\"\ndays = 2\nclock = \"12h\"\n") { home in
            try await StubHTTPServer.with(always: .json(FullResponse.json(at: Date()))) { server in
                let configured = try await CLI.run(["--format", "%l %S %t"], server: server, home: home)
                #expect(configured.status == 0, "\(configured.stderr)")
                // The place from the file needs no permission, as typed coordinates do; its time on a 12-hour clock.
                #expect(configured.stdout.wholeMatch(of: /.+ [0-9]{1,2}:[0-9]{2} (AM|PM) 29°F\n/) != nil, "\(configured.stdout)")
                let query = try #require(server.requests.first).query
                #expect(query["latitude"] == "50.45")
                #expect(query["forecast_days"] == "2")

                let flagged = try await CLI.run(["--lat", "1", "--lon", "2", "--units", "metric", "--days", "4", "--clock", "24h", "--format", "%S"],
                                                server: server, home: home)
                #expect(flagged.status == 0, "\(flagged.stderr)")
                #expect(flagged.stdout.wholeMatch(of: /[0-9]{2}:[0-9]{2}\n/) != nil, "\(flagged.stdout)")
                let second = try #require(server.requests.last).query
                #expect(second["latitude"].flatMap(Double.init) == 1)
                #expect(second["forecast_days"] == "4")
                #expect(second["temperature_unit"] == nil || second["temperature_unit"] == "celsius")
            }
        }
    }

    @Test func aBadFileStopsTheRunWithItsLine() async throws {
        try await Self.withHome(config: "units = \"metric\"\n\ndays = \"seven\"\n") { home in
            let result = try await CLI.run(["--lat", "1", "--lon", "2"], home: home)
            #expect(result.status == 78)
            #expect(result.stderrLines.count == 1)
            #expect(result.stderr.hasPrefix("forecastly: \(home.path)/.config/forecastly/config.toml line 3: days takes a whole number from 1 to 16; got “seven”."))
            #expect(result.stdout.isEmpty)
        }
    }

    /// What a key takes is said in the reader's language with the rest of
    /// the line ("days nimmt a whole number…" mixed two).
    @Test(arguments: [
        ("de_DE.UTF-8", "days = 99\n", "Zeile 1: days nimmt eine ganze Zahl von 1 bis 16; angegeben: 99."),
        ("de_DE.UTF-8", "clock = \"13h\"\n", "Zeile 1: clock nimmt \"24h\" oder \"12h\"; angegeben: “13h”."),
        ("ru_RU.UTF-8", "alerts = 3\n", "строка 1: alerts принимает true или false; получено 3."),
        ("ja_JP.UTF-8", "hours = 50\n", "1 行目: hours には 0 から 48 までの整数 を指定します。指定値: 50"),
        ("de_DE.UTF-8", "[table]\nx = 1\n", "Zeile 1: Das ist kein TOML (Einstellungen stehen nicht in Tabellen;"),
    ])
    func whatAKeyTakesIsSaidInTheReadersLanguage(locale: String, config: String, said: String) async throws {
        try await Self.withHome(config: config) { home in
            let result = try await CLI.run(["--lat", "1", "--lon", "2"], environment: ["LANG": locale], home: home)
            #expect(result.status == 78)
            #expect(result.stderrLines.count == 1 && result.stderr.contains(said), "\(result.stderr)")
        }
    }

    /// A variable with a wrong value stops the settings, not the language:
    /// the locale's (or --lang's) still says why.
    @Test(arguments: [
        (["LANG": "de_DE.UTF-8"], [String](), "forecastly: FORECASTLY_WIND_UNIT muss eines von kmh, ms, mph, knots, beaufort sein; angegeben: „furlongs“."),
        (["LANG": "C.UTF-8"], ["--lang", "ja"], "forecastly: FORECASTLY_WIND_UNIT は kmh, ms, mph, knots, beaufort のいずれかです。指定値:「furlongs」。 "),
    ])
    func aWrongVariableIsSaidInTheReadersLanguage(environment: [String: String], flags: [String], said: String) async throws {
        try await Self.withHome(config: nil) { home in
            let result = try await CLI.run(["--lat", "1", "--lon", "2"] + flags, environment: environment.merging(["FORECASTLY_WIND_UNIT": "furlongs"]) { $1 }, home: home)
            #expect(result.status == 64)
            #expect(result.stderrLines.count == 1 && result.stderr.hasPrefix(said), "\(result.stderr)")
        }
    }

    /// One wrong line is "it", as several are "them".
    @Test func configNamesOneWrongLine() async throws {
        try await Self.withHome(config: "days = 0\n") { home in
            let result = try await CLI.run(["config"], home: home)
            #expect(result.status == 78)
            let file = "\(home.path)/.config/forecastly/config.toml"
            #expect(result.stderrLines == ["forecastly: \(file) has a line forecastly cannot use, marked with ! above; fix or remove it."])
        }
    }

    /// `forecastly config` with a wrong file shows the settings the rest of
    /// it gives and marks each wrong line; it still ends 78.
    @Test func configShowsAWrongFileAndMarksItsLines() async throws {
        try await Self.withHome(config: "units = \"imperial\"\n\ndays = \"seven\"\n[table]\nhours = 12\n") { home in
            let result = try await CLI.run(["config"], home: home)
            #expect(result.status == 78)
            let file = "\(home.path)/.config/forecastly/config.toml"
            #expect(result.stdout.contains("  units           imperial                    \(file) line 1\n"), "\(result.stdout)")
            #expect(result.stdout.contains("    wind          mph                         \(file) line 1\n"), "\(result.stdout)")
            #expect(result.stdout.contains("  hours           12                          \(file) line 5\n"))
            #expect(result.stdout.contains("  days            7                           built-in default\n"))
            #expect(result.stdout.contains("  ! line 3: days takes a whole number from 1 to 16; got “seven”\n"))
            #expect(result.stdout.contains("  ! line 4: this is not TOML (settings are not in tables"))
            #expect(result.stderrLines == ["forecastly: \(file) has lines forecastly cannot use, marked with ! above (2); fix or remove them."])
        }
    }

    /// The same in the user's language: all but the settings' names, which
    /// are the file's words, and the example file, which is one to copy.
    @Test func configInTheLanguage() async throws {
        try await Self.withHome(config: "units = \"imperial\"\n\ndays = \"seven\"\n") { home in
            let result = try await CLI.run(["config"], environment: ["LANG": "de_DE.UTF-8"], home: home)
            #expect(result.status == 78)
            let file = "\(home.path)/.config/forecastly/config.toml"
            #expect(result.stdout.hasPrefix("Einstellungen (eine Option geht vor der Umgebung, diese vor der Datei, dann kommt die Locale):\n"), "\(result.stdout)")
            #expect(result.stdout.contains("  units           imperial                    \(file) Zeile 1\n"), "\(result.stdout)")
            #expect(result.stdout.contains("  days            7                           eingebauter Standard\n"), "\(result.stdout)")
            #expect(result.stdout.contains("  place           wo Sie sind (geortet)\n"), "\(result.stdout)")
            #expect(result.stdout.contains("  ! Zeile 3: days nimmt eine ganze Zahl von 1 bis 16; angegeben: “seven”\n"), "\(result.stdout)")
            #expect(result.stderrLines == ["forecastly: \(file) hat eine Zeile, die forecastly nicht verwenden kann, oben mit ! markiert; korrigieren oder entfernen Sie sie."],
                    "\(result.stderr)")
        }
        try await Self.withHome(config: nil) { home in
            let result = try await CLI.run(["config"], environment: ["LANG": "uk_UA.UTF-8"], home: home)
            #expect(result.status == 0)
            #expect(result.stdout.contains("Файл: \(home.path)/.config/forecastly/config.toml (його немає; щоб створити, почніть із цього:)\n  # forecastly's defaults;"),
                    "\(result.stdout)")
            #expect(result.stdout.contains("  alerts          показується                 вбудоване типове значення\n"), "\(result.stdout)")
        }
    }

    /// A place in the file that nothing knows is the file's mistake: its line is named.
    @Test func anUnknownConfiguredPlaceNamesTheFilesLine() async throws {
        try await Self.withHome(config: "days = 3\nplace = \"Atlantiss\"\n") { home in
            let empty = try Fixtures.text("open-meteo/geocoding_no_results.json")
            try await StubHTTPServer.with(handler: FullResponse.handler(geocoding: empty)) { server in
                let result = try await CLI.run([], server: server, home: home)
                #expect(result.status == 78)
                #expect(result.stderrLines.count == 1)
                #expect(result.stderr.contains("No place called “Atlantiss” is known. It is the place in \(home.path)/.config/forecastly/config.toml line 2."),
                        "\(result.stderr)")
                #expect(result.stderr.contains("Did you mean Atlantis, ZA?"))
            }
        }
    }

    /// A place the user chose in the file is not explained as ambiguous on every run.
    @Test func aConfiguredNameIsNotNotedAsAmbiguous() async throws {
        try await Self.withHome(config: "place = \"Springfield\"\n") { home in
            try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
                let result = try await CLI.run(["--format", "%l"], server: server, home: home)
                #expect(result.status == 0, "\(result.stderr)")
                #expect(result.stdout == "Springfield, MO, US\n")
                #expect(result.stderr.isEmpty)
            }
        }
    }

    @Test func aKeyInAFileOthersCanReadIsNotUsed() async throws {
        try await Self.withHome(config: "provider = \"openweather\"\nopenweather-api-key = \"abc123\"\n", mode: 0o644) { home in
            let result = try await CLI.run(["--lat", "1", "--lon", "2"], home: home)
            #expect(result.status == 78)
            #expect(result.stderr.contains("line 2: openweather-api-key is a secret, but other users can read the file (mode 644)"))
            #expect(result.stderr.hasSuffix("chmod 600 \(home.path)/.config/forecastly/config.toml\n"))
            #expect(!result.stderr.contains("abc123"))
        }
    }

    @Test func configSaysWhereEachSettingComesFrom() async throws {
        try await Self.withHome(config: "provider = \"met-norway\"\nhours = 12\nextras-wait = 4\n") { home in
            // An empty variable is no setting: the runner's own wait is left out.
            let result = try await CLI.run(["config"], environment: ["LANG": "en_US.UTF-8", "FORECASTLY_UNITS": "metric", CLI.extrasWait.key: ""], home: home)
            #expect(result.status == 0, "\(result.stderr)")
            let file = "\(home.path)/.config/forecastly/config.toml"
            let rows = Dictionary(uniqueKeysWithValues: result.stdout.split(separator: "\n").compactMap { line -> (String, String)? in
                let words = line.split(separator: " ", maxSplits: 1)
                return words.count == 2 && line.hasPrefix("  ") ? (String(words[0]), words[1].trimmingCharacters(in: .whitespaces)) : nil
            })
            #expect(rows["units"]?.hasSuffix("environment FORECASTLY_UNITS") == true, "\(rows)")
            #expect(rows["provider"] == "met-norway                  \(file) line 1")
            #expect(rows["hours"]?.hasSuffix("\(file) line 2") == true)
            #expect(rows["days"]?.hasSuffix("built-in default") == true)
            #expect(rows["clock"]?.hasSuffix("locale LANG=en_US.UTF-8") == true)
            #expect(rows["clock"]?.hasPrefix("12h") == true)
            #expect(result.stdout.contains("  extras wait     4 s                         \(file) line 3\n"), "\(result.stdout)")
            #expect(result.stdout.contains("File: \(file)\n"))
        }
        try await Self.withHome(config: nil) { home in
            let result = try await CLI.run(["config"], home: home)
            #expect(result.status == 0)
            #expect(result.stdout.contains("(there is none; to make one, start from this:)"))
            #expect(result.stdout.contains("  # units = \"imperial\""))
            let path = try await CLI.run(["config", "--path"], home: home)
            #expect(path.stdout == "\(home.path)/.config/forecastly/config.toml\n")
        }
    }

    @Test func theLocaleChoosesUnitsAndClockWhenNothingElseDoes() async throws {
        try await StubHTTPServer.with(always: .json(FullResponse.json(at: Date()))) { server in
            let result = try await CLI.run(["--lat", "1", "--lon", "2", "--format", "%S %t %P"], server: server,
                                           environment: ["LANG": "C.UTF-8", "LC_MEASUREMENT": "en_US.UTF-8", "LC_TIME": "en_US.UTF-8"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.hasSuffix("M 29°F 29.89 inHg ↘\n"), "\(result.stdout)")  // AM or PM
            // National practice: Russia's mmHg and m/s.
            let russian = try await CLI.run(["--lat", "1", "--lon", "2", "--format", "%w %P"], server: server,
                                            environment: ["LANG": "ru_RU.UTF-8"])
            #expect(russian.stdout == "4 м/с СЗ 759 мм рт. ст. ↘\n", "\(russian.stdout)")  // in Russian: the units, the compass
        }
    }

    @Test func aKeyOnTheCommandLineGetsAWarning() async throws {
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let result = try await CLI.run(["--lat", "1", "--lon", "2", "--api-key", "k3y", "--oneline"], server: server)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderrLines.count == 1)
            #expect(result.stderr.contains("--api-key can be read by other users in ps and stays in your shell's history; set FORECASTLY_OPEN_METEO_API_KEY"))
        }
    }

    /// A locale that is not UTF-8 gets ASCII everywhere it reads text, and
    /// `--ascii` asks for the same report on any terminal.
    @Test(arguments: [
        (["--lat", "1", "--lon", "2"], ["LC_ALL": "C"]),
        (["--lat", "1", "--lon", "2", "--ascii"], [:]),
        (["--lat", "1", "--lon", "2", "--chart"], ["LANG": "POSIX"]),
        (["--lat", "1", "--lon", "2", "--oneline"], ["LC_ALL": "C"]),
        (["--lat", "1", "--lon", "2", "--format", "%l %c %t %S %a"], ["LC_ALL": "C"]),
    ] as [([String], [String: String])])
    func theReportFollowsTheLocalesCharacters(arguments: [String], environment: [String: String]) async throws {
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let result = try await CLI.run(arguments, server: server, environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(!result.stdout.isEmpty)
            let foreign = result.stdout.unicodeScalars.filter { !$0.isASCII }
            #expect(foreign.isEmpty, "\(String(String.UnicodeScalarView(foreign)))")
            if !arguments.contains("--oneline"), !arguments.contains("--format") {
                #expect(result.stdout.contains("Now    "))
                #expect(result.stdout.contains("C (feels like"))  // "-1C", not "-1°C"
                #expect(result.stdout.contains(" | "))
            }
        }
    }
}
