import Foundation
#if canImport(Glibc)
import Glibc
#endif
import CSQLite
import GRDB
public import ForecastlyBase
import ForecastCore

/// The forecast cache and the notes in one SQLite database
/// (`$XDG_DATA_HOME/forecastly/forecastly.sqlite`), through GRDB: WAL mode so
/// readers never wait for a writer, versioned migrations, and every write in
/// one transaction, so a process killed mid-write leaves the last committed state.
///
/// A file that is not forecastly's (damaged, not SQLite, or another
/// program's database) is reported with its path and never written to.
public final class SQLiteStore: Sendable {
    /// `PRAGMA application_id`: "FCLY". Marks the file as forecastly's.
    static let applicationID: Int32 = 0x4643_4C59

    public let path: String
    let writer: any DatabaseWriter

    public static func defaultPath(directories: XDGDirectories) -> String { directories.data + "/forecastly.sqlite" }

    /// Why `path` (the database's directory or lock) cannot be made: a
    /// file in the way is said as such, not as the system's "file exists".
    private static func cannotCreate(_ path: String, errno code: Int32) -> MessageText {
        code == EEXIST || code == ENOTDIR ? MessageText("cannot create {path}: a file is in the way", ["path": path])
            : MessageText("cannot create {path} ({reason})", ["path": path, "reason": AtomicFile.errorText(code).lowercased()])
    }

