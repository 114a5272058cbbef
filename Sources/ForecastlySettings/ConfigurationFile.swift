public import ForecastCore
public import ForecastlyBase
public import ForecastlyLocalization
import ForecastProviders
import Foundation
import TOMLKit

/// `$XDG_CONFIG_HOME/forecastly/config.toml`: defaults a person writes by
/// hand. Every value is checked when the file is read, so a mistake is
/// reported with its line before anything runs, never half-applied.
///
/// ```toml
/// units = "imperial"
/// place = "Springfield, IL"
/// days = 3
/// ```
public struct ConfigurationFile: Sendable, Equatable {
    public let path: String
    public var units: Located<UnitSystem>?
    public var temperatureUnit: Located<TemperatureUnit>?
    public var windUnit: Located<SpeedUnit>?
    public var pressureUnit: Located<PressureUnit>?
    public var precipitationUnit: Located<PrecipitationUnit>?
    public var distanceUnit: Located<DistanceUnit>?
    public var provider: Located<WeatherProvider>?
    /// A city as `--city` takes it, or "LAT,LON".
    public var place: Located<String>?
    public var days: Located<Int>?
    public var hours: Located<Int>?
    public var clock: Located<HourCycle>?
    /// Whether the report and JSON show the air (default true).
    public var airQuality: Located<Bool>?
    public var aqi: Located<AirQualityScale>?
    /// Whether the report and JSON show the next two hours (default true).
    public var nowcast: Located<Bool>?
    public var alerts: Located<Bool>?
    /// How long the extras may take once the forecast is ready.
    public var extrasWait: Located<Duration>?
    public var language: Located<Language>?
    /// API keys, by the id of the provider they are for.
    public var apiKeys: [String: Located<String>] = [:]

    public init(path: String) { self.path = path }

    /// Where the file is: `$XDG_CONFIG_HOME/forecastly/config.toml`.
    public static func defaultPath(environment: [String: String]) -> String {
        XDGDirectories(environment: environment).config + "/config.toml"
    }

    /// A settings file is a few hundred bytes; anything far larger is not one.
    static let sizeLimit = 64 * 1024

    /// The file at `path`, or nil when there is none.
    public static func load(path: String) throws(ConfigurationError) -> ConfigurationFile? {
        guard let (bytes, mode) = try contents(path: path) else { return nil }
        return try parse(bytes, path: path, mode: mode)
    }

    /// `forecastly config`: the file's settings that are right, and every
    /// line that is wrong, so the summary can show both.
    public static func loadWithProblems(path: String) -> (file: ConfigurationFile?, problems: [ConfigurationError]) {
        do throws(ConfigurationError) {
            guard let (bytes, mode) = try contents(path: path) else { return (nil, []) }
            var problems: [ConfigurationError] = []
            let file = try parse(bytes, path: path, mode: mode, problems: &problems)
            return (file, problems)
        } catch {
            return (nil, [error])
        }
    }

