extension AsyncStream where Element: Sendable {
    /// Hands each element to `onElement` until it returns true or `limit`
    /// passes, whichever comes first. A watched gpsd that falls silent then
    /// ends the wait (and the test fails on what it did not see) instead of
    /// hanging the suite; ending the iteration also stops the watcher.
    /// - Returns: true when `onElement` said so, false when the stream ended or `limit` passed.
    @discardableResult
    func watch(for limit: Duration, until onElement: @escaping @Sendable (Element) -> Bool) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for await element in self where onElement(element) { return true }
                return false
            }
            group.addTask {
                try? await Task.sleep(for: limit)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }
}
