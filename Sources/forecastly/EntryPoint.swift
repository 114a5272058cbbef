import ArgumentParser
import ForecastlyApp
import ForecastlyBase
import Foundation
import NetworkTransport

/// Parses, runs, and turns every outcome into one line and an exit status.
/// ArgumentParser's own `main()` would print usage text after each error;
/// forecastly promises a single line per error instead.
@main
enum EntryPoint {
    static func main() async {
        AsyncHTTPClientTransport.preferSingleEventLoopThread()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if CompletionTree.isCompletion(arguments) {
            // A script or a completion, on stdout; nothing else runs.
            do {
                _ = try CompletionTree.parseAsRoot(arguments)
            } catch {
                let message = CompletionTree.fullMessage(for: error)
                Terminal.standardOutput.writeDocument(CompletionScripts.shell(in: arguments).map { CompletionScripts.patch(message, shell: $0) } ?? message)
                Terminal.standardOutput.writeDocument("\n")
                exit(CompletionTree.exitCode(for: error).rawValue)
            }
            exit(ExitStatus.success.rawValue)
        }
        do {
            var command = try ForecastlyCommand.parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let status = status(for: error)
            exit((status == .success ? finished() : status).rawValue)
        }
        exit(finished().rawValue)
    }

    /// A run that did its work ends 0, unless its output could not be
    /// written: then with that, in one line.
    private static func finished() -> ExitStatus {
        guard let failure = Terminal.outputFailure.withLock({ $0 }) else { return .success }
        Terminal.standardError.writeLine("forecastly: \(UserLanguage.line(failure))")
        return failure.status
    }

    /// Reports `error` in one line (unless it was reported already) and
    /// gives the exit status for it.
    private static func status(for error: any Error) -> ExitStatus {
        switch error {
        case let failed as FailedRun:
            // What the run had to say before it failed, then why it failed.
            RunNotes.print(failed.notes)
            return status(for: failed.error)
        case let exit as SilentExit:
            return exit.status
        case let error as any UserFacingError:
            Terminal.standardError.writeLine("forecastly: \(UserLanguage.line(error))")
            return error.exitStatus
        default:
            return report(argumentParserError: error)
        }
    }

    private static func report(argumentParserError error: any Error) -> ExitStatus {
        let code = ForecastlyCommand.exitCode(for: error)
        let arguments = Array(CommandLine.arguments.dropFirst())
        UserLanguage.choose(typedIn: arguments)
        if code == .success, let topic = CommandSuggestion.unknownHelpTopic(in: arguments) {
            // ArgumentParser shows the root help for a topic it does not know.
            let line = UserLanguage.words()("There is no command “{topic}” to explain. See 'forecastly --help' for the commands.",
                                            ["topic": topic.strippingTerminalControls(limit: 40)])
            Terminal.standardError.writeLine("forecastly: " + line)
            return .usage
        }
        if code == .success {
            // --help, --version, completion scripts: wanted output, on stdout.
            let message = ForecastlyCommand.fullMessage(for: error)
            if RootHelp.isRoot(message) {
                // -h is the short help, --help the whole; ArgumentParser gives both the same text.
                let short = arguments.contains("-h") && !arguments.contains("--help")
                Terminal.standardOutput.writeLine(short ? RootHelp.short(root: message) : RootHelp.text(root: message))
            } else {
                Terminal.standardOutput.writeLine(message)
            }
            return .success
        }
        var text = ForecastlyCommand.message(for: error)
        // A mistake the commands' own checks found is said in the user's language.
        var mistake = UsageMistake(carriedIn: text)
        // Those checks run before ArgumentParser reports an option the command
        // does not take, which is then the first mistake ("--svg x.svg" made x.svg the place).
        if mistake != nil, let unknown = OptionSuggestion.firstUnknownOption(among: arguments) {
            text = unknown
            mistake = nil
        }
        let words = UserLanguage.words()
        // The help of the command that was run, which lists what it takes.
        let command = CommandSuggestion.command(in: arguments)
        let help = CommandSuggestion.helpCommand(in: arguments)
        let see = words("See '{command}'.", ["command": "forecastly " + (help.map { $0 + " " } ?? "") + "--help"])
        if let mistake {
            Terminal.standardError.writeLine("forecastly: \(words.line(mistake)) \(see)")
            return .usage
        }
        var english = oneLine(text)
        // Some of ArgumentParser's messages end without a full stop
        // ("Missing value for '--city <name>'"), and a second sentence follows.
        if let last = english.last, !".!?".contains(last) { english += "." }
        // ArgumentParser suggests a near spelling itself; forecastly adds one for the rest ("--lattitude").
        var hint: MessageText?
        if let replaced = OptionSuggestion.forFormerPlanOption(in: english) {
            hint = replaced
        } else if let said = OptionSuggestion.forAnotherCommandsOption(in: english, command: command) {
            // In place of ArgumentParser's guess at a spelling.
            english = english.firstRange(of: " Did you mean ").map { String(english[..<$0.lowerBound]) } ?? english
            hint = said
        } else if !english.contains("Did you mean"), let suggestion = OptionSuggestion.forUnknownOption(in: english) {
            english += " Did you mean '\(suggestion)'?"
        } else {
            hint = OptionSuggestion.forNegativePlace(in: english) ?? OptionSuggestion.forOptionAfterTwoDashes(in: english, arguments: arguments)
        }
        let message = ([ParserMessage.message(english)] + (hint.map { [$0] } ?? [])).map(words.say).joined(separator: " ")
        Terminal.standardError.writeLine("forecastly: \(message) \(see)")
        return ExitStatus(rawValue: code.rawValue) ?? .usage
    }

    /// ArgumentParser's message on one line; its bulleted list of accepted
    /// values ("Please provide one of the following:\n  - en\n  - de")
    /// becomes a list of words ("…following: en, de").
    static func oneLine(_ message: String) -> String {
        let lines = message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        let items = lines.filter { $0.hasPrefix("- ") }.map { String($0.dropFirst(2)) }
        let text = lines.filter { !$0.hasPrefix("- ") && !$0.isEmpty }.joined(separator: " ")
        guard !items.isEmpty else { return text }
        return text + (text.hasSuffix(":") ? " " : ": ") + items.joined(separator: ", ") + "."
    }
}