    /// The file's bytes and permission bits, or nil when there is no file.
    private static func contents(path: String) throws(ConfigurationError) -> (bytes: [UInt8], mode: UInt32)? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw .unreadable(path: path, reason: .verbatim(AtomicFile.errorText()))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(path: path, reason: .verbatim(AtomicFile.errorText())) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .unreadable(path: path, reason: MessageText("it is a directory"))
        // A FIFO is refused too: a file of settings that never ends would hang every run.
        default: throw .unreadable(path: path, reason: MessageText("it is not a regular file"))
        }
        guard status.st_size <= sizeLimit else { throw .tooLarge(path: path, bytes: Int(status.st_size)) }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { throw .unreadable(path: path, reason: .verbatim(AtomicFile.errorText())) }
            if got == 0 { break }
            count += got
        }
        return (Array(bytes[..<count]), UInt32(status.st_mode & 0o777))
    }

    /// Reads the file's bytes; `mode` is its permission bits, for the secrets.
    /// The first mistake is thrown: nothing of a wrong file is half-applied.
    public static func parse(_ bytes: [UInt8], path: String, mode: UInt32 = 0o600) throws(ConfigurationError) -> ConfigurationFile {
        var problems: [ConfigurationError] = []
        let file = try parse(bytes, path: path, mode: mode, problems: &problems)
        if let first = problems.first { throw first }
        return file
    }

    /// `key = word` on line `line` (1-based), where the word is no TOML value
    /// (not true, false, a number, inf or nan): a string left unquoted.
    static func unquotedWord(_ text: String, line: Int) -> (key: String, value: String)? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.indices.contains(line - 1),
              let match = lines[line - 1].wholeMatch(of: /\s*([A-Za-z0-9_-]+)\s*=\s*([A-Za-z][^"'#=\[\]{}]*?)\s*(#.*)?/) else { return nil }
        let value = String(match.output.2)
        guard !["true", "false", "inf", "nan"].contains(value) else { return nil }
        return (String(match.output.1), value)
    }

    /// Reads what is right and collects, in the file's order, each line that
    /// is not; a file that is not text at all is thrown.
    static func parse(
        _ bytes: [UInt8], path: String, mode: UInt32, problems: inout [ConfigurationError]
    ) throws(ConfigurationError) -> ConfigurationFile {
        // In the file's order, whichever reader found each.
        defer { problems.sort { ($0.line ?? 0) < ($1.line ?? 0) } }
        guard bytes.count <= sizeLimit else { throw .tooLarge(path: path, bytes: bytes.count) }
        // A NUL would end the text early where the TOML library reads a C string.
        guard !bytes.contains(0), var text = String(validating: bytes, as: UTF8.self) else { throw .notText(path: path) }
        let reading = FlatSettingsText.read(text)
        problems += reading.problems.map { problem in
            if let (key, value) = unquotedWord(text, line: problem.line) { return .unquoted(path: path, line: problem.line, key: key, value: value) }
            return .syntax(path: path, line: problem.line, detail: problem.text)
        }
        // The lines that are not simple settings are left out; the rest is read.
        if !reading.problems.isEmpty { text = FlatSettingsText.without(lines: Set(reading.problems.map(\.line)), text) }
        let lines = reading.keys
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            let line = error.source.begin.line
            if let (key, value) = Self.unquotedWord(text, line: line) {
                problems.append(.unquoted(path: path, line: line, key: key, value: value))
            } else {
                problems.append(.syntax(path: path, line: line, detail: .verbatim(error.description.strippingTerminalControls(limit: 160))))
            }
            return ConfigurationFile(path: path)
        } catch {
            problems.append(.syntax(path: path, line: 1, detail: .verbatim("\(error)".strippingTerminalControls(limit: 160))))
            return ConfigurationFile(path: path)
        }
        var file = ConfigurationFile(path: path)
        // In the order written, so the first mistake in the file is the one named.
        for key in table.keys.sorted(by: { (lines[$0] ?? .max) < (lines[$1] ?? .max) }) {
            do throws(ConfigurationError) {
                try file.apply(key, table: table, line: lines[key], mode: mode)
            } catch {
                problems.append(error)
            }
        }
        return file
    }

    /// Sets `key` from the table, checked.
    private mutating func apply(_ key: String, table: TOMLTable, line: Int?, mode: UInt32) throws(ConfigurationError) {
        let path = self.path
        guard let known = ConfigurationKey(rawValue: key) else { throw .unknownKey(path: path, line: line, key: key) }
        guard let value = table[key] else { return }
        func bad() -> ConfigurationError { .badValue(path: path, line: line, key: known, got: Self.describe(value)) }
        switch known {
        case .units:
            guard let named = value.string.flatMap({ UnitSystem(rawValue: $0.lowercased()) }) else { throw bad() }
            self.units = Located(named, line: line ?? 0)
        case .temperatureUnit:
            guard let unit = value.string.flatMap({ TemperatureUnit(rawValue: $0.lowercased()) }) else { throw bad() }
            self.temperatureUnit = Located(unit, line: line ?? 0)
        case .windUnit:
            guard let unit = value.string.flatMap({ SpeedUnit(rawValue: $0.lowercased()) }) else { throw bad() }
            self.windUnit = Located(unit, line: line ?? 0)
        case .pressureUnit:
            guard let unit = value.string.flatMap({ PressureUnit(rawValue: $0.lowercased()) }) else { throw bad() }
            self.pressureUnit = Located(unit, line: line ?? 0)
        case .precipitationUnit:
            guard let unit = value.string.flatMap({ PrecipitationUnit(rawValue: $0.lowercased()) }) else { throw bad() }
            self.precipitationUnit = Located(unit, line: line ?? 0)
        case .distanceUnit:
            guard let unit = value.string.flatMap({ DistanceUnit(rawValue: $0.lowercased()) }) else { throw bad() }
            self.distanceUnit = Located(unit, line: line ?? 0)
        case .provider:
            guard let named = value.string.flatMap(WeatherProviders.named) else { throw bad() }
            self.provider = Located(named, line: line ?? 0)
        case .place:
            guard let place = value.string.map({ $0.trimmingWhitespace() }), PlaceSetting.isPlausible(place) else { throw bad() }
            self.place = Located(place, line: line ?? 0)
        case .days:
            guard let days = value.int, ForecastRequest.dayRange.contains(days) else { throw bad() }
            self.days = Located(days, line: line ?? 0)
        case .hours:
            guard let hours = value.int, (0...ForecastRequest.hourlyHorizon).contains(hours) else { throw bad() }
            self.hours = Located(hours, line: line ?? 0)
        case .clock:
            guard let cycle = value.string.flatMap({ HourCycle(rawValue: $0.lowercased()) }) else { throw bad() }
            self.clock = Located(cycle, line: line ?? 0)
        case .airQuality:
            guard let shown = value.bool else { throw bad() }
            self.airQuality = Located(shown, line: line ?? 0)
        case .nowcast:
            guard let shown = value.bool else { throw bad() }
            self.nowcast = Located(shown, line: line ?? 0)
        case .alerts:
            guard let shown = value.bool else { throw bad() }
            self.alerts = Located(shown, line: line ?? 0)
        case .extrasWait:
            guard let wait = (value.double ?? value.int.map(Double.init) ?? value.string.flatMap(DurationText.seconds)).flatMap(Settings.extrasWait(seconds:)) else { throw bad() }
            self.extrasWait = Located(wait, line: line ?? 0)
        case .lang:
            guard let language = value.string.flatMap(Language.init(matching:)) else { throw bad() }
            self.language = Located(language, line: line ?? 0)
        case .aqi:
            guard let scale = value.string.flatMap({ AirQualityScale(rawValue: $0.lowercased()) }) else { throw bad() }
            self.aqi = Located(scale, line: line ?? 0)
        default:
            guard let provider = WeatherProviders.all.first(where: { ConfigurationKey.apiKey(of: $0) == known })?.provider else { throw bad() }
            guard let key = value.string, !key.isEmpty, key.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
                throw .badValue(path: path, line: line, key: known, got: value.string == nil ? Self.describe(value) : "a key with spaces or other characters")
            }
            // The key stays out of the message: it is the secret.
            guard mode & 0o077 == 0 else {
                throw .secretReadableByOthers(path: path, line: line, key: known, mode: String(mode, radix: 8))
            }
            self.apiKeys[provider.id] = Located(key, line: line ?? 0)
        }
    }

    /// A value as the person wrote it, for an error: strings quoted, tables named.
    static func describe(_ value: any TOMLValueConvertible) -> String {
        if let text = value.string { return "“\(text.strippingTerminalControls(limit: 40))”" }
        if value.table != nil { return "a table" }
        if value.array != nil { return "a list" }
        return value.debugDescription.strippingTerminalControls(limit: 40)
    }
}

