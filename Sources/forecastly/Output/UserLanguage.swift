import ForecastlyBase
import ForecastlyLocalization
import ForecastlySettings
import Foundation

/// The words of the user's language for commands that read no other
/// setting (notes, location): `lang` in config.toml, else the locale. A
/// configuration file that cannot be read is that command's concern only
/// where it reads it, so here it leaves the locale to decide.
enum UserLanguage {
    static func words() -> Words {
        let environment = ProcessInfo.processInfo.environment
        let file = try? ConfigurationFile.load(path: ConfigurationFile.defaultPath(environment: environment))
        guard let settings = try? Settings.resolve(flags: Settings.Flags(), environment: environment, file: file ?? nil) else { return .english }
        return settings.words.forASCII(!Terminal.localeIsUTF8(environment: environment))
    }

    /// An error's one line in the user's language, message by message:
    /// what has no translation (or no message yet) stays English.
    static func line(_ error: any UserFacingError) -> String {
        words().line(error)
    }
}
