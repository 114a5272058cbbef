import ArgumentParser
import ForecastlyBase

/// `forecastly compre`: a first word that names no place but is a typo away
/// from a subcommand was meant as the subcommand. Asked only after the place
/// was not found, so a real place of such a name still wins.
enum CommandSuggestion {
    /// The subcommand `word` is a typo of, or nil.
    static func subcommand(near word: String) -> String? {
        let typed = word.lowercased()
        guard typed.count >= 3, typed.allSatisfy({ $0.isLetter }) else { return nil }
        // One letter off for short names, two for longer ones.
        let limit = typed.count <= 5 ? 1 : 2
        return EditDistance.nearest(to: typed, among: names(of: ForecastlyCommand.self).filter { $0 != typed }, limit: limit)
    }

    /// The names (and aliases) of `command`'s subcommands, and `help`.
    static func names(of command: any ParsableCommand.Type) -> [String] {
        command.configuration.subcommands.flatMap { subcommand in
            [subcommand._commandName] + subcommand.configuration.aliases
        } + ["help"]
    }

    /// `forecastly help nonexistent`: the first word after `help` that names
    /// no command at its place, or nil when the topic is real.
    static func unknownHelpTopic(in arguments: [String]) -> String? {
        guard arguments.first == "help" else { return nil }
        var command: any ParsableCommand.Type = ForecastlyCommand.self
        for word in arguments.dropFirst() where !word.hasPrefix("-") {
            guard let named = subcommand(named: word, of: command) else { return word }
            command = named
        }
        return nil
    }

    /// The subcommand `arguments` run, as typed ("location set"), or nil for
    /// the default command: the root takes no option of its own, so a
    /// subcommand's name can only come first.
    static func command(in arguments: [String]) -> String? {
        let (path, _) = resolved(arguments)
        return path.isEmpty ? nil : path.joined(separator: " ")
    }

    /// The command whose help lists the options `arguments` may give, as
    /// typed ("simulate play"): the one run, down to the default subcommand
    /// that runs with it (`simulate --fix` is `simulate play`'s option), or
    /// nil for the root, whose help lists the forecast's.
    static func helpCommand(in arguments: [String]) -> String? {
        var (path, command) = resolved(arguments)
        guard !path.isEmpty else { return nil }
        while let inner = command.configuration.defaultSubcommand {
            path.append(inner._commandName)
            command = inner
        }
        return path.joined(separator: " ")
    }

    private static func resolved(_ arguments: [String]) -> (path: [String], command: any ParsableCommand.Type) {
        var command: any ParsableCommand.Type = ForecastlyCommand.self
        var path: [String] = []
        for word in arguments {
            guard let named = subcommand(named: word, of: command) else { break }
            path.append(word)
            command = named
        }
        return (path, command)
    }

    /// The subcommand named `name` among `command`'s, if any.
    static func subcommand(named name: String, of command: any ParsableCommand.Type) -> (any ParsableCommand.Type)? {
        command.configuration.subcommands.first { $0._commandName == name || $0.configuration.aliases.contains(name) }
    }
}

/// "forecastly compre": the place was not found, and the word looks like a
/// subcommand's name.
struct MistypedCommand: UserFacingError {
    var typed: String
    var meant: String

    var summaryMessage: MessageText {
        MessageText("No command or place is called “{typed}”. Did you mean 'forecastly {command}'?", ["typed": typed.strippingTerminalControls(limit: 40), "command": meant])
    }
    var adviceMessage: MessageText? { MessageText("For a place of that name, use --city; 'forecastly --help' lists the commands.") }
    var exitStatus: ExitStatus { .usage }
}