    /// Opens (creating when missing) the database at `path`.
    public static func open(path: String) throws(StoreError) -> SQLiteStore {
        let directory = POSIXPath.directory(of: path)
        guard POSIXPath.makeDirectories(directory) else {
            let code = errno
            throw .cannotWrite(path: path, detail: cannotCreate(directory, errno: code), status: ExitStatus.forWriting(errno: code))
        }
        // Opening is serialised between processes: GRDB's migrator checks
        // and applies migrations in separate steps, so two first runs at
        // once would both try to create the tables. The kernel drops the
        // lock if a process dies holding it.
        let lock = Glibc.open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lock >= 0 else {
            let code = errno
            throw .cannotWrite(path: path, detail: cannotCreate(path + ".lock", errno: code), status: ExitStatus.forWriting(errno: code))
        }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { throw .unavailable(path: path, detail: MessageText("cannot lock {path}", ["path": path + ".lock"])) }
        }
        let found = try header(path)
        if found == .unmarked { try inspect(path) }
        var configuration = Configuration()
        // Twenty `notes add` at once take turns instead of failing.
        configuration.busyMode = .timeout(15)
        // WAL by hand rather than GRDB's `.wal`: that one also commits a dummy
        // transaction whenever the -wal file is empty, as it is after every
        // clean close, which made each run write (and sync) twice. WAL
        // persists in the file, so this is a plain read after the first run.
        configuration.prepareDatabase { db in
            let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
            guard mode == "wal" else { throw DatabaseError(message: "could not switch to WAL mode") }
            // Cache writes do not wait for the disk: with WAL, a power cut can
            // lose the last of them but never damages the file. Notes do
            // wait (write(durable:)).
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // The log is kept when a run ends, and copied into the database
            // after a write once it is long (keepLogShort). Copying it at every
            // close meant two disk syncs per run, plus recreating the log (and
            // syncing its directory) at the next write; the next open reads
            // the kept log back, which costs less. If the call fails,
            // SQLite keeps its default: copying at close.
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
            _ = forecastly_sqlite3_keep_wal_on_close(db.sqliteConnection)
        }
        // One connection: a CLI run does a read or two and a write; a pool's
        // extra reader connections only cost start-up time.
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
        } catch {
            // The connection is gone with its own record of the cause; the
            // thread's errno still holds the failed call's.
            throw describe(error, path: path, systemErrno: errno)
        }
        try migrate(queue, path: path)
        if found != .ours {
            // A new store's schema and application id are in its log, which
            // is kept between runs: copied into the file now, so that the
            // next run finds the id in the header and opens one connection,
            // instead of inspecting the file through a second one (which read
            // the whole log twice on every run). The cache works without it.
            _ = try? queue.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
        }
        return SQLiteStore(path: path, writer: queue)
    }

    private enum Header {
        case missing
        /// forecastly's application id: no further checks needed.
        case ours
        /// An SQLite file with no application id: new, being created, or another program's.
        case unmarked
    }

    /// The file's first 100 bytes (the SQLite header) say at once whether
    /// it is an SQLite database and whose: the application id is at offset 68.
    private static func header(_ path: String) throws(StoreError) -> Header {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return POSIXPath.exists(path) ? .unmarked : .missing }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 100)
        let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, 100) }
        if count <= 0 { return .missing }
        bytes.removeSubrange(max(0, count)...)
        guard bytes.count == 100, bytes.starts(with: Array("SQLite format 3\0".utf8)) else {
            throw .corrupt(path: path, detail: MessageText("not an SQLite database"))
        }
        let id = bytes[68..<72].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        if Int32(bitPattern: id) == applicationID { return .ours }
        if id != 0 { throw .foreign(path: path) }
        return .unmarked
    }

    /// A private in-memory database (for tests and previews).
    public static func inMemory() throws(StoreError) -> SQLiteStore {
        let queue: DatabaseQueue
        do { queue = try DatabaseQueue() } catch { throw describe(error, path: ":memory:") }
        try migrate(queue, path: ":memory:")
        return SQLiteStore(path: ":memory:", writer: queue)
    }

    private init(path: String, writer: any DatabaseWriter) {
        self.path = path
        self.writer = writer
    }

    /// Reads the existing file read-only: it must be an SQLite database that
    /// is forecastly's (its application id), or an empty one.
    private static func inspect(_ path: String) throws(StoreError) {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(15)
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            let (id, tables) = try queue.read { db in
                let id = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
                let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
                return (id, tables)
            }
            try queue.close()
            // Another forecastly may be creating it right now: GRDB commits its
            // bookkeeping table before the first migration sets the id.
            let others = tables.filter { $0 != "grdb_migrations" }
            if id != applicationID, id != 0 || !others.isEmpty { throw StoreError.foreign(path: path) }
        } catch let error as StoreError {
            throw error
        } catch {
            throw describe(error, path: path)
        }
    }

    private static func migrate(_ writer: any DatabaseWriter, path: String) throws(StoreError) {
        let migrator = Self.migrator
        do {
            let (superseded, complete) = try writer.read { db in
                (try migrator.hasBeenSuperseded(db), try migrator.hasCompletedMigrations(db))
            }
            if superseded { throw StoreError.newerVersion(path: path) }
            // Migrating takes the write lock even when there is nothing to do.
            if !complete { try migrator.migrate(writer) }
        } catch let error as StoreError {
            throw error
        } catch {
            throw describe(error, path: path, systemErrno: writer.writeWithoutTransaction { db in sqlite3_system_errno(db.sqliteConnection) })
        }
    }

    /// Schema history. Never edit a registered migration: add a new one.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: forecast cache and notes") { db in
            try db.execute(sql: "PRAGMA application_id = \(applicationID)")
            try db.create(table: "forecast") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("grid", .text).notNull()
                t.column("days", .integer).notNull()
                t.column("units", .text).notNull()
                t.column("hourly", .boolean).notNull()
                t.column("fetchedAt", .double).notNull()
                t.column("placeName", .text)
                t.column("body", .blob).notNull()
            }
            try db.create(index: "forecast_by_key", on: "forecast", columns: ["grid", "days", "units", "hourly", "fetchedAt"])
            try db.create(index: "forecast_by_time", on: "forecast", columns: ["fetchedAt"])
            try db.create(table: "note") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("createdAt", .double).notNull()
                t.column("text", .text).notNull()
                t.column("placeName", .text)
                t.column("latitude", .double)
                t.column("longitude", .double)
                t.column("temperature", .double)
                t.column("temperatureUnit", .text)
                t.column("weatherCode", .integer)
                t.column("description", .text)
                t.column("symbol", .text)
                t.column("glyph", .text)
            }
            try db.create(index: "note_by_time", on: "note", columns: ["createdAt", "id"])
        }
        // Several providers: a forecast is filed under the one that made it,
        // with the caching headers MET Norway's terms oblige forecastly to
        // obey, and a note says which provider gave its weather. Forecasts
        // stored before this were all Open-Meteo's.
        migrator.registerMigration("v2: providers and caching headers") { db in
            try db.alter(table: "forecast") { t in
                t.add(column: "provider", .text).notNull().defaults(to: "open-meteo")
                t.add(column: "expires", .double)
                t.add(column: "lastModified", .text)
            }
            try db.drop(index: "forecast_by_key")
            try db.create(index: "forecast_by_key", on: "forecast", columns: ["provider", "grid", "days", "units", "hourly", "fetchedAt"])
            try db.alter(table: "note") { t in
                t.add(column: "provider", .text)
            }
        }
        // Official warnings, one answer per service and scope (a point, or a
        // MeteoAlarm country), kept until the service may be asked again and
        // beyond: each warning carries its own expiry.
        migrator.registerMigration("v3: warning bulletins") { db in
            try db.create(table: "alertBulletin") { t in
                t.primaryKey("scope", .text)
                t.column("source", .text).notNull()
                t.column("fetchedAt", .double).notNull()
                t.column("nextRequest", .double).notNull()
                t.column("body", .blob).notNull()
            }
        }
        // A stored forecast carries its provider's description and credit
        // as they were when it was fetched, where it carried only the
        // provider's name: the forecasts stored before, a cache, are dropped.
        migrator.registerMigration("v4: providers described in each forecast") { db in
            try db.execute(sql: "DELETE FROM forecast")
        }
        // The extras beside a forecast (the air, the next two hours), each
        // kept for as long as it stands for a new one; and an extra that
        // failed, remembered for a while so the next runs do not wait for it.
        migrator.registerMigration("v5: extras and their failures") { db in
            try db.create(table: "extraAnswer") { t in
                t.column("kind", .text).notNull()
                t.column("key", .text).notNull()
                t.column("fetchedAt", .double).notNull()
                t.column("validUntil", .double).notNull()
                t.column("body", .blob).notNull()
                t.primaryKey(["kind", "key"])
            }
            try db.create(table: "extraFailure") { t in
                t.column("kind", .text).notNull()
                t.column("scope", .text).notNull()
                t.column("reason", .text).notNull()
                t.column("until", .double).notNull()
                t.primaryKey(["kind", "scope"])
            }
        }
        // Every forecast is kept as provided, in metric units, and converted
        // for display: those kept in imperial ones, a cache, are dropped.
        migrator.registerMigration("v6: forecasts kept as provided") { db in
            try db.execute(sql: "DELETE FROM forecast WHERE units <> 'metric'")
        }
        return migrator
    }

    /// Runs a read; errors name the file.
    func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do { return try writer.read(body) } catch { throw describeWithCause(error) }
    }

    /// Runs a write in one transaction; errors name the file. A `durable`
    /// write is on disk when this returns, for what only the user has
    /// (notes); others may wait for the disk (see the store's `synchronous`).
    func write<T>(durable: Bool = false, _ body: (Database) throws -> T) throws(StoreError) -> T {
        let result: T
        do {
            result = durable ? try writer.writeWithoutTransaction { db in try Self.syncedTransaction(db, body) }
                             : try writer.write(body)
        } catch {
            throw describeWithCause(error)
        }
        keepLogShort()
        return result
    }

    /// `body` in a transaction committed with `synchronous = FULL`, which
    /// cannot change inside a transaction.
    private static func syncedTransaction<T>(_ db: Database, _ body: (Database) throws -> T) throws -> T {
        try db.execute(sql: "PRAGMA synchronous = FULL")
        defer { try? db.execute(sql: "PRAGMA synchronous = NORMAL") }
        var result: T?
        try db.inTransaction {
            result = try body(db)
            return .commit
        }
        guard let result else { throw DatabaseError(message: "the transaction ended without a result") }
        return result
    }

    /// The log length at which a write copies it into the database: about
    /// twenty forecasts. SQLite's own automatic copy cannot be used: it only
    /// empties the log at a later write of the same connection, which a run
    /// that writes once never makes, so the log would grow without end.
    static let logLimitBytes = 512 << 10

    /// Copies a long log into the database and empties it. A failure leaves
    /// the log as it was, to be copied after a later write.
    private func keepLogShort() {
        guard POSIXPath.size(path + "-wal") ?? 0 > Self.logLimitBytes else { return }
        _ = try? writer.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
    }

    /// `describe`, with the system's own reason for an I/O failure ("No
    /// space left on device"), which SQLite keeps per connection.
    private func describeWithCause(_ error: any Error) -> StoreError {
        guard let database = error as? DatabaseError,
              [.SQLITE_IOERR, .SQLITE_FULL, .SQLITE_CANTOPEN, .SQLITE_READONLY].contains(database.resultCode.primaryResultCode)
        else { return Self.describe(error, path: path) }
        let code = writer.writeWithoutTransaction { db in sqlite3_system_errno(db.sqliteConnection) }
        return Self.describe(error, path: path, systemErrno: code)
    }

    static func describe(_ error: any Error, path: String, systemErrno: Int32 = 0) -> StoreError {
        guard let error = error as? DatabaseError else { return .unavailable(path: path, detail: .verbatim("\(error)")) }
        if systemErrno != 0, [.SQLITE_IOERR, .SQLITE_FULL, .SQLITE_CANTOPEN, .SQLITE_READONLY].contains(error.resultCode.primaryResultCode) {
            return .cannotWrite(path: path, detail: .verbatim(AtomicFile.errorText(systemErrno).lowercased()), status: ExitStatus.forWriting(errno: systemErrno))
        }
        switch error.resultCode {
        case .SQLITE_NOTADB: return .corrupt(path: path, detail: MessageText("not an SQLite database"))
        case .SQLITE_CORRUPT: return .corrupt(path: path, detail: MessageText("SQLite reports it corrupt"))
        case .SQLITE_BUSY, .SQLITE_LOCKED: return .unavailable(path: path, detail: MessageText("another program kept it locked"))
        case .SQLITE_FULL: return .cannotWrite(path: path, detail: MessageText("the disk is full"), status: .ioError)
        case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_CANTOPEN, .SQLITE_AUTH:
            // SQLite's extended code says which of the many reasons it was
            // (264: a log to recover and no right to write; 1032: the file was
            // moved or deleted while open), for whoever reads a report of it.
            let detail = error.extendedResultCode == error.resultCode ? MessageText("permission denied or read-only")
                : MessageText("permission denied or read-only (SQLite code {code})", ["code": "\(error.extendedResultCode.rawValue)"])
            return .cannotWrite(path: path, detail: detail, status: .cannotCreate)
        // SQLite's own words, as they are.
        case .SQLITE_IOERR: return .cannotWrite(path: path, detail: .verbatim(error.message ?? "disk I/O error"), status: .ioError)
        default: return .unavailable(path: path, detail: .verbatim(error.message ?? "SQLite error \(error.resultCode.rawValue)"))
        }
    }
}
