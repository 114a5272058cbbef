import ForecastCore
import ForecastlyBase
import NetworkTransport
import Testing

/// What every provider's bad answers must come to: a `ForecastError` with
/// the documented exit status and a message of one line.
enum BadAnswerCheck {
    /// A short wait only where nothing comes: a 50 MB body must reach the
    /// size cap first, which takes seconds on a busy machine.
    static func limits(for name: String) -> AsyncHTTPClientTransport.Limits {
        AsyncHTTPClientTransport.Limits(connect: .seconds(2), request: name == "never answers" ? .milliseconds(500) : .seconds(60))
    }

    /// Runs `forecast`, expects it to fail as described, and returns the error.
    @discardableResult
    static func expect(
        _ name: String, exit: ForecastlyBase.ExitStatus, sourceLocation: SourceLocation = #_sourceLocation,
        _ forecast: () async throws -> Forecast
    ) async -> ForecastError? {
        let error = await #expect(throws: ForecastError.self, "\(name)", sourceLocation: sourceLocation) { try await forecast() }
        #expect(error?.exitStatus == exit, "\(name): \(String(describing: error))", sourceLocation: sourceLocation)
        #expect(error?.userMessage.contains("\n") == false, sourceLocation: sourceLocation)
        return error
    }
}
