import ArgumentParser
import ForecastCore
import Foundation
import LocationProvider
import NetworkTransport

/// Parses, runs, and turns every outcome into one line and an exit status.
/// ArgumentParser's own `main()` would print usage text after each error;
/// forecastly promises a single line per error instead.
@main
enum EntryPoint {
    static func main() async {
        AsyncHTTPClientTransport.preferSingleEventLoopThread()
        let arguments = Array(CommandLine.arguments.dropFirst())
        let status: ExitStatus
        do {
            var command = try ForecastlyCommand.parseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            status = .success
        } catch let exit as SilentExit {
            status = exit.status
        } catch let error as any UserFacingError {
            Terminal.standardError.writeLine("forecastly: \(error.userMessage)")
            status = error.exitStatus
        } catch {
            status = report(argumentParserError: error)
        }
        exit(status.rawValue)
    }

    private static func report(argumentParserError error: any Error) -> ExitStatus {
        let code = ForecastlyCommand.exitCode(for: error)
        if code == .success {
            // --help, --version, completion scripts: wanted output, on stdout.
            Terminal.standardOutput.writeLine(ForecastlyCommand.fullMessage(for: error))
            return .success
        }
        let message = ForecastlyCommand.message(for: error)
            .split(whereSeparator: \.isNewline).joined(separator: " ")
        Terminal.standardError.writeLine("forecastly: \(message) See 'forecastly --help'.")
        return ExitStatus(rawValue: code.rawValue) ?? .usage
    }
}
