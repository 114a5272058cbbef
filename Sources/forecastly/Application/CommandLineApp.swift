import ForecastCore
import ForecastlyApp
import Foundation
import NetworkTransport

/// The application as the command line runs it: this machine's files and
/// sources, the prompt on the terminal, the desktop's notifications, and an
/// HTTP transport with the `--timeout` given.
enum CommandLineApp {
    /// Runs `body` with the application and shuts its transport down
    /// afterwards, whatever `body` does.
    static func with<Result: Sendable>(
        timeout: Double = 15, _ body: (Application) async throws -> Result
    ) async throws -> Result {
        let environment = ProcessInfo.processInfo.environment
        let limits = AsyncHTTPClientTransport.Limits(request: .milliseconds(Int64(timeout * 1000)))
        let transport = AsyncHTTPClientTransport(userAgent: Forecastly.userAgent, limits: limits)
        let application = Application(context: .system(environment: environment, transport: transport, asker: TerminalPrompt()))
        do {
            let result = try await body(application)
            await transport.shutdown()
            return result
        } catch {
            await transport.shutdown()
            throw error
        }
    }
}