/// What forecastly hands to TOMLKit: lines of `key = value` with a string,
/// a number or true/false, comments and blank lines; nothing else.
///
/// toml++ (inside TOMLKit 0.6.0) asserts, aborting the process, on some
/// malformed input it should reject, and in a release build an assertion
/// becomes an assumption the compiler may build on: "[#" (a table header
/// with no name), "[" and a combining mark, "place =[}" (found by fuzzing).
/// No setting is a table, a list or a multi-line string, so a line that is
/// not one of these simple forms is refused here with its number, and the
/// parser sees only text of forms it reads safely. TOMLKit still does the
/// reading: escapes, number forms, repeated keys. TOMLKit keeps no
/// positions for values, so the same pass notes the line each key is on,
/// for the messages.
enum FlatSettingsText {
    /// The line (1-based) each key is written on, and each line that is not
    /// a comment, a blank line or a simple setting, with why.
    struct Reading: Equatable {
        var keys: [String: Int] = [:]
        var problems: [LineProblem] = []
    }

    struct LineProblem: Equatable {
        var line: Int
        var text: MessageText
    }

    static let expected = MessageText("a setting is one line, key = value, the value a \"string\", a number, or true or false")

    static func read(_ text: String) -> Reading {
        var reading = Reading()
        for (index, line) in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            switch read(line: Array(line)) {
            case .failure(let problem): reading.problems.append(LineProblem(line: index + 1, text: problem.text))
            case .success(let key?): if reading.keys[key] == nil { reading.keys[key] = index + 1 }
            case .success(nil): continue
            }
        }
        return reading
    }

    /// `text` with the given lines (1-based) blanked, so the others keep
    /// their numbers. Lines are split at LF bytes, as `read` and toml++ count
    /// them: split as Characters, "\r\n" is one and the numbers drift apart.
    static func without(lines: Set<Int>, _ text: String) -> String {
        let kept = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated()
            .map { lines.contains($0.offset + 1) ? [] : Array($0.element) }
        return String(decoding: Array(kept.joined(separator: [0x0A])), as: UTF8.self)
    }

    struct Problem: Error {
        var text: MessageText
    }

    /// The key a line sets; nil for a comment or a blank line.
    private static func read(line: [UInt8]) -> Result<String?, Problem> {
        let expected = Problem(text: Self.expected)
        // A line may end CR LF; a CR anywhere else is no TOML (toml++ refuses it).
        let line = line.last == 0x0D ? Array(line.dropLast()) : line
        var cursor = 0
        func skipBlanks() { while cursor < line.count, line[cursor] == 0x20 || line[cursor] == 0x09 { cursor += 1 } }
        func isBare(_ byte: UInt8) -> Bool {
            (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x5F || byte == 0x2D
        }
        /// A quoted string from `cursor` (at its quote), on this line; false when it does not end.
        func skipQuoted() -> Bool {
            let quote = line[cursor]
            if cursor + 2 < line.count, line[cursor + 1] == quote, line[cursor + 2] == quote { return false }  // multi-line
            cursor += 1
            while cursor < line.count {
                if quote == 0x22, line[cursor] == 0x5C { cursor += 2; continue }  // an escape in "…"
                if line[cursor] == quote { cursor += 1; return true }
                cursor += 1
            }
            return false
        }
        skipBlanks()
        guard cursor < line.count, line[cursor] != 0x23 else { return .success(nil) }  // blank, or a comment
        if line[cursor] == 0x5B { return .failure(Problem(text: MessageText("settings are not in tables; write key = value at the top level"))) }
        // The key: bare, or quoted (its text between the quotes).
        let key: String
        if line[cursor] == 0x22 || line[cursor] == 0x27 {
            let start = cursor
            guard skipQuoted() else { return .failure(expected) }
            key = String(decoding: line[(start + 1)..<(cursor - 1)], as: UTF8.self)
        } else {
            let start = cursor
            while cursor < line.count, isBare(line[cursor]) { cursor += 1 }
            guard cursor > start else { return .failure(expected) }
            key = String(decoding: line[start..<cursor], as: UTF8.self)
        }
        skipBlanks()
        guard cursor < line.count, line[cursor] == 0x3D else { return .failure(expected) }  // "="
        cursor += 1
        skipBlanks()
        guard cursor < line.count else { return .failure(expected) }
        // The value: a string, or a word of a number's or a boolean's letters.
        if line[cursor] == 0x22 || line[cursor] == 0x27 {
            guard skipQuoted() else { return .failure(expected) }
        } else {
            let start = cursor
            while cursor < line.count, isBare(line[cursor]) || line[cursor] == 0x2B || line[cursor] == 0x2E || line[cursor] == 0x3A {
                cursor += 1
            }
            guard cursor > start else { return .failure(expected) }
        }
        skipBlanks()
        guard cursor == line.count || line[cursor] == 0x23 else { return .failure(expected) }
        return .success(key)
    }
}
