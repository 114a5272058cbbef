import ForecastlyApp
import ForecastlySettings

extension Settings {
    /// This run's settings (`Settings.load`). From here on what the run
    /// says on stderr is in the language they chose (`--lang` included), and
    /// their notes (a key typed on the command line) are said first.
    static func forRun(_ flags: Flags) throws -> Settings {
        let settings: Settings
        do {
            settings = try load(flags, environment: ProcessEnvironment.variables)
        } catch {
            // Why they could not be read is said in the language asked for.
            if flags.language != nil { UserLanguage.choose(words(flags: flags, environment: ProcessEnvironment.variables, file: nil)) }
            throw error
        }
        UserLanguage.choose(settings.words)
        RunNotes.print(settings.notes.map { AppNote(.note, $0) })
        return settings
    }
}
