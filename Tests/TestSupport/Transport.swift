public import NetworkTransport

/// Runs `body` with a real AsyncHTTPClient transport and shuts it down
/// whatever `body` does: how every test gets one, as it gets a stub server.
public func withTransport<Result>(
    userAgent: String, limits: AsyncHTTPClientTransport.Limits = .init(),
    _ body: (AsyncHTTPClientTransport) async throws -> Result
) async throws -> Result {
    try await stopping(AsyncHTTPClientTransport(userAgent: userAgent, limits: limits), with: { await $0.shutdown() }, after: body)
}
