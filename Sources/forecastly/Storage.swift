import ForecastCore
import Foundation
import LocationProvider
import Synchronization

/// The SQLite store as the CLI opens it.
enum Storage {
    static var path: String {
        SQLiteStore.defaultPath(directories: XDGDirectories(environment: ProcessInfo.processInfo.environment))
    }

    /// The store, or an error naming the file (for `notes` and `cache`, which need it).
    static func open() throws(StoreError) -> SQLiteStore {
        if let opened = HeadStart.takeStore() { return try opened.get() }
        return try SQLiteStore.open(path: path)
    }

    /// The cache's store is never closed: every write is committed before it
    /// returns, and closing would only finalise statements, release locks
    /// and unmap the shared index, which the process's exit does anyway.
    /// About 0.3 ms at the end of each forecast run (measured between the
    /// last write and the exit).
    private static let openUntilExit = Mutex<SQLiteStore?>(nil)

    /// The store for the forecast cache. A forecast still works without it,
    /// so a damaged or foreign file is a warning here, never a reason to
    /// touch the file or to fail.
    static func openForCache() -> SQLiteStore? {
        do {
            let store = try open()
            openUntilExit.withLock { $0 = store }
            return store
        } catch {
            Terminal.standardError.writeLine("forecastly: warning: \(error.userMessage) The forecast is shown without the cache.")
            return nil
        }
    }
}
