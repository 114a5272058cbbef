import ForecastlyBase
import ForecastStore
import Foundation

/// The SQLite store as the CLI opens it.
enum Storage {
    static var path: String {
        SQLiteStore.defaultPath(directories: XDGDirectories(environment: ProcessInfo.processInfo.environment))
    }

    /// The store, or an error naming the file (for `notes` and `cache`, which need it).
    static func open() throws(StoreError) -> SQLiteStore {
        return try SQLiteStore.open(path: path)
    }

    /// The store for the forecast cache. A forecast still works without it,
    /// so a damaged or foreign file is a warning here, never a reason to
    /// touch the file or to fail. One that cannot be written (a full disk, a
    /// read-only directory) is what the run ends with, after the forecast is
    /// shown (`UnwrittenCache`).
    static func openForCache() -> SQLiteStore? {
        do {
            return try open()
        } catch {
            if case .cannotWrite = error {
                UnwrittenCache.record(error)
            } else {
                Terminal.standardError.writeLine("forecastly: warning: \(error.userMessage) The forecast is shown without the cache.")
            }
            return nil
        }
    }
}
