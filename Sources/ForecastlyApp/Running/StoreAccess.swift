import ForecastlyBase
public import ForecastStore
import Synchronization

/// The SQLite store of forecasts, warnings and notes, opened once, when a
/// run first needs it.
public final class StoreAccess: Sendable {
    private let opener: @Sendable () throws(StoreError) -> SQLiteStore
    private let opened = Mutex<Result<SQLiteStore, StoreError>?>(nil)
    /// Where the store is, for messages.
    public let path: String

    /// The store at `path` (`$XDG_DATA_HOME/forecastly/forecastly.sqlite`).
    public convenience init(path: String) {
        self.init(path: path) { () throws(StoreError) in try SQLiteStore.open(path: path) }
    }

    /// The store in `environment`'s XDG data directory.
    public convenience init(environment: [String: String]) {
        self.init(path: SQLiteStore.defaultPath(directories: XDGDirectories(environment: environment)))
    }

    /// A store in memory: a simulation's, or a test's.
    public static func inMemory() -> StoreAccess {
        StoreAccess(path: ":memory:") { () throws(StoreError) in try SQLiteStore.inMemory() }
    }

    public init(path: String, opener: @escaping @Sendable () throws(StoreError) -> SQLiteStore) {
        self.path = path
        self.opener = opener
    }

    /// The store, or an error naming the file: for what the user asked to
    /// keep (notes), which needs it.
    public func open() throws(StoreError) -> SQLiteStore {
        let result = opened.withLock { cached -> Result<SQLiteStore, StoreError> in
            if let cached { return cached }
            let result: Result<SQLiteStore, StoreError>
            do throws(StoreError) { result = .success(try opener()) } catch { result = .failure(error) }
            cached = result
            return result
        }
        return try result.get()
    }

    /// The store as a cache for the run that keeps `log`: a forecast works
    /// without it, so a damaged or foreign file is a warning, never a reason
    /// to touch the file or to fail, and one that cannot be written is a
    /// problem of that run (of every run that asks, while it lasts).
    func cache(_ log: NoteLog) -> SQLiteStore? {
        do {
            return try open()
        } catch {
            if case .cannotWrite = error {
                log.unwritten(CacheProblem(error))
            } else {
                log.add(.warning(MessageText("{error} The forecast is shown without the cache.", messages: ["error": [error.summaryMessage] + (error.adviceMessage.map { [$0] } ?? [])])))
            }
            return nil
        }
    }
}
