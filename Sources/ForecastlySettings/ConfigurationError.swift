public import ForecastlyBase
public import ForecastlyLocalization

/// What is wrong with the configuration file: one line naming the file,
/// the line and the key, and how to fix it. Exit 78 (EX_CONFIG).
public enum ConfigurationError: Error, Sendable, Equatable, UserFacingError {
    case unreadable(path: String, reason: MessageText)
    case notText(path: String)
    case tooLarge(path: String, bytes: Int)
    case syntax(path: String, line: Int, detail: MessageText)
    /// A word where TOML needs a quoted string: `units = imperial`.
    case unquoted(path: String, line: Int, key: String, value: String)
    case unknownKey(path: String, line: Int?, key: String)
    case badValue(path: String, line: Int?, key: ConfigurationKey, got: String)
    /// A key is in a file that other users can read.
    case secretReadableByOthers(path: String, line: Int?, key: ConfigurationKey, mode: String)

    public var exitStatus: ExitStatus { .configuration }

    /// The line of the file that is wrong, when it is one line.
    public var line: Int? {
        switch self {
        case .unreadable, .notText, .tooLarge: nil
        case .syntax(_, let line, _), .unquoted(_, let line, _, _): line
        case .unknownKey(_, let line, _), .badValue(_, let line, _, _), .secretReadableByOthers(_, let line, _, _): line
        }
    }

    /// The mistake without the file's path, for a list under it, in
    /// `words`' language: "line 3: days takes …". A message whose
    /// translation does not begin with the path is said whole.
    public func problemInFile(_ words: Words) -> String {
        let said = words.say(summaryMessage)
        switch self {
        case .unreadable, .notText, .tooLarge: return said
        default: return said.hasPrefix(path) ? String(said.dropFirst(path.count)).trimmingPrefix(" ").description : said
        }
    }

    private var path: String {
        switch self {
        case .unreadable(let path, _), .notText(let path), .tooLarge(let path, _), .syntax(let path, _, _), .unquoted(let path, _, _, _), .unknownKey(let path, _, _),
             .badValue(let path, _, _, _), .secretReadableByOthers(let path, _, _, _): path
        }
    }

    public var summaryMessage: MessageText {
        switch self {
        case .unreadable(let path, let reason):
            return MessageText("The configuration file {path} cannot be read ({reason})", ["path": path], messages: ["reason": [reason]])
        case .notText(let path):
            return MessageText("The configuration file {path} is not UTF-8 text", ["path": path])
        case .tooLarge(let path, let bytes):
            return MessageText("The configuration file {path} is {bytes} bytes, too large for a file of settings", ["path": path, "bytes": "\(bytes)"])
        case .syntax(let path, let line, let detail):
            return MessageText("{path} line {line}: this is not TOML ({detail})", ["path": path, "line": "\(line)"], messages: ["detail": [detail]])
        case .unquoted(let path, let line, let key, let value):
            return MessageText("{path} line {line}: the value must be quoted: {key} = \"{value}\"",
                               ["path": path, "line": "\(line)", "key": key.strippingTerminalControls(limit: 40), "value": value.strippingTerminalControls(limit: 60)])
        case .unknownKey(let path, let line, let key):
            let values = Self.values(path, line, ["key": key.strippingTerminalControls(limit: 40)])
            return line == nil ? MessageText("{path}: there is no setting “{key}”", values) : MessageText("{path} line {line}: there is no setting “{key}”", values)
        case .badValue(let path, let line, let key, let got):
            let values = Self.values(path, line, ["key": key.rawValue, "value": got.strippingTerminalControls(limit: 60)])
            let expected = ["expected": [key.expected]]
            return line == nil ? MessageText("{path}: {key} takes {expected}; got {value}", values, messages: expected)
                : MessageText("{path} line {line}: {key} takes {expected}; got {value}", values, messages: expected)
        case .secretReadableByOthers(let path, let line, let key, let mode):
            let values = Self.values(path, line, ["key": key.rawValue, "mode": mode])
            return line == nil ? MessageText("{path}: {key} is a secret, but other users can read the file (mode {mode}); it was not used", values)
                : MessageText("{path} line {line}: {key} is a secret, but other users can read the file (mode {mode}); it was not used", values)
        }
    }

    public var adviceMessage: MessageText? {
        switch self {
        case .unreadable(let path, _):
            MessageText("Check the file's permissions, or move it away (ls -l {path}).", ["path": path])
        case .notText, .tooLarge, .syntax:
            MessageText("Fix the file, or move it away to start again; 'forecastly config' shows an example.")
        case .unknownKey(_, _, let key):
            if let near = Self.nearest(to: key) {
                MessageText("Did you mean “{key}”? Fix or remove the line.", ["key": near.rawValue])
            } else {
                MessageText("The settings are {keys}; fix or remove the line.", ["keys": ConfigurationKey.allCases.map(\.rawValue).joined(separator: ", ")])
            }
        case .badValue, .unquoted:
            MessageText("Fix or remove the line; 'forecastly config' shows what each setting takes.")
        case .secretReadableByOthers(let path, _, _, _):
            MessageText("Make it yours alone: chmod 600 {path}", ["path": path])
        }
    }

    /// The setting a misspelled key most likely meant: at most two letters
    /// away ("dayz", "air_quality"), the nearest first.
    private static func nearest(to key: String) -> ConfigurationKey? {
        let typed = key.lowercased().replacing("_", with: "-")
        return EditDistance.nearest(to: typed, among: ConfigurationKey.allCases.map(\.rawValue), limit: 2).flatMap(ConfigurationKey.init(rawValue:))
    }

    /// The file and its line, beside a message's own values: "PATH line 3:
    /// …", or "PATH: …" when no line is known (each a whole message, as a
    /// translator needs it).
    private static func values(_ path: String, _ line: Int?, _ values: [String: String]) -> [String: String] {
        var values = values
        values["path"] = path
        values["line"] = line.map { "\($0)" }
        return values
    }
}
