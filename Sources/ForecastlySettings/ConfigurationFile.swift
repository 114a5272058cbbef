public import ForecastCore
public import ForecastlyBase
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
    public var provider: Located<WeatherProvider>?
    /// A city as `--city` takes it, or "LAT,LON".
    public var place: Located<String>?
    public var days: Located<Int>?
    public var hours: Located<Int>?
    public var clock: Located<HourCycle>?
    public var openWeatherAPIKey: Located<String>?
    public var openMeteoAPIKey: Located<String>?

    public init(path: String) { self.path = path }

    /// Where the file is: `$XDG_CONFIG_HOME/forecastly/config.toml`.
    public static func defaultPath(environment: [String: String]) -> String {
        XDGDirectories(environment: environment).config + "/config.toml"
    }

    /// A settings file is a few hundred bytes; anything far larger is not one.
    static let sizeLimit = 64 * 1024

    /// The file at `path`, or nil when there is none.
    public static func load(path: String) throws(ConfigurationError) -> ConfigurationFile? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw .unreadable(path: path, reason: AtomicFile.errorText())
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(path: path, reason: AtomicFile.errorText()) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .unreadable(path: path, reason: "not a regular file") }
        guard status.st_size <= sizeLimit else { throw .tooLarge(path: path, bytes: Int(status.st_size)) }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { throw .unreadable(path: path, reason: AtomicFile.errorText()) }
            if got == 0 { break }
            count += got
        }
        return try parse(Array(bytes[..<count]), path: path, mode: UInt32(status.st_mode & 0o777))
    }

    /// Reads the file's bytes; `mode` is its permission bits, for the secrets.
    public static func parse(_ bytes: [UInt8], path: String, mode: UInt32 = 0o600) throws(ConfigurationError) -> ConfigurationFile {
        guard bytes.count <= sizeLimit else { throw .tooLarge(path: path, bytes: bytes.count) }
        // A NUL would end the text early where the TOML library reads a C string.
        guard !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self) else { throw .notText(path: path) }
        if let line = TableHeaders.firstWithoutAKey(in: text) {
            throw .syntax(path: path, line: line, detail: "a table header needs a name after its “[”")
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw .syntax(path: path, line: error.source.begin.line, detail: error.description)
        } catch {
            throw .syntax(path: path, line: 1, detail: "\(error)")
        }
        let lines = KeyLines(text)
        var file = ConfigurationFile(path: path)
        // In the order written, so the first mistake in the file is the one named.
        for key in table.keys.sorted(by: { (lines.line(of: $0) ?? .max) < (lines.line(of: $1) ?? .max) }) {
            let line = lines.line(of: key)
            guard let known = ConfigurationKey(rawValue: key) else { throw .unknownKey(path: path, line: line, key: key) }
            guard let value = table[key] else { continue }
            func bad() -> ConfigurationError { .badValue(path: path, line: line, key: known, got: Self.describe(value)) }
            switch known {
            case .units:
                guard let named = value.string.flatMap({ UnitSystem(rawValue: $0.lowercased()) }) else { throw bad() }
                file.units = Located(named, line: line ?? 0)
            case .provider:
                guard let named = value.string.flatMap({ WeatherProvider(rawValue: $0.lowercased()) }) else { throw bad() }
                file.provider = Located(named, line: line ?? 0)
            case .place:
                guard let place = value.string.map({ $0.trimmingWhitespace() }), PlaceSetting.isPlausible(place) else { throw bad() }
                file.place = Located(place, line: line ?? 0)
            case .days:
                guard let days = value.int, ForecastRequest.dayRange.contains(days) else { throw bad() }
                file.days = Located(days, line: line ?? 0)
            case .hours:
                guard let hours = value.int, (0...ForecastRequest.hourlyHorizon).contains(hours) else { throw bad() }
                file.hours = Located(hours, line: line ?? 0)
            case .clock:
                guard let cycle = value.string.flatMap({ HourCycle(rawValue: $0.lowercased()) }) else { throw bad() }
                file.clock = Located(cycle, line: line ?? 0)
            case .openWeatherAPIKey, .openMeteoAPIKey:
                guard let key = value.string, !key.isEmpty, key.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
                    throw .badValue(path: path, line: line, key: known, got: value.string == nil ? Self.describe(value) : "a key with spaces or other characters")
                }
                // The key stays out of the message: it is the secret.
                guard mode & 0o077 == 0 else {
                    throw .secretReadableByOthers(path: path, line: line, key: known, mode: String(mode, radix: 8))
                }
                if known == .openWeatherAPIKey { file.openWeatherAPIKey = Located(key, line: line ?? 0) }
                else { file.openMeteoAPIKey = Located(key, line: line ?? 0) }
            }
        }
        return file
    }

    /// A value as the person wrote it, for an error: strings quoted, tables named.
    static func describe(_ value: any TOMLValueConvertible) -> String {
        if let text = value.string { return "“\(text.strippingTerminalControls(limit: 40))”" }
        if value.table != nil { return "a table" }
        if value.array != nil { return "a list" }
        return value.debugDescription.strippingTerminalControls(limit: 40)
    }
}

/// Which line each top-level key is written on. TOMLKit keeps no positions
/// for values, and this file is flat, so the key's own line is found in
/// the text: `key = …`, `"key" = …` or `'key' = …` at the start of a line,
/// and `[key]` for a table (which no setting is).
struct KeyLines {
    private var lines: [String: Int] = [:]

    init(_ text: String) {
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.drop(while: { $0 == " " || $0 == "\t" })
            if line.hasPrefix("[") {
                var name = line.drop(while: { $0 == "[" }).prefix(while: { $0 != "]" && $0 != "." }).trimmingWhitespace()
                if name.count >= 2, let first = name.first, first == "\"" || first == "'", name.last == first {
                    name = String(name.dropFirst().dropLast())
                }
                if lines[name] == nil { lines[name] = index + 1 }
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            var key = line[..<equals].prefix(while: { $0 != "." }).trimmingWhitespace()
            if key.count >= 2, let first = key.first, first == "\"" || first == "'", key.last == first {
                key = String(key.dropFirst().dropLast())
            }
            if lines[key] == nil { lines[key] = index + 1 }
        }
    }

    func line(of key: String) -> Int? { lines[key] }
}

/// toml++ (inside TOMLKit 0.6.0) assumes that a table header's name starts
/// right after its "[" and spaces, and asserts it, aborting the process, in
/// a debug build, or reads on as undefined behaviour in a release build:
/// "[#" or "[ =" crashed forecastly (found by fuzzing). Such a line is
/// refused here, before the text reaches the parser.
enum TableHeaders {
    /// The first line (1-based) whose "[" or "[[" is followed by something
    /// that cannot start a key or end the header.
    static func firstWithoutAKey(in text: String) -> Int? {
        // Bytes, not Characters: "[" followed by a combining mark is one
        // Character, but toml++ reads the "[" on its own.
        let blank: Set<UInt8> = [0x20, 0x09]
        for (index, line) in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            var rest = line.drop { blank.contains($0) }
            guard rest.first == UInt8(ascii: "[") else { continue }
            rest = rest.dropFirst()
            if rest.first == UInt8(ascii: "[") { rest = rest.dropFirst() }
            rest = rest.drop { blank.contains($0) }
            guard let first = rest.first else { return index + 1 }
            let startsKey = (0x61...0x7A).contains(first) || (0x41...0x5A).contains(first) || (0x30...0x39).contains(first)
                || [UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "]")].contains(first)
            if !startsKey { return index + 1 }
        }
        return nil
    }
}
