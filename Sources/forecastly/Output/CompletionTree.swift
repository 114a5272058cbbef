import ArgumentParser

/// The command tree the shells complete: forecastly's own, with the default
/// command's options at the root too, because people type
/// `forecastly --city Ky<TAB>`, not `forecastly forecast --city Ky<TAB>`.
/// ArgumentParser completes what a command declares, and the real root
/// declares none of them (they belong to `forecast`, its default). Used
/// only for `--generate-completion-script` and the completion calls the
/// scripts make back (`---completion`); every run parses `ForecastlyCommand`.
/// `forecast`'s PLACE is left out here: at the root, a word that is not an
/// option is a subcommand's name to complete, and the scripts ArgumentParser
/// writes would take every such word for the place. `CompletionScripts`
/// adds the places beside the subcommands' names instead.
struct CompletionTree: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forecastly",
        version: ForecastlyCommand.configuration.version,
        subcommands: ForecastlyCommand.configuration.subcommands.map { $0 == SimulateCommand.self ? SimulateCompletionTree.self : $0 }
    )

    // The option groups of ForecastCommand, in its order.
    @OptionGroup var location: LocationOptions
    @OptionGroup var locating: LocationSourceOptions
    @OptionGroup var forecastOptions: ForecastOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var service: ServiceOptions
    @OptionGroup var cache: CacheOptions
    @OptionGroup var watching: WatchOptions

    /// Whether these arguments ask for a completion script or a completion.
    static func isCompletion(_ arguments: [String]) -> Bool {
        arguments.first == "---completion" || arguments.contains { $0 == "--generate-completion-script" || $0.hasPrefix("--generate-completion-script=") }
    }
}

/// `simulate` as the shells complete it: its subcommands, and the options
/// of `play`, its default, at its own level (`forecastly simulate --track <TAB>`).
struct SimulateCompletionTree: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        subcommands: SimulateCommand.configuration.subcommands
    )

    @OptionGroup var play: SimulatePlayOptions
}
