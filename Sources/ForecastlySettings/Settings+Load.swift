public import Foundation

extension Settings {
    /// The settings of a run: `flags`, then the environment, then
    /// config.toml (where the environment says it is), then the locale. A
    /// file that cannot be read throws its line (`ConfigurationError`); an
    /// environment variable with a value forecastly does not know throws
    /// `EnvironmentSettingError`. Nothing is printed or changed.
    public static func load(_ flags: Flags, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Settings {
        let file = try ConfigurationFile.load(path: ConfigurationFile.defaultPath(environment: environment))
        return try resolve(flags: flags, environment: environment, file: file)
    }
}
