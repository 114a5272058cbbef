public import ForecastlyBase

/// What is wrong with the configuration file: one line naming the file,
/// the line and the key, and how to fix it. Exit 78 (EX_CONFIG).
public enum ConfigurationError: Error, Sendable, Equatable, UserFacingError {
    case unreadable(path: String, reason: String)
    case notText(path: String)
    case tooLarge(path: String, bytes: Int)
    case syntax(path: String, line: Int, detail: String)
    case unknownKey(path: String, line: Int?, key: String)
    case badValue(path: String, line: Int?, key: ConfigurationKey, got: String)
    /// A key is in a file that other users can read.
    case secretReadableByOthers(path: String, line: Int?, key: ConfigurationKey, mode: String)

    public var exitStatus: ExitStatus { .configuration }

    /// The line of the file that is wrong, when it is one line.
    public var line: Int? {
        switch self {
        case .unreadable, .notText, .tooLarge: nil
        case .syntax(_, let line, _): line
        case .unknownKey(_, let line, _), .badValue(_, let line, _, _), .secretReadableByOthers(_, let line, _, _): line
        }
    }

    /// The mistake without the file's path, for a list under it: "line 3: days takes …".
    public var problemInFile: String {
        switch self {
        case .unreadable, .notText, .tooLarge: return summary
        case .syntax(_, let line, let detail): return "line \(line): this is not TOML (\(detail.strippingTerminalControls(limit: 160)))"
        default:
            let path = self.path
            return summary.hasPrefix(path) ? String(summary.dropFirst(path.count)).trimmingPrefix(" ").description : summary
        }
    }

    private var path: String {
        switch self {
        case .unreadable(let path, _), .notText(let path), .tooLarge(let path, _), .syntax(let path, _, _), .unknownKey(let path, _, _),
             .badValue(let path, _, _, _), .secretReadableByOthers(let path, _, _, _): path
        }
    }

    public var summary: String {
        switch self {
        case .unreadable(let path, let reason):
            "The configuration file \(path) cannot be read (\(reason))"
        case .notText(let path):
            "The configuration file \(path) is not UTF-8 text"
        case .tooLarge(let path, let bytes):
            "The configuration file \(path) is \(bytes) bytes, too large for a file of settings"
        case .syntax(let path, let line, let detail):
            "\(path) line \(line): this is not TOML (\(detail.strippingTerminalControls(limit: 160)))"
        case .unknownKey(let path, let line, let key):
            "\(Self.place(path, line)): there is no setting “\(key.strippingTerminalControls(limit: 40))”"
        case .badValue(let path, let line, let key, let got):
            "\(Self.place(path, line)): \(key.rawValue) takes \(key.expected); got \(got.strippingTerminalControls(limit: 60))"
        case .secretReadableByOthers(let path, let line, let key, let mode):
            "\(Self.place(path, line)): \(key.rawValue) is a secret, but other users can read the file (mode \(mode)); it was not used"
        }
    }

    public var advice: String? {
        switch self {
        case .unreadable(let path, _):
            "Check the file's permissions, or move it away (ls -l \(path))."
        case .notText, .tooLarge, .syntax:
            "Fix the file, or move it away to start again; 'forecastly config' shows an example."
        case .unknownKey:
            "The settings are \(ConfigurationKey.allCases.map(\.rawValue).joined(separator: ", ")); fix or remove the line."
        case .badValue:
            "Fix or remove the line; 'forecastly config' shows what each setting takes."
        case .secretReadableByOthers(let path, _, _, _):
            "Make it yours alone: chmod 600 \(path)"
        }
    }

    private static func place(_ path: String, _ line: Int?) -> String {
        line.map { "\(path) line \($0)" } ?? path
    }
}
