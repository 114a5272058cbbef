import ArgumentParser
import ForecastCore

/// Asks the Swift runtime, on the head-start core, the protocol-conformance
/// questions that parsing a forecast command asks on the main thread.
///
/// The first time the runtime is asked whether a type conforms to a protocol,
/// it scans every conformance record in the binary (about 9,000: 57 µs each
/// time, timed in the release build; Linux keeps no cache between processes),
/// and ArgumentParser asks several such questions of each option group and
/// option type it reflects. Asked here first, last question first, the parse
/// finds them answered: traced, it scanned only for the 21 questions about
/// types it alone can name. A type missing from the list, or a question the
/// parse no longer asks, only changes the saving; no answer changes. A question
/// the parse does not ask is not free: it delays the head start's other work
/// (the store, the HTTP client) by a scan. Dropping ten of them took 0.57 ms
/// off a forecast run, in two of three interleaved A/Bs against a loopback
/// stub (the third: no change), and 0.4 to 1 ms of CPU.
enum ConformanceWarmUp {
    /// A conformance question, in the form ArgumentParser asks it.
    private enum Question {
        case parsableCommand, asyncParsableCommand, parsableArguments, customReflectable
        case caseIterable, rawRepresentable, textOutputStreamable, customStringConvertible
    }

    /// What `forecastly --lat … --lon …` asks of types this module can name,
    /// in the reverse of the order the parse asks it (traced with a probe on
    /// the runtime's conformance scan). ArgumentParser's own types, and
    /// generic ones such as `Option<Int>`, are asked early in the parse, where
    /// the main thread gets to them first anyway.
    private static let questions: [(Any.Type, Question)] = [
        // Decoding the parsed values into each option group.
        (ForecastCommand.self, .parsableCommand),
        (WatchOptions.self, .parsableCommand),
        (CacheOptions.self, .parsableCommand),
        (ServiceOptions.self, .parsableCommand),
        (OutputOptions.self, .parsableCommand),
        (ForecastOptions.self, .parsableCommand),
        (LocationSourceOptions.self, .parsableCommand),
        (LocationOptions.self, .parsableCommand),
        (ForecastlyCommand.self, .parsableCommand),
        // The entry point's, once the parse is done.
        (ForecastCommand.self, .asyncParsableCommand),
        // Reflecting each group in the order ForecastCommand declares them,
        // describing its options' default values on the way.
        (WatchOptions.self, .customReflectable),
        (WatchOptions.self, .parsableArguments),
        (DurationOption.self, .caseIterable),
        (CacheOptions.self, .customReflectable),
        (CacheOptions.self, .parsableArguments),
        (ServiceOptions.self, .customReflectable),
        (ServiceOptions.self, .parsableArguments),
        (OutputOptions.self, .customReflectable),
        (OutputOptions.self, .parsableArguments),
        (UnitSystem.self, .rawRepresentable),
        (UnitSystem.self, .caseIterable),
        (Int.self, .customStringConvertible),
        (Int.self, .textOutputStreamable),
        (Int.self, .caseIterable),
        (ForecastOptions.self, .customReflectable),
        (ForecastOptions.self, .parsableArguments),
        (Double.self, .textOutputStreamable),
        (Double.self, .caseIterable),
        (SourceChoice.self, .rawRepresentable),
        (SourceChoice.self, .caseIterable),
        (LocationSourceOptions.self, .customReflectable),
        (LocationSourceOptions.self, .parsableArguments),
        (LocationOptions.self, .customReflectable),
        (LocationOptions.self, .parsableArguments),
        (ForecastCommand.self, .customReflectable),
        (ForecastlyCommand.self, .customReflectable),
    ]

    static func run() {
        for (type, question) in questions {
            ask(question, of: type)
        }
    }

    /// Not optimised: the compiler would otherwise drop a question whose
    /// answer nobody reads.
    @_optimize(none)
    private static func ask(_ question: Question, of type: Any.Type) {
        switch question {
        case .parsableCommand: _ = type is any ParsableCommand.Type
        case .asyncParsableCommand: _ = type is any AsyncParsableCommand.Type
        case .parsableArguments: _ = type is any ParsableArguments.Type
        case .customReflectable: _ = type is any CustomReflectable.Type
        case .caseIterable: _ = type is any CaseIterable.Type
        case .rawRepresentable: _ = type is any RawRepresentable.Type
        case .textOutputStreamable: _ = type is any TextOutputStreamable.Type
        case .customStringConvertible: _ = type is any CustomStringConvertible.Type
        }
    }
}
