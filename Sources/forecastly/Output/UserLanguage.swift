import ArgumentParser
import ForecastlyBase
import ForecastlyLocalization
import ForecastlySettings
import Foundation
import Synchronization

/// The words of the user's language for commands that read no other
/// setting (notes, location): `lang` in config.toml, else the locale. A
/// configuration file that cannot be read is that command's concern only
/// where it reads it, so here it leaves the locale to decide.
enum UserLanguage {
    /// The run's language once its settings are resolved (`--lang` counts
    /// then); before that, and for commands that resolve none, the file's or
    /// the locale's, read once (errors, notes and each `--watch` screen ask).
    static func words() -> Words {
        chosen.withLock { chosen in
            if let chosen { return chosen }
            let words = fileOrLocale().forASCII(Terminal.asciiOnly)
            chosen = words
            return words
        }
    }

    private static func fileOrLocale() -> Words {
        let environment = ProcessEnvironment.variables
        let file = try? ConfigurationFile.load(path: ConfigurationFile.defaultPath(environment: environment))
        return Settings.words(flags: Settings.Flags(), environment: environment, file: file ?? nil)
    }

    /// Called by `Settings.forRun` with the language the run's settings chose.
    static func choose(_ words: Words) {
        chosen.withLock { $0 = words.forASCII(Terminal.asciiOnly) }
    }

    private static let chosen = Mutex<Words?>(nil)

    /// The `--lang` typed in `arguments`, when the parse failed: a command's
    /// checks run before its settings are resolved, and `forecastly --lang
    /// de --days 20` is told its mistake in German. ArgumentParser reads the
    /// option, as in a run; an invalid or absent one leaves the language as it is.
    static func choose(typedIn arguments: [String]) {
        guard let language = (try? TypedLanguage.parse(arguments))?.lang else { return }
        choose(Settings.words(flags: Settings.Flags(language: language), environment: ProcessEnvironment.variables, file: nil))
    }

    /// `--lang` among any other arguments.
    private struct TypedLanguage: ParsableArguments {
        @Option var lang: Language?
        @Argument(parsing: .allUnrecognized) var others: [String] = []
    }

    /// An error's one line in the user's language, message by message:
    /// what has no translation (or no message yet) stays English.
    static func line(_ error: any UserFacingError) -> String {
        words().line(error)
    }
}
