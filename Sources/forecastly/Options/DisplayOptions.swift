import ArgumentParser
import ForecastlyLocalization

/// What every command that shows something takes, declared once: the
/// language, colour, and the log.
struct DisplayOptions: ParsableArguments {
    @Option(help: ArgumentHelp(Self.languageHelp, valueName: "language"))
    var lang: Language?

    @Flag(name: .customLong("no-color"), help: "Never colour the output (NO_COLOR works too).")
    var noColor = false

    @Flag(help: "Log what happens to stderr.")
    var verbose = false

    /// The languages there are, from the catalogs; worked out once, not
    /// each time ArgumentParser makes these options.
    static let languageHelp =
        "The language: \(Language.available.map(\.code).filter { $0 != "en" }.joined(separator: ", ")) or en; default lang in config.toml, then LANGUAGE, LC_ALL, LC_MESSAGES, LANG."
}
