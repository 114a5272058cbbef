import ForecastCore
import ForecastlyApp
import Foundation
import NetworkTransport

/// The application as the command line runs it: this machine's files and
/// sources, the prompt on the terminal, the desktop's notifications, and an
/// HTTP transport with the `--timeout` given.
enum CommandLineApp {
    /// Runs `body` with the application; its HTTP client is shut down
    /// afterwards, whatever `body` does.
    static func with<Result: Sendable>(
        timeout: Double = 15, _ body: (Application) async throws -> Result
    ) async throws -> Result {
        let environment = ProcessEnvironment.variables
        // Connecting may take as long as the request may, up to ten seconds: a
        // slow or busy machine is given the time --timeout gives, a dead route is not waited for longer.
        let request = Duration.milliseconds(Int64(timeout * 1000))
        let limits = AsyncHTTPClientTransport.Limits(connect: min(request, .seconds(10)), request: request)
        return try await Application.withSystem(environment: environment, userAgent: Forecastly.userAgent, limits: limits,
                                                asker: TerminalPrompt(), body)
    }
}
