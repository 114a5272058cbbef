import Foundation

/// Where forecastly keeps files, following the XDG Base Directory
/// specification: `$XDG_CONFIG_HOME/forecastly` for decisions and settings,
/// `$XDG_DATA_HOME/forecastly` for the store, `$XDG_CACHE_HOME/forecastly`
/// for what can be rebuilt.
public struct XDGDirectories: Sendable, Equatable {
    public let config: String
    public let data: String
    public let cache: String

    public init(environment: [String: String]) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        // The spec says relative paths in these variables are invalid and must be ignored.
        func base(_ variable: String, _ fallback: String) -> String {
            if let value = environment[variable], value.hasPrefix("/") { return value }
            return home + "/" + fallback
        }
        config = base("XDG_CONFIG_HOME", ".config") + "/forecastly"
        data = base("XDG_DATA_HOME", ".local/share") + "/forecastly"
        cache = base("XDG_CACHE_HOME", ".cache") + "/forecastly"
    }
}
