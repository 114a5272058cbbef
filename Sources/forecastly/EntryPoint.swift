import ArgumentParser
import CStartup
import ForecastCore
import Foundation
import LocationProvider
import NetworkTransport

/// Parses, runs, and turns every outcome into one line and an exit status.
/// ArgumentParser's own `main()` would print usage text after each error;
/// forecastly promises a single line per error instead.
@main
enum EntryPoint {
    static func main() {
        // A run writes to nearly all of the ~300 pages of zero-filled data
        // (runtime caches, lazy globals), and each first write is a page
        // fault, many of them while other threads run. Mapped in one call
        // first: a forecast run takes about 0.3 ms less wall time and 0.8 ms
        // less CPU (interleaved runs against the benchmark's stub); `--version`,
        // which touches fewer pages, 0.25 ms more. An older kernel refuses the
        // call and nothing changes.
        _ = forecastly_populate_bss()
        AsyncHTTPClientTransport.preferSingleEventLoopThread()
        let arguments = Array(CommandLine.arguments.dropFirst())
        // A forecast's usual arguments skip ArgumentParser (see SimpleArguments).
        if let forecast = ForecastCommand(simpleArguments: arguments) {
            HeadStart.begin(parsing: false)
            start { try await forecast.run() }
        }
        HeadStart.begin(parsing: true)
        let command: any ParsableCommand
        do {
            command = try ForecastlyCommand.parseAsRoot(arguments)
        } catch {
            exit(status(for: error).rawValue)
        }
        start { try await execute(command) }
    }

    /// Runs `body` on the concurrency pool and ends the process from there
    /// with its exit status: nothing waits on the main thread, which
    /// dispatchMain parks.
    private static func start(_ body: sending @escaping () async throws -> Void) -> Never {
        Task.detached {
            do {
                try await body()
                exit(ExitStatus.success.rawValue)
            } catch {
                exit(status(for: error).rawValue)
            }
        }
        dispatchMain()
    }

    /// Generic so that the cast below starts from the command's own type:
    /// cast from `any ParsableCommand`, the runtime first asks whether the
    /// existential type itself conforms, a scan of every conformance record
    /// (about 60 µs) at the start of every run.
    private static func execute<Command: ParsableCommand>(_ command: Command) async throws {
        if var asyncCommand = command as? any AsyncParsableCommand {
            try await asyncCommand.run()
        } else {
            var command = command
            try command.run()
        }
    }

    /// Reports `error` in one line (unless it was reported already) and
    /// gives the exit status for it.
    private static func status(for error: any Error) -> ExitStatus {
        switch error {
        case let exit as SilentExit:
            return exit.status
        case let error as any UserFacingError:
            Terminal.standardError.writeLine("forecastly: \(error.userMessage)")
            return error.exitStatus
        default:
            return report(argumentParserError: error)
        }
    }

    private static func report(argumentParserError error: any Error) -> ExitStatus {
        let code = ForecastlyCommand.exitCode(for: error)
        if code == .success {
            // --help, --version, completion scripts: wanted output, on stdout.
            Terminal.standardOutput.writeLine(ForecastlyCommand.fullMessage(for: error))
            return .success
        }
        var message = ForecastlyCommand.message(for: error)
            .split(whereSeparator: \.isNewline).joined(separator: " ")
        // Some of ArgumentParser's messages end without a full stop
        // ("Missing value for '--city <name>'"), and a second sentence follows.
        if let last = message.last, !".!?".contains(last) { message += "." }
        Terminal.standardError.writeLine("forecastly: \(message) See 'forecastly --help'.")
        return ExitStatus(rawValue: code.rawValue) ?? .usage
    }
}
