import ForecastlySettings
import ForecastProviders
import Foundation

extension Settings {
    /// This run's settings: the flags given, then the environment, then
    /// config.toml, then the locale. A bad file ends the run with its line.
    static func load(_ flags: Flags, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Settings {
        let file = try ConfigurationFile.load(path: ConfigurationFile.defaultPath(environment: environment))
        let settings = try resolve(flags: flags, environment: environment, file: file)
        // From here on, what the run says on stderr is in the language it chose (--lang included).
        UserLanguage.choose(settings.words)
        if flags.apiKey != nil {
            let variable = settings.provider.value.apiKeyVariable ?? WeatherProviders.all.compactMap(\.provider.apiKeyVariable).joined(separator: " or ")
            let note = UserLanguage.words()(
                "a key given with --api-key can be read by other users in ps and stays in your shell's history; set {variable} or put it in {path} (mode 600) instead.",
                ["variable": variable, "path": ConfigurationFile.defaultPath(environment: environment)])
            Terminal.standardError.writeLine("forecastly: note: \(note)")
        }
        return settings
    }
}
