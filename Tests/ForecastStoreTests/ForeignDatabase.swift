import CSQLite
@testable import ForecastStore
import Foundation
import GRDB

/// SQLite files forecastly did not write, for the store's refusal tests.
enum ForeignDatabase {
    static func create(at path: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)")
            try db.execute(sql: "INSERT INTO invoices (total) VALUES (12.5), (99)")
        }
        try queue.close()
    }

    static func addMigration(_ identifier: String, at path: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [identifier]) }
        try queue.close()
    }
}

/// A store as forecastly made one before a new store's log was copied into
/// its file at once: the schema and the application id only in the log
/// kept beside it, the file's own header unmarked.
enum LogOnlyStore {
    static func create(at path: String) throws {
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
            _ = forecastly_sqlite3_keep_wal_on_close(db.sqliteConnection)
        }
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        try SQLiteStore.migrator.migrate(queue)
        try queue.close()
    }
}
