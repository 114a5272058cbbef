import ArgumentParser
import ForecastlyBase

/// `--timeout`, declared and checked once for every command that waits on
/// the network: the weather services' commands (through `ServiceOptions`) and `sky`.
struct TimeoutOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds the whole answer may take (finding the place, every service asked), 1…120.", valueName: "seconds"))
    var timeout: Double = 15

    /// Checked during parsing, before any prompt or request.
    func validate() throws {
        guard timeout.isFinite, (1...120).contains(timeout) else {
            throw UsageMistake.error(MessageText("--timeout must be between 1 and 120 seconds; got {value}.", ["value": timeout.asTyped]))
        }
    }
}
