import ForecastCore
import ForecastlyBase
@testable import ForecastlySettings
import Foundation
import Testing
import TestSupport

/// config.toml as people write it, and every way of getting it wrong: one
/// line naming the file, the line and the key, exit 78, nothing half-applied.
@Suite struct ConfigurationFileTests {
    static let path = "/home/ann/.config/forecastly/config.toml"

    func parse(_ text: String, mode: UInt32 = 0o600) throws(ConfigurationError) -> ConfigurationFile {
        try ConfigurationFile.parse(Array(text.utf8), path: Self.path, mode: mode)
    }

    @Test func everySettingIsReadWithItsLine() throws {
        let file = try parse("""
        # my defaults
        units = "Imperial"
        provider = "met-norway"

        place = "Springfield, IL"
        days = 3
        "hours" = 12
        clock = '12h'
        openweather-api-key = "0123abcd"
        """)
        #expect(file.units == Located(.imperial, line: 2))
        #expect(file.provider == Located(.metNorway, line: 3))
        #expect(file.place == Located("Springfield, IL", line: 5))
        #expect(file.days == Located(3, line: 6))
        #expect(file.hours == Located(12, line: 7))
        #expect(file.clock == Located(.twelveHour, line: 8))
        #expect(file.apiKeys["openweather"] == Located("0123abcd", line: 9))
        #expect(file.apiKeys["open-meteo"] == nil)
    }

    /// The extras' wait, in seconds: a number, or a duration as `--timeout`-like options take it.
    @Test(arguments: [("extras-wait = 5", 5000), ("extras-wait = 2.5", 2500), ("extras-wait = 0", 0), ("extras-wait = \"1m\"", 60_000)])
    func theExtrasWaitIsSeconds(line: String, milliseconds: Int64) throws {
        #expect(try parse(line + "\n").extrasWait == Located(.milliseconds(milliseconds), line: 1))
    }

    @Test func anEmptyFileSetsNothing() throws {
        let file = try parse("# nothing yet\n")
        #expect(file == ConfigurationFile(path: Self.path))
    }

