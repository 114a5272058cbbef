import Foundation
import Testing
import TestSupport

/// The language of a run, as Linux programs choose it, then `lang` in
/// config.toml and `--lang` over it.
@Suite struct LanguageCommandTests {
    static let kyiv = ["--lat", "50.45", "--lon", "30.52", "--format", "%C, %w, %M"]

    static func run(_ arguments: [String], environment: [String: String], home: URL? = nil) async throws -> CLIResult {
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            try await CLI.run(arguments, server: server, environment: environment, home: home)
        }
    }

    @Test(arguments: [
        (["LANG": "de_DE.UTF-8"], "Leichter Schneefall, 15 km/h NW"),
        (["LANG": "en_US.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"], "Neige faible, 9 mi/h NO"),  // the US's units, French words
        (["LANG": "de_DE.UTF-8", "LANGUAGE": "sv:uk"], "Невеликий сніг, 15 км/год ПнЗх"),
        (["LANG": "sv_SE.UTF-8"], "Slight snow fall, 4 m/s NW"),  // no Swedish catalog; Sweden's m/s
        (["LANG": "C.UTF-8"], "Slight snow fall, 15 km/h NW"),
    ] as [([String: String], String)])
    func theLocaleChoosesTheLanguage(environment: [String: String], start: String) async throws {
        let result = try await Self.run(Self.kyiv, environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix(start + ", "), "\(result.stdout)")
    }

    @Test func theFileOverTheLocaleAndTheFlagOverBoth() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-lang-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let directory = home.appendingPathComponent(".config/forecastly")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("lang = \"ja\"\n".utf8).write(to: directory.appendingPathComponent("config.toml"))
        let file = try await Self.run(Self.kyiv, environment: ["LANG": "de_DE.UTF-8"], home: home)
        #expect(file.stdout.hasPrefix("小雪, 15 km/h 北西, "), "\(file.stdout) \(file.stderr)")
        let flag = try await Self.run(Self.kyiv + ["--lang", "it"], environment: ["LANG": "de_DE.UTF-8"], home: home)
        #expect(flag.stdout.hasPrefix("Neve debole, 15 km/h NO, "), "\(flag.stdout) \(flag.stderr)")
        let config = try await CLI.run(["config"], environment: ["LANG": "de_DE.UTF-8"], home: home)
        // `config` itself speaks the file's language.
        #expect(config.stdout.contains("  language        ja                          \(directory.path)/config.toml の 1 行目\n"), "\(config.stdout)")
    }

    /// A point named by the nearest city: "near" is a word of the reader's
    /// language, in the report, a line, Waybar's tooltip and `sky`, from the
    /// network and from the store alike, the distance in the reader's unit;
    /// JSON keeps English, as it keeps the weather's descriptions.
    @Test func nearTheCityInTheReadersLanguage() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-lang-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let point = ["--lat", "45.59", "--lon", "17.22"]
        let german = ["LANG": "de_DE.UTF-8"]
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let fetched = try await CLI.run(point, server: server, environment: german, home: home)
            #expect(fetched.status == 0, "\(fetched.stderr)")
            #expect(fetched.stdout.hasPrefix("bei Bjelovar, HR (45 km) · "), "\(fetched.stdout)")
            let stored = try await CLI.run(point, server: server, environment: german, home: home)
            #expect(stored.stdout.contains("Gespeichert vor "), "\(stored.stdout)")
            #expect(stored.stdout.hasPrefix("bei Bjelovar, HR (45 km) · "), "\(stored.stdout)")
            let line = try await CLI.run(point + ["--format", "%l", "--lang", "fr"], server: server, environment: german, home: home)
            #expect(line.stdout == "près de Bjelovar, HR (45 km)\n", "\(line.stdout)")
            let waybar = try await CLI.run(point + ["--waybar"], server: server, environment: german, home: home)
            #expect(waybar.stdout.contains(#""tooltip":"bei Bjelovar, HR (45 km)\n"#), "\(waybar.stdout)")
            // The distance in the reader's unit, its number as the locale writes it.
            let miles = try await CLI.run(point + ["--format", "%l", "--units", "imperial"], server: server, environment: ["LANG": "en_US.UTF-8"], home: home)
            #expect(miles.stdout == "near Bjelovar, HR (28 mi)\n", "\(miles.stdout)")
            let russian = try await CLI.run(point + ["--format", "%l", "--lang", "ru"], server: server, environment: german, home: home)
            #expect(russian.stdout == "рядом: Bjelovar, HR (45 км)\n", "\(russian.stdout)")
            let json = try await CLI.run(point + ["--json", "--units", "imperial"], server: server, environment: german, home: home)
            let root = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            // English words, in the units the document's values are in.
            #expect((root["location"] as? [String: Any])?["name"] as? String == "near Bjelovar, HR (28 mi)")
        }
        let sky = try await CLI.run(["sky", "--days", "1"] + point, environment: ["LANG": "ja_JP.UTF-8"], home: home)
        #expect(sky.stdout.hasPrefix("Bjelovar, HR 付近 (45 km) · "), "\(sky.stdout)")
    }

    /// The whole report: the next two hours, the air, the stored forecast's age, the tables.
    @Test func theReportInGerman() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-lang-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let first = try await CLI.run(["--lat", "50.45", "--lon", "30.52"], server: server, environment: ["LANG": "de_DE.UTF-8"], home: home)
            #expect(first.status == 0, "\(first.stderr)")
            for text in ["Jetzt  ⛄ Leichter Schneefall, -1°C (gefühlt -6°C)", "Gleich Regen in etwa", "Luft   Mittelmäßig (EAQI 38)",
                         "Pollen: Gräser mäßig", "Nächste Stunden", "Kommende Tage", "Niederschlag 0,0 mm"] {
                #expect(first.stdout.contains(text), "\(text)\n\(first.stdout)")
            }
            let second = try await CLI.run(["--lat", "50.45", "--lon", "30.52"], server: server, environment: ["LANG": "de_DE.UTF-8"], home: home)
            #expect(second.stdout.contains("Gespeichert vor ") && second.stdout.contains("abgerufen (aktuell genug; --refresh ruft neu ab)"), "\(second.stdout)")
            let compare = try await CLI.run(["compare", "Kyiv, Lviv"], server: server, environment: ["LANG": "de_DE.UTF-8"], home: home)
            #expect(compare.stdout.hasPrefix("Ort "), "\(compare.stdout)")
            #expect(compare.stdout.contains("Leichter Schneefall"))
        }
    }

    /// Notes and the location commands speak the language too.
    @Test func notesAndLocationInTheLanguage() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-lang-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let french = ["LANG": "fr_FR.UTF-8"]
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let added = try await CLI.run(["notes", "add", "promenade", "--lat", "50.45", "--lon", "30.52"], server: server, environment: french, home: home)
            #expect(added.status == 0, "\(added.stderr)")
            #expect(added.stdout.hasPrefix("Enregistrée : #1 "), "\(added.stdout)")
            // Out in the fields, the place is a town near: the store keeps it in English, the reader reads French.
            let fields = try await CLI.run(["notes", "add", "champ", "--lat", "51.3", "--lon", "31.9"], server: server, environment: french, home: home)
            #expect(fields.status == 0, "\(fields.stderr)")
            #expect(fields.stdout.contains(" près de "), "\(fields.stdout)")
            let listed = try await CLI.run(["notes", "list"], environment: french, home: home)
            #expect(listed.stdout.contains(" près de ") && !listed.stdout.contains("near "), "\(listed.stdout)")
            let english = try await CLI.run(["notes", "show", "2"], environment: ["LANG": "en_US.UTF-8"], home: home)
            #expect(english.stdout.contains("near ") && english.stdout.contains(" mi)"), "\(english.stdout)")
        }
        let shown = try await CLI.run(["notes", "show", "1"], environment: french, home: home)
        #expect(shown.stdout.contains("Note      #1\n") && shown.stdout.contains("Temps     ⛄ Neige faible, -1°C"), "\(shown.stdout)")
        let status = try await CLI.run(["location", "status"], environment: ["LANG": "de_DE.UTF-8", "COLUMNS": "1000"], home: home)
        #expect(status.stdout.hasPrefix("Erlaubnis     nicht entschieden (forecastly fragt beim nächsten Lauf in einem Terminal)\n"), "\(status.stdout)")
        let denied = try await CLI.run(["location", "deny"], environment: ["LANG": "de_DE.UTF-8"], home: home)
        #expect(denied.stdout == "Standorterlaubnis: verweigert. Eingegebene Koordinaten und der gespeicherte Ort funktionieren weiterhin.\n", "\(denied.stdout)")
    }

    /// The errors met every day say themselves in the language: no network, a permission denied.
    @Test func errorsInTheLanguage() async throws {
        let offline = try await CLI.run(["--lat", "50.45", "--lon", "30.52", "--no-fallback"], environment: ["LANG": "de_DE.UTF-8"])
        #expect(offline.status == 69, "\(offline.stderr)")
        #expect(offline.stderrLines.count == 1)
        #expect(offline.stderr.hasPrefix("forecastly: Open-Meteo unter 127.0.0.1:9 ist nicht erreichbar: 127.0.0.1:9 hat die Verbindung abgelehnt. "), "\(offline.stderr)")
        #expect(offline.stderr.contains(" Prüfen Sie die Netzwerkverbindung (oder FORECASTLY_OPEN_METEO_URL) und versuchen Sie es erneut.\n"))
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-lang-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        _ = try await CLI.run(["location", "deny"], home: home)
        let denied = try await CLI.run([], environment: ["LANG": "fr_FR.UTF-8"], home: home)
        #expect(denied.status == 77)
        #expect(denied.stderr == "forecastly: L'autorisation de localisation est refusée. Autorisez-la avec 'forecastly location allow', ou indiquez --lat/--lon.\n",
                "\(denied.stderr)")
        let typo = try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            try await CLI.run(["--city", "Kyyiv"], server: server, environment: ["LANG": "de_DE.UTF-8", "FORECASTLY_GEOCODING_URL": server.baseURL])
        }
        #expect(typo.status == 64)
        #expect(typo.stderr == "forecastly: Ein Ort namens „Kyyiv“ ist nicht bekannt. Meinten Sie Kyiv, UA?\n", "\(typo.stderr)")
        // English is unchanged.
        let english = try await CLI.run([], home: home)
        #expect(english.stderr == "forecastly: Location permission is denied. Allow it with 'forecastly location allow', or give --lat/--lon.\n")
    }

    /// The notes met every day: a name with namesakes, a stored forecast shown when the service is down.
    @Test func notesInTheLanguage() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-lang-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let german = ["LANG": "de_DE.UTF-8"]
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let named = try await CLI.run(["--city", "Springfield", "--format", "%l"], server: server, environment: german, home: home)
            #expect(named.status == 0, "\(named.stderr)")
            #expect(named.stderr.hasPrefix("forecastly: note: „Springfield“ ist Springfield, MO, US; gemeint sein könnte auch Springfield, MA, US;"),
                    "\(named.stderr)")
            #expect(named.stderr.hasSuffix("Fügen Sie ein Land oder einen Bundesstaat hinzu („Springfield, XX“), um einen anderen zu wählen.\n"))
        }
        let stale = try await CLI.run(["--city", "Springfield, MO", "--refresh", "--format", "%l", "--no-fallback"], environment: german, home: home)
        #expect(stale.status == 0, "\(stale.stderr)")
        #expect(stale.stderr.contains("forecastly: warning: Open-Meteo unter 127.0.0.1:9 ist nicht erreichbar: ") && stale.stderr.contains(" Angezeigt wird die vor "),
                "\(stale.stderr)")
    }

    @Test func anUnknownLanguageIsAUsageError() async throws {
        let result = try await CLI.run(Self.kyiv + ["--lang", "tlh"])
        #expect(result.status == 64)
        #expect(result.stderr == "forecastly: The value 'tlh' is invalid for '--lang <language>'. Please provide one of the following: "
            + "en, de, es, fr, it, ja, nl, pl, pt, ru, uk. See 'forecastly --help'.\n", "\(result.stderr)")
    }

    /// The rest of the errors say themselves in the language too: the
    /// options' own checks, gpsd, the configuration file, a file to write.
    @Test func everyKindOfErrorInTheLanguage() async throws {
        let mistake = try await CLI.run(["--hours", "99", "Kyiv"], environment: ["LANG": "de_DE.UTF-8"])
        #expect(mistake.status == 64)
        #expect(mistake.stderr == "forecastly: --hours muss zwischen 0 und 48 liegen; angegeben: 99. Siehe 'forecastly --help'.\n", "\(mistake.stderr)")
        let latitude = try await CLI.run(["--lat", "95", "--lon", "0"], environment: ["LANGUAGE": "uk", "LANG": "en_US.UTF-8"])
        #expect(latitude.stderr == "forecastly: Широта має бути від -90 до 90; отримано 95. Див. 'forecastly --help'.\n", "\(latitude.stderr)")

        let home = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-lang-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        _ = try await CLI.run(["location", "allow"], home: home)
        let gpsd = try await CLI.run(["--source", "gpsd", "--gpsd", "127.0.0.1:9"], environment: ["LANG": "fr_FR.UTF-8"], home: home)
        #expect(gpsd.status == 69, "\(gpsd.stderr)")
        #expect(gpsd.stderr == "forecastly: gpsd ne tourne pas sur 127.0.0.1:9. Démarrez-le (sudo systemctl start gpsd), utilisez --gpsd HÔTE:PORT, ou --source ip.\n",
                "\(gpsd.stderr)")

        let directory = home.appendingPathComponent(".config/forecastly")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("days = \"many\"\n".utf8).write(to: directory.appendingPathComponent("config.toml"))
        let config = try await CLI.run(Self.kyiv, environment: ["LANG": "ja_JP.UTF-8"], home: home)
        #expect(config.status == 78)
        #expect(config.stderr.hasPrefix("forecastly: \(directory.path)/config.toml 1 行目: days には "), "\(config.stderr)")
        #expect(config.stderr.hasSuffix("行を直すか削除してください。各設定に指定できる値は 'forecastly config' にあります。\n"), "\(config.stderr)")
        try FileManager.default.removeItem(at: directory.appendingPathComponent("config.toml"))

        let chart = try await Self.run(["chart", "--lat", "50.45", "--lon", "30.52", "--svg", home.path], environment: ["LANG": "es_ES.UTF-8"], home: home)
        #expect(chart.status == 73)
        #expect(chart.stderr == "forecastly: “\(home.path)” es un directorio, no un archivo; forecastly solo escribe en archivos. Indique un archivo (o - para la salida estándar).\n",
                "\(chart.stderr)")
        // --lang chooses the language of the run's errors and notes too.
        let flagged = try await CLI.run(["--lat", "50.45", "--lon", "30.52", "--no-fallback", "--lang", "fr", "--api-key", "k3y"])
        #expect(flagged.status == 69, "\(flagged.stderr)")
        #expect(flagged.stderrLines.first?.hasPrefix("forecastly: note: une clé donnée avec --api-key est lisible par les autres utilisateurs") == true,
                "\(flagged.stderr)")
        #expect(flagged.stderrLines.last?.hasPrefix("forecastly: Impossible de joindre Open-Meteo") == true, "\(flagged.stderr)")
        #expect(!flagged.stderr.contains("k3y"))
        // A Japanese sentence ends with "。", and no "." is added after it.
        let japanese = try await CLI.run(["--days", "40"], environment: ["LANG": "ja_JP.UTF-8"])
        #expect(japanese.status == 64)
        #expect(japanese.stderr == "forecastly: --days は 1 から 16 の間です。指定値: 40。 'forecastly --help' を参照してください。\n", "\(japanese.stderr)")
        // English is unchanged.
        let english = try await CLI.run(["--hours", "99", "Kyiv"])
        #expect(english.stderr == "forecastly: --hours must be between 0 and 48; got 99. See 'forecastly --help'.\n", "\(english.stderr)")
    }

    /// The commands that look after forecastly's files answer in the language too.
    @Test func cacheAndCitiesInTheLanguage() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-lang-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let status = try await CLI.run(["cache", "status"], environment: ["LANG": "de_DE.UTF-8"], home: home)
        #expect(status.status == 0, "\(status.stderr)")
        #expect(status.stdout.hasPrefix("Datenbank    "), "\(status.stdout)")
        #expect(status.stdout.contains("\nVorhersagen  0\nOrte         0\nNeueste      –\n"), "\(status.stdout)")
        let cleared = try await CLI.run(["cache", "clear"], environment: ["LANG": "ja_JP.UTF-8"], home: home)
        #expect(cleared.stdout == "削除した保存済みの予報: 0。\n", "\(cleared.stdout)")
        let bundled = try await CLI.run(["cities", "reset"], environment: ["LANG": "fr_FR.UTF-8"], home: home)
        #expect(bundled.stdout == "Les lieux fournis sont utilisés (GeoNames, 15 000 habitants ou plus).\n", "\(bundled.stdout)")
    }

    /// ArgumentParser words its mistakes in English only; they are said in
    /// the language too, with forecastly's hints after them. (English stays
    /// ArgumentParser's own: the English lines are checked where each mistake is.)
    @Test(arguments: [
        (["--dayz", "3"], "Unbekannte Option '--dayz'. Meinten Sie '--days'? Siehe 'forecastly --help'."),
        (["--days"], "Für '--days <n>' fehlt der Wert. Siehe 'forecastly --help'."),
        (["--provider", "foo"], "Der Wert 'foo' ist für '--provider <name>' ungültig. Geben Sie 'open-meteo', 'met-norway' oder 'openweather' an. Siehe 'forecastly --help'."),
        (["alerts", "--chart"], "Unbekannte Option '--chart'. 'forecastly alerts' nimmt sie nicht an; 'forecastly' und 'forecastly simulate' schon. Siehe 'forecastly alerts --help'."),
        (["--", "50,30", "--offline"], "Unerwartetes Argument '--offline'. Alles nach -- ist der Ort: Stellen Sie --offline vor das --. Siehe 'forecastly --help'."),
        (["cities", "search"], "Das erwartete Argument '<prefix>' fehlt. Siehe 'forecastly cities search --help'."),
    ])
    func theParsersMistakesInTheLanguage(arguments: [String], line: String) async throws {
        let german = try await CLI.run(arguments, environment: ["LANG": "de_DE.UTF-8"])
        #expect(german.status == 64)
        #expect(german.stderr == "forecastly: " + line + "\n")
    }

    /// `--lang` counts for the mistakes in the options beside it, though a
    /// command's checks run before its settings are resolved; and for
    /// ArgumentParser's own, whatever the locale says.
    @Test(arguments: [
        (["--lang", "de", "--days", "20"], "--days muss zwischen 1 und 16 liegen; angegeben: 20. Siehe 'forecastly --help'."),
        (["--lat", "91", "--lang=ja", "--lon", "2"], "緯度は -90 から 90 の間です。指定値: 91。 'forecastly --help' を参照してください。"),
        (["simulate", "--lang", "uk", "--authorization", "denied", "--fix", "95,3"],
         "Широта має бути від -90 до 90; отримано 95. Див. 'forecastly simulate play --help'."),
        (["sky", "--lang", "fr", "--dayz", "2"], "Option inconnue '--dayz'. Vouliez-vous dire '--days' ? Voir 'forecastly sky --help'."),
    ])
    func theTypedLanguageSaysTheMistake(arguments: [String], line: String) async throws {
        let result = try await CLI.run(arguments, environment: ["LANG": "en_US.UTF-8"])
        #expect(result.status == 64)
        #expect(result.stderr == "forecastly: " + line + "\n", "\(result.stderr)")
    }

    /// Why the desktop's location service cannot be asked is said in the
    /// language, the system's own words inside it kept as they are.
    @Test func geoClueUnavailableInTheLanguage() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-lang-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        _ = try await CLI.run(["location", "allow"], home: home)
        let result = try await CLI.run(["--source", "geoclue", "--gps-timeout", "2"],
                                       environment: ["LANG": "de_DE.UTF-8", "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent/bus"], home: home)
        #expect(result.status == 69)
        #expect(result.stderr.hasPrefix("forecastly: GeoClue, der Ortungsdienst des Desktops, kann nicht gefragt werden: es gibt keinen Systembus ("),
                "\(result.stderr)")
    }

    /// Why a file the user named cannot be used is said in the language
    /// too, the reason inside the sentence included.
    @Test func filesTheUserNamesInTheLanguage() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-lang-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let directory = try await CLI.run(["cities", "import", home.path], environment: ["LANG": "de_DE.UTF-8"], home: home)
        #expect(directory.status == 64)
        #expect(directory.stderr.hasPrefix("forecastly: \(home.path) kann nicht gelesen werden: es ist ein Verzeichnis. "), "\(directory.stderr)")
        let dump = home.appendingPathComponent("cities.txt")
        try "1\tKyiv\tKyiv\t\t95.5\t30.52\tP\tPPLC\tUA\t\t12\t\t\t\t2797553\t\t187\tEurope/Kiev\t2024-01-01\n".write(to: dump, atomically: true, encoding: .utf8)
        let latitude = try await CLI.run(["cities", "import", dump.path], environment: ["LANG": "fr_FR.UTF-8"], home: home)
        #expect(latitude.status == 65)
        #expect(latitude.stderr.hasPrefix("forecastly: La ligne 1 "), "\(latitude.stderr)")
        #expect(latitude.stderr.contains("la latitude « 95.5 » n'est pas comprise entre -90 et 90"), "\(latitude.stderr)")
        let track = try await CLI.run(["simulate", "--track", "/nonexistent/route.gpx"], environment: ["LANG": "ja_JP.UTF-8"], home: home)
        #expect(track.status == 64)
        #expect(track.stderr.hasPrefix("forecastly: トラック /nonexistent/route.gpx を再生できません: 読み込めません (そのようなファイルはありません)。"), "\(track.stderr)")
        let scenario = home.appendingPathComponent("story.json")
        try #"{"steps": []}"#.write(to: scenario, atomically: true, encoding: .utf8)
        let story = try await CLI.run(["simulate", "--scenario", scenario.path], environment: ["LANG": "es_ES.UTF-8"], home: home)
        #expect(story.status == 65)
        #expect(story.stderr.hasPrefix("forecastly: El escenario \(scenario.path) no se puede reproducir: falta .name."), "\(story.stderr)")
        // The file of settings forecastly reads by itself, too.
        let config = home.appendingPathComponent(".config/forecastly/config.toml")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let settings = try await CLI.run(["--lat", "50.45", "--lon", "30.52", "--offline"], environment: ["LANG": "de_DE.UTF-8"], home: home)
        #expect(settings.stderr.hasPrefix("forecastly: Die Konfigurationsdatei \(config.path) kann nicht gelesen werden (es ist ein Verzeichnis). "), "\(settings.stderr)")
    }

    /// A terminal that cannot show Cyrillic gets English in ASCII, not "???".
    @Test func aLanguageWithoutLatinLettersFallsBackToEnglishInASCII() async throws {
        let result = try await Self.run(["--lat", "50.45", "--lon", "30.52", "--format", "%C, %w"], environment: ["LANG": "ru_RU.KOI8-R"])
        #expect(result.stdout == "Slight snow fall, 4 m/s NW\n", "\(result.stdout)")
        let german = try await Self.run(["--lat", "50.45", "--lon", "30.52", "--format", "%C"], environment: ["LANG": "de_DE.ISO-8859-1"])
        #expect(german.stdout == "Leichter Schneefall\n")
    }

    /// The C library's locale makes no difference: Foundation's data gives
    /// the days and numbers, so a machine with the locale generated
    /// (localedef into a private LOCPATH) prints what one without does.
    @Test func theSameWithOrWithoutTheLocaleGenerated() async throws {
        let locales = FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-locales-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: locales) }
        try FileManager.default.createDirectory(at: locales, withIntermediateDirectories: true)
        let localedef = Process()
        localedef.executableURL = URL(fileURLWithPath: "/usr/bin/localedef")
        localedef.arguments = ["-i", "de_DE", "-f", "UTF-8", locales.appendingPathComponent("de_DE.UTF-8").path]
        try localedef.run()
        // Awaited, not waited for: localedef takes seconds on a busy machine, a pool thread each.
        #expect(await localedef.ended() == 0, "localedef could not make de_DE.UTF-8 (the locales package has its sources)")
        let sky = ["sky", "--lat", "50.45", "--lon", "30.52", "--days", "2"]
        let without = try await CLI.run(sky, environment: ["LANG": "de_DE.UTF-8"])
        let with = try await CLI.run(sky, environment: ["LANG": "de_DE.UTF-8", "LOCPATH": locales.path])
        #expect(without.status == 0 && with.status == 0)
        #expect(without.stdout == with.stdout)
        #expect(without.stdout.contains("Sonnenaufgang") && without.stdout.contains("50,4500°N"), "\(without.stdout)")
    }
}
