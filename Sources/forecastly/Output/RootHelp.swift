
/// `forecastly --help`. The command people run most is the default one,
/// `forecast`, so the root help shows its usage, place argument and options
/// between the examples and the subcommands, instead of only `--version`
/// and `--help`; both parts are ArgumentParser's own help text.
enum RootHelp {
    /// ArgumentParser's root help with the forecast's arguments and options
    /// in it; the text as it is if its sections are not where expected.
    static func text(root: String) -> String {
        let forecast = ForecastlyCommand.helpMessage(for: ForecastCommand.self)
        guard let usage = root.range(of: "USAGE: forecastly <subcommand>"),
              let subcommands = root.range(of: "SUBCOMMANDS:"),
              let arguments = forecast.range(of: "ARGUMENTS:")
        else { return root }
        let options = forecast[arguments.lowerBound...].trimmingCharacters(in: .newlines)
        return root[..<usage.lowerBound]
            + "USAGE: forecastly [<options>] [<place>]\n       forecastly <subcommand> [<options>]\n\n"
            + options + "\n\n" + root[subcommands.lowerBound...]
    }

    static func isRoot(_ help: String) -> Bool {
        help == ForecastlyCommand.helpMessage(for: ForecastlyCommand.self)
    }
}
