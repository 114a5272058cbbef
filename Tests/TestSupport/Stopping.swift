/// Runs `body` with `resource`, then stops it whether `body` returned or
/// threw: how every stub a test starts is stopped.
func stopping<Resource, Result>(
    _ resource: Resource, with stop: (Resource) async -> Void, after body: (Resource) async throws -> Result
) async throws -> Result {
    do {
        let result = try await body(resource)
        await stop(resource)
        return result
    } catch {
        await stop(resource)
        throw error
    }
}
