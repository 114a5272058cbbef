import ArgumentParser
import ForecastCore

/// Asks the Swift runtime, on the head-start core, the protocol-conformance
/// questions that parsing a forecast command asks on the main thread.
///
/// The first time the runtime is asked whether a type conforms to a protocol,
/// it scans every conformance record in the binary (about 9,000; Linux keeps
/// no cache between processes), and ArgumentParser asks several such questions
/// of each option group and option type it reflects. Asked here first, in the
/// reverse of the order the parse asks them, most answers are cached by the
/// time the parse needs them: about 0.6 ms of a 19 ms forecast (interleaved
/// runs of the release build against the benchmark's loopback stub, with and
/// without it; it saved 2 ms of 27 before the other start-up cuts). A type
/// missing from these lists, or a question the parse no longer asks, only
/// changes that saving; no answer changes.
enum ConformanceWarmUp {
    /// ForecastCommand's option groups in the order they are declared, then
    /// the command itself.
    private static let optionGroups: [Any.Type] = [
        LocationOptions.self, LocationSourceOptions.self, ForecastOptions.self, OutputOptions.self,
        ServiceOptions.self, CacheOptions.self, WatchOptions.self, ForecastCommand.self,
    ]

    /// The commands the entry point asks whether they run asynchronously. A
    /// list, not a literal type: a question about a literal type is folded
    /// away even without optimisation.
    private static let asyncCommands: [Any.Type] = [ForecastCommand.self]

    /// The types of options that have a default value, whose description
    /// ArgumentParser builds by asking what the type conforms to.
    private static let defaultValueTypes: [Any.Type] = [
        Int.self, Double.self, UnitSystem.self, SourceChoice.self, DurationOption.self,
    ]

    /// Not optimised: the compiler knows every answer statically and would
    /// otherwise fold the questions away.
    @_optimize(none)
    static func run() {
        for group in optionGroups.reversed() {
            _ = group is any ParsableCommand.Type
            _ = group is any CustomReflectable.Type
            _ = group is any ParsableArguments.Type
        }
        for command in asyncCommands {
            _ = command is any AsyncParsableCommand.Type
        }
        for type in defaultValueTypes.reversed() {
            _ = type is any CaseIterable.Type
            _ = type is any RawRepresentable.Type
            _ = type is any TextOutputStreamable.Type
            _ = type is any CustomStringConvertible.Type
        }
    }
}
