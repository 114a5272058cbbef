
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

    /// `forecastly -h`: the usage, the options most runs use and the
    /// subcommands, each option as `--help` words it (taken from it, so the
    /// two cannot drift); `--help` has them all.
    static func short(root: String) -> String {
        let forecast = ForecastlyCommand.helpMessage(for: ForecastCommand.self)
        guard let subcommands = root.range(of: "SUBCOMMANDS:") else { return root }
        let entries = optionEntries(forecast).filter { entry in commonOptions.contains { entry.hasPrefix("  " + $0 + " ") } }
        let overview = root.components(separatedBy: "\n\n").first ?? ""
        return overview + "\n\n"
            + "USAGE: forecastly [<options>] [<place>]\n       forecastly <subcommand> [<options>]\n\n"
            + "COMMON OPTIONS:\n" + entries.joined(separator: "\n") + "\n\n"
            + root[subcommands.lowerBound...].trimmingCharacters(in: .newlines) + "\n\n"
            + "'forecastly --help' shows every option and example, 'man forecastly' the manual.\n"
    }

    /// What most runs use: the place, the days, the units and the outputs.
    static let commonOptions = ["<place>", "--city", "--lat", "--lon", "--days", "--units", "--oneline", "--json", "--offline", "--watch"]

    /// The option entries of a help text: each begins "  -" or "  <" and
    /// goes on over the more deeply indented lines under it.
    static func optionEntries(_ help: String) -> [String] {
        var entries: [String] = []
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("  -") || line.hasPrefix("  <") {
                entries.append(String(line))
            } else if line.hasPrefix("    "), let last = entries.popLast() {
                entries.append(last + "\n" + line)
            }
        }
        return entries
    }
}
