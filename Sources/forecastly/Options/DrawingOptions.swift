import ArgumentParser
import ForecastlyBase

extension HourCycle: ArgumentChoice {}

/// How text for people is drawn, declared once for every command that
/// draws times or pictures: the forecast's report, `sky` and `alerts`.
struct DrawingOptions: ParsableArguments {
    @Flag(help: "Draw in plain ASCII (the default when the locale is not UTF-8).")
    var ascii = false

    @Option(help: ArgumentHelp("24h or 12h; default clock in config.toml, then the locale's (LC_TIME).", valueName: "clock"))
    var clock: HourCycle?

    /// Whether to draw in ASCII: asked for, or the locale's characters are not UTF-8.
    var drawsASCII: Bool { ascii || Terminal.asciiOnly }

    /// `--ascii` draws text for people; JSON is for programs.
    func check(json: Bool) throws {
        if json, ascii { throw UsageMistake.error(MessageText("--ascii draws the text in plain ASCII; leave it out with --json.")) }
    }
}
