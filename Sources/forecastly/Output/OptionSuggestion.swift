import ArgumentParser
import ForecastlyBase
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

    /// An option this command does not take, said as such, with the
    /// commands that take it ("'forecastly alerts' does not take it;
    /// 'forecastly chart' does."): in place of ArgumentParser's guess, which
    /// is then any option up to three letters away ("--chart": "Did you mean '--lat'?").
    /// `command` is the subcommand run, nil for the default one.
    static func forAnotherCommandsOption(in message: String, command: String?) -> MessageText? {
        guard let unknown = unknownOption(in: message) else { return nil }
        let takers = commands.filter { !$0.isDefault && $0.options.contains(unknown) }.map { "'" + $0.name + "'" }
        guard !takers.isEmpty else { return nil }
        let run = "forecastly" + (command.map { " " + $0 } ?? "")
        return switch takers.count {
        case 1: MessageText("'{command}' does not take it; {taker} does.", ["command": run, "taker": takers[0]])
        case 2, 3: MessageText("'{command}' does not take it; {takers} do.", ["command": run],
                               messages: ["takers": [.allOf(takers)]])
        default: MessageText("'{command}' does not take it; other commands do.", ["command": run])
        }
    }

    /// The first option in `arguments` that the command they run does not
    /// take, or nil. ArgumentParser runs a command's own checks before it
    /// reports such an option, so without this `forecastly --lat 1 --lon 2
    /// --svg x.svg` would be told to give the place once (x.svg read as PLACE).
    /// Said as ArgumentParser says it, with the command's option nearest in
    /// spelling ("Unknown option '--hourz'. Did you mean '--hours'?").
    static func firstUnknownOption(among arguments: [String]) -> String? {
        let typed = arguments.prefix { $0 != "--" }.compactMap { $0.wholeMatch(of: /(--[a-z][a-z0-9-]*)(=.*)?/).map { String($0.output.1) } }
        // Only this command's help is read: every command's costs a debug run half a second.
        guard !typed.isEmpty else { return nil }
        let taken = takenByCommand(in: arguments)
        guard !taken.isEmpty, let option = typed.first(where: { !taken.contains($0) }) else { return nil }
        // Sorted: of options as near, the first in the alphabet, whatever the set's order.
        let near = EditDistance.nearest(to: option, among: taken.sorted(), limit: 2)
        return "Unknown option '\(option)'." + (near.map { " Did you mean '\($0)'?" } ?? "")
    }

    /// An option a provider's registration says `--plan` replaced: its new spelling.
    static func forFormerPlanOption(in message: String) -> MessageText? {
        guard let unknown = message.firstMatch(of: /Unknown option '(--[A-Za-z0-9-]+)'/)?.output.1,
              let plan = WeatherProviders.plans.first(where: { $0.plan.formerOption == String(unknown) })?.plan
        else { return nil }
        return MessageText("It is now --plan {plan} (or {variable}=1).", ["plan": plan.id, "variable": plan.environmentVariable])
    }

    /// A place south or west as the first word ("-33.9,18.4") starts with a
    /// dash, so it reads as an option: say how to write it.
    static func forNegativePlace(in message: String) -> MessageText? {
        guard let place = message.firstMatch(of: /Unknown option '(-[0-9][0-9.]*,\s*-?[0-9][0-9.]*)'/)?.output.1 else { return nil }
        return MessageText("A place south or west is written after --: forecastly -- {place} (or with --lat and --lon).", ["place": String(place)])
    }

    /// Everything after "--" is the place, so an option written there is an
    /// unexpected argument: say to put it before ("forecastly -- -33.9,18.4 --offline").
    static func forOptionAfterTwoDashes(in message: String, arguments: [String]) -> MessageText? {
        // "Unexpected argument '--offline'", "2 unexpected arguments: '--days', '2'".
        guard let word = message.firstMatch(of: /[Uu]nexpected arguments?:? '(--[a-z][a-z0-9-]*)'/).map({ String($0.output.1) }),
              let dashes = arguments.firstIndex(of: "--"), arguments[(dashes + 1)...].contains(word),
              takenByCommand(in: arguments).contains(word)
        else { return nil }
        return MessageText("Everything after -- is the place: put {option} before the --.", ["option": word])
    }

    /// The options of the command `arguments` run (only its help is read).
    private static func takenByCommand(in arguments: [String]) -> Set<String> {
        let name = "forecastly" + (CommandSuggestion.command(in: arguments).map { " " + $0 } ?? "")
        return tree.first { $0.name == name }.map { options(taken: $0.command) } ?? []
    }

    /// ArgumentParser already suggests an option a letter or two away; what
    /// it misses is a known option the typed one starts with ("--lattitude"
    /// for "--lat", "--longitude" for "--lon").
    static func nearest(to unknown: String, among known: Set<String>) -> String? {
        known.filter { $0.count >= 5 && unknown.hasPrefix($0) }.max { $0.count < $1.count }
    }

    /// Every command's options, read once: both suggestions ask for them.
    private static let known = Set(commands.flatMap(\.options))

    /// Each command as typed ("forecastly location set") with the options it
    /// takes, read from its help so the list cannot drift from what the
    /// commands declare. A default subcommand is not named again as taking
    /// its parent's options. Read only when an option was unknown.
    private static let commands: [(name: String, options: Set<String>, isDefault: Bool)] =
        tree.map { ($0.name, options(taken: $0.command), $0.isDefault) }

    /// Every command, as typed, from the command declarations alone.
    private static let tree: [(name: String, command: any ParsableCommand.Type, isDefault: Bool)] = {
        var found: [(name: String, command: any ParsableCommand.Type, isDefault: Bool)] = []
        func visit(_ command: any ParsableCommand.Type, name: String, isDefault: Bool) {
            found.append((name, command, isDefault))
            for subcommand in command.configuration.subcommands {
                // The default's own name runs it too ("forecastly forecast").
                visit(subcommand, name: name + " " + subcommand._commandName,
                      isDefault: command.configuration.defaultSubcommand.map(ObjectIdentifier.init) == ObjectIdentifier(subcommand))
            }
        }
        visit(ForecastlyCommand.self, name: "forecastly", isDefault: false)
        return found
    }()

    /// What `command` takes: its own options and its default subcommand's
    /// (`forecastly` takes the forecast's).
    private static func options(taken command: any ParsableCommand.Type) -> Set<String> {
        var options = self.options(of: command)
        var inner = command.configuration.defaultSubcommand
        while let subcommand = inner {
            options.formUnion(self.options(of: subcommand))
            inner = subcommand.configuration.defaultSubcommand
        }
        return options
    }

    /// The options in `command`'s help: the lines that start with one ("  --lat <degrees>", "  -h, --help").
    private static func options(of command: any ParsableCommand.Type) -> Set<String> {
        let help = ForecastlyCommand.helpMessage(for: command, columns: 200)
        var names: Set<String> = ["--help"]
        for line in help.split(separator: "\n") {
            if let match = line.firstMatch(of: /^  (?:-[A-Za-z], )?(--[a-z][a-z0-9-]*)/) { names.insert(String(match.output.1)) }
        }
        return names
    }
}