    @Test(arguments: [
        ("units = \"metric\"\ndayz = 3\n", "line 2: there is no setting “dayz”"),
        ("days = \"seven\"\n", "line 1: days takes a whole number from 1 to 16; got “seven”"),
        ("days = 0\n", "line 1: days takes a whole number from 1 to 16; got 0"),
        ("days = 3.5\n", "line 1: days takes a whole number"),
        ("hours = 49\n", "line 1: hours takes a whole number from 0 to 48; got 49"),
        ("units = \"kelvin\"\n", "line 1: units takes \"metric\", \"imperial\" or \"uk\"; got “kelvin”"),
        ("wind-unit = \"furlongs\"\n", "line 1: wind-unit takes \"kmh\", \"ms\", \"mph\", \"knots\" or \"beaufort\"; got “furlongs”"),
        ("pressure-unit = 760\n", "line 1: pressure-unit takes \"hpa\", \"inhg\" or \"mmhg\"; got 760"),
        ("\n\nprovider = \"weather.com\"\n", "line 3: provider takes"),
        ("clock = 12\n", "line 1: clock takes \"24h\" or \"12h\"; got 12"),
        ("place = \"\"\n", "line 1: place takes a city"),
        ("place = \"91,30\"\n", "line 1: place takes a city"),
        // Coordinates written otherwise are the file's mistake too, named with its line.
        ("place = \"50.45N 30.52E\"\n", "line 1: place takes a city"),
        ("place = \"50.45;30.52\"\n", "line 1: place takes a city"),
        ("place = [50.45, 30.52]\n", "line 1: this is not TOML (a setting is one line, key = value, the value a \"string\", a number, or true or false)"),
        ("place = \"\"\"Kyiv\"\"\"\n", "line 1: this is not TOML (a setting is one line"),
        ("days = 3 4\n", "line 1: this is not TOML (a setting is one line"),
        ("days\n", "line 1: this is not TOML (a setting is one line"),
        ("units = { system = \"metric\" }\n", "line 1: this is not TOML (a setting is one line"),
        ("units = imperial\n", "line 1: the value must be quoted: units = \"imperial\""),
        ("\nplace = Springfield, IL   # home\n", "line 2: the value must be quoted: place = \"Springfield, IL\""),
        ("days = seven\n", "line 1: the value must be quoted: days = \"seven\""),
        ("days = 3\ndays = 4\n", "line 2: this is not TOML"),
        ("units = \"metric\"\n[forecast]\ndays = 3\n", "line 2: this is not TOML (settings are not in tables; write key = value at the top level)"),
        ("forecast.days = 3\n", "line 1: this is not TOML (a setting is one line"),
        ("openweather-api-key = \"has space\"\n", "line 1: openweather-api-key takes the key as a string; got a key with spaces"),
        ("extras-wait = 61\n", "line 1: extras-wait takes a number of seconds from 0 to 60; got 61"),
        ("extras-wait = -1\n", "line 1: extras-wait takes a number of seconds from 0 to 60; got -1"),
        ("extras-wait = \"soon\"\n", "line 1: extras-wait takes a number of seconds from 0 to 60; got “soon”"),
        ("extras-wait = nan\n", "line 1: extras-wait takes a number of seconds from 0 to 60; got nan"),
    ])
    func aMistakeNamesTheFileTheLineAndTheKey(text: String, message: String) {
        let error = #expect(throws: ConfigurationError.self) { try parse(text) }
        #expect(error?.userMessage.hasPrefix(Self.path + " " + message) == true, "\(error?.userMessage ?? "no error")")
        #expect(error?.exitStatus == .configuration)
        if let error { #expect(ErrorCase(error, names: Self.path).brokenPromises.isEmpty, "\(ErrorCase(error).brokenPromises)") }
    }

    /// A misspelled setting is told the one it most likely meant; a key
    /// nothing like one gets the list.
    @Test(arguments: [("dayz = 3\n", "Did you mean “days”?"), ("air_quality = false\n", "Did you mean “air-quality”?"),
                      ("Units = \"uk\"\n", "Did you mean “units”?"), ("colour = true\n", "The settings are units, temperature-unit")])
    func aMisspelledSettingIsToldTheNearest(text: String, advice: String) {
        let error = #expect(throws: ConfigurationError.self) { try parse(text) }
        #expect(error?.userMessage.contains(". " + advice) == true, "\(error?.userMessage ?? "no error")")
    }

    /// The key is a secret: not used from a file others can read, and never
    /// repeated in the message.
    @Test(arguments: [0o644, 0o640, 0o604] as [UInt32])
    func aKeyInAFileOthersCanReadIsRefused(mode: UInt32) {
        let error = #expect(throws: ConfigurationError.self) { try parse("units = \"metric\"\nopen-meteo-api-key = \"s3cret\"\n", mode: mode) }
        let message = error?.userMessage ?? ""
        #expect(message.contains("line 2: open-meteo-api-key is a secret, but other users can read the file (mode \(String(mode, radix: 8)))"))
        #expect(message.hasSuffix("chmod 600 \(Self.path)"))
        #expect(!message.contains("s3cret"))
        #expect(((try? parse("units = \"metric\"\n", mode: mode)) != nil))  // without a key, the mode does not matter
    }

    /// Found by fuzzing: toml++ asserts (aborting) on some malformed input;
    /// a line that is not a simple setting is refused before the parser sees it.
    @Test(arguments: ["[#", "[ #", "[[#", "[", "units = \"metric\"\n  [ =", "[\t.", "[\u{0488}&[", "place =[}", "a = {", "a = \"open"])
    func malformedLinesAreRefusedNotFatal(text: String) throws {
        let error = #expect(throws: ConfigurationError.self) { try parse(text) }
        guard case .syntax(_, let line, _)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(line == text.split(separator: "\n", omittingEmptySubsequences: false).count)
        for reproducer in ["config-table-header-without-name.toml", "config-table-header-combining-mark.toml", "config-list-closed-by-brace.toml"] {
            let found = try Data(contentsOf: Fixtures.url("fuzz/" + reproducer))
            let refused = #expect(throws: ConfigurationError.self) { try ConfigurationFile.parse(Array(found), path: Self.path) }
            guard case .syntax(_, 1, _)? = refused else { Issue.record("\(reproducer): \(String(describing: refused))"); continue }
        }
    }

    /// Found by fuzzing: lines ended by CR LF, and bare CRs. The lines left
    /// out were once blanked by Characters ("\r\n" is one), so the wrong line
    /// was blanked and a table header reached toml++, which aborted. A
    /// line's final CR is its CR LF; any other CR is refused with its line.
    @Test func windowsLineEndsKeepTheirLineNumbers() throws {
        let found = try Data(contentsOf: Fixtures.url("fuzz/config-crlf-lines-shift.toml"))
        var problems: [ConfigurationError] = []
        _ = try ConfigurationFile.parse(Array(found), path: Self.path, mode: 0o600, problems: &problems)
        #expect(problems.map(\.line) == [2, 3, 4, 8], "\(problems)")  // line 4 is bare CRs
        let error = #expect(throws: ConfigurationError.self) { try parse("units = \"metric\"\r\n[x]\r\ndays = 3\r\n") }
        guard case .syntax(_, 2, _)? = error else { Issue.record("\(String(describing: error))"); return }
        let windows = try parse("units = \"imperial\"\r\ndays = 3\r\n")
        #expect(windows.units?.value == .imperial && windows.days?.value == 3 && windows.days?.line == 2)
    }

    @Test func textThatIsNotUTF8OrHasANulIsRefused() {
        for bytes: [UInt8] in [[0x64, 0x61, 0x79, 0x73, 0xFF], Array("days = 3\n".utf8) + [0, 0x41]] {
            let error = #expect(throws: ConfigurationError.self) { try ConfigurationFile.parse(bytes, path: Self.path) }
            #expect(error == .notText(path: Self.path))
        }
    }

    @Test func aMissingFileIsNoFileAndOtherFailuresAreNamed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try ConfigurationFile.load(path: folder.path + "/config.toml") == nil)
        // A directory where the file should be.
        let error = #expect(throws: ConfigurationError.self) { try ConfigurationFile.load(path: folder.path) }
        #expect(error == .unreadable(path: folder.path, reason: MessageText("it is a directory")))
        // A device (or a FIFO, which would never end) is no file of settings either.
        #expect(throws: ConfigurationError.unreadable(path: "/dev/null", reason: MessageText("it is not a regular file"))) {
            try ConfigurationFile.load(path: "/dev/null")
        }
        // The mode is the file's own: a key in a file made 0644 is refused, and accepted after chmod 600.
        let file = folder.appendingPathComponent("config.toml").path
        try Data("openweather-api-key = \"k\"\n".utf8).write(to: URL(fileURLWithPath: file))
        chmod(file, 0o644)
        #expect(throws: ConfigurationError.self) { try ConfigurationFile.load(path: file) }
        chmod(file, 0o600)
        #expect(try ConfigurationFile.load(path: file)?.apiKeys["openweather"]?.value == "k")
        // Far larger than any settings file.
        try Data(repeating: 0x23, count: ConfigurationFile.sizeLimit + 1).write(to: URL(fileURLWithPath: file))
        #expect(throws: ConfigurationError.tooLarge(path: file, bytes: ConfigurationFile.sizeLimit + 1)) { try ConfigurationFile.load(path: file) }
    }

    @Test func thePathFollowsXDG() {
        #expect(ConfigurationFile.defaultPath(environment: ["HOME": "/home/ann"]) == "/home/ann/.config/forecastly/config.toml")
        #expect(ConfigurationFile.defaultPath(environment: ["HOME": "/home/ann", "XDG_CONFIG_HOME": "/etc/ann"]) == "/etc/ann/forecastly/config.toml")
    }
}
