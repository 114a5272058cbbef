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
