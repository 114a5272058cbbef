public import NetworkTransport

/// Runs `body` with a real AsyncHTTPClient transport and shuts it down
/// whatever `body` does: how every test gets one, as it gets a stub server.
public func withTransport<Result>(
    userAgent: String, limits: AsyncHTTPClientTransport.Limits = .underTest,
    _ body: (AsyncHTTPClientTransport) async throws -> Result
) async throws -> Result {
    try await stopping(AsyncHTTPClientTransport(userAgent: userAgent, limits: limits), with: { await $0.shutdown() }, after: body)
}

extension AsyncHTTPClientTransport.Limits {
    /// A test's transport: the product's body cap, with time for a machine
    /// that runs the whole suite at once (hundreds of tests in one process on
    /// two cores can keep a request's task from reading its answer for
    /// seconds). Tests of the time limits set their own.
    public static let underTest = Self(connect: .seconds(30), request: .seconds(60))
}
