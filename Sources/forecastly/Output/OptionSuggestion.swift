import ArgumentParser
import ForecastProviders

/// "Did you mean '--lat'?" for a misspelled option. The known options are
/// read from the help of every command, so the list cannot drift from what
/// the commands declare; this runs only after a parse has failed.
enum OptionSuggestion {
    /// The nearest known option to the one ArgumentParser's message names as
    /// unknown, or nil when none is near enough to be meant.
    static func forUnknownOption(in message: String) -> String? {
        guard let unknown = unknownOption(in: message) else { return nil }
        return nearest(to: unknown, among: known)
    }

    /// The long option ArgumentParser's message names as unknown.
    static func unknownOption(in message: String) -> String? {
        message.firstMatch(of: /Unknown option '(--[A-Za-z0-9-]+)'/).map { String($0.output.1) }
    }

    /// An option this command does not take, said as such ("'forecastly
    /// alerts' does not take it.") when another command takes it: in place
    /// of ArgumentParser's guess, which is then any option up to three
    /// letters away ("--chart": "Did you mean '--lat'?").
    /// `command` is the subcommand run, nil for the default one.
    static func forAnotherCommandsOption(in message: String, command: String?) -> String? {
        guard let unknown = unknownOption(in: message), known.contains(unknown) else { return nil }
        let said = message.firstRange(of: " Did you mean ").map { String(message[..<$0.lowerBound]) } ?? message
        return said + " 'forecastly\(command.map { " " + $0 } ?? "")' does not take it."
    }

    /// An option a provider's registration says `--plan` replaced: its new spelling.
    static func forFormerPlanOption(in message: String) -> String? {
        guard let unknown = message.firstMatch(of: /Unknown option '(--[A-Za-z0-9-]+)'/)?.output.1,
              let plan = WeatherProviders.plans.first(where: { $0.plan.formerOption == String(unknown) })?.plan
        else { return nil }
        return "It is now --plan \(plan.id) (or \(plan.environmentVariable)=1)."
    }

    /// A place south or west as the first word ("-33.9,18.4") starts with a
    /// dash, so it reads as an option: say how to write it.
    static func forNegativePlace(in message: String) -> String? {
        guard let place = message.firstMatch(of: /Unknown option '(-[0-9][0-9.]*,\s*-?[0-9][0-9.]*)'/)?.output.1 else { return nil }
        return "A place south or west is written after --: forecastly -- \(place) (or with --lat and --lon)."
    }

    /// ArgumentParser already suggests an option a letter or two away; what
    /// it misses is a known option the typed one starts with ("--lattitude"
    /// for "--lat", "--longitude" for "--lon").
    static func nearest(to unknown: String, among known: Set<String>) -> String? {
        known.filter { $0.count >= 5 && unknown.hasPrefix($0) }.max { $0.count < $1.count }
    }

    /// Every command's options, read once: both suggestions ask for them.
    private static let known = knownOptions()

    private static func knownOptions() -> Set<String> {
        var names: Set<String> = []
        var commands: [any ParsableCommand.Type] = [ForecastlyCommand.self]
        while let command = commands.popLast() {
            let help = ForecastlyCommand.helpMessage(for: command, columns: 200)
            for match in help.matches(of: /--[a-z][a-z0-9-]+/) { names.insert(String(match.output)) }
            commands += command.configuration.subcommands
        }
        return names
    }
}
