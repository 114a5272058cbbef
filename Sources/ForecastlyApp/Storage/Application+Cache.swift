public import ForecastStore

extension Application {
    /// What the store holds (`cache status`): forecasts, places, their ages, notes.
    public func cacheStatus() throws(StoreError) -> ForecastCacheStatus {
        try context.store.open().status()
    }

    /// Removes every stored forecast (`cache clear`); notes are kept. Returns how many were removed.
    public func clearCache() throws(StoreError) -> Int {
        try context.store.open().clear()
    }
}
