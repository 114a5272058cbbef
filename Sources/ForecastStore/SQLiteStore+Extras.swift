import ForecastCore
public import Foundation
import GRDB

/// Where the extras beside a forecast (the air, the next two hours) are
/// kept with their lifetimes, and where a failed extra is remembered for a
/// while, so a run soon after neither asks again nor waits for it.
public protocol ExtraCache: Sendable {
    /// The answer of `kind` kept for `key` (a place's grid cell), whatever its age.
    func extra<Value: Decodable>(_ kind: String, key: String, as type: Value.Type) throws(StoreError) -> StoredExtra<Value>?
    func save<Value: Encodable>(_ value: Value, kind: String, key: String, fetchedAt: Date, validUntil: Date) throws(StoreError)
    /// Why `kind` failed for `scope` (a place's grid cell, or a warning
    /// service's scope), while that is remembered.
    func failure(_ kind: String, scope: String, at now: Date) throws(StoreError) -> RememberedFailure?
    func remember(_ failure: RememberedFailure, kind: String, scope: String) throws(StoreError)
}

/// An extra as it was kept: the answer, when it was fetched, and until when
/// it stands for a new one.
public struct StoredExtra<Value>: Sendable where Value: Sendable {
    public var value: Value
    public var fetchedAt: Date
    public var validUntil: Date

    public func isFresh(at now: Date) -> Bool { fetchedAt <= now && now < validUntil }
}

/// An extra that failed, remembered until it may be asked again.
public struct RememberedFailure: Sendable, Hashable {
    public var reason: String
    public var until: Date

    public init(reason: String, until: Date) {
        self.reason = reason
        self.until = until
    }
}

extension SQLiteStore: ExtraCache {
    /// Extras kept at most; the least recently fetched go first.
    static let extraLimit = 500

    public func extra<Value: Decodable>(_ kind: String, key: String, as type: Value.Type) throws(StoreError) -> StoredExtra<Value>? {
        let row = try read { db in
            try Row.fetchOne(db, sql: "SELECT fetchedAt, validUntil, body FROM extraAnswer WHERE kind = ? AND key = ?", arguments: [kind, key])
        }
        guard let row, let body = row["body"] as Data?,
              // One that cannot be read (an older or damaged body) is as good as none: it is asked again.
              let value = try? Self.decoder.decode(Value.self, from: body) else { return nil }
        return StoredExtra(value: value, fetchedAt: Date(timeIntervalSince1970: row["fetchedAt"]),
                           validUntil: Date(timeIntervalSince1970: row["validUntil"]))
    }

    public func save<Value: Encodable>(_ value: Value, kind: String, key: String, fetchedAt: Date, validUntil: Date) throws(StoreError) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        let body: Data
        do { body = try encoder.encode(value) } catch {
            throw .unavailable(path: path, detail: .verbatim("the \(kind) cannot be stored (\(error))"))
        }
        try write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO extraAnswer (kind, key, fetchedAt, validUntil, body) VALUES (?, ?, ?, ?, ?)",
                arguments: [kind, key, fetchedAt.timeIntervalSince1970, validUntil.timeIntervalSince1970, body])
            try db.execute(sql: "DELETE FROM extraFailure WHERE kind = ? AND scope = ?", arguments: [kind, key])
            try db.execute(
                sql: "DELETE FROM extraAnswer WHERE rowid NOT IN (SELECT rowid FROM extraAnswer ORDER BY fetchedAt DESC LIMIT ?)",
                arguments: [Self.extraLimit])
        }
    }

    public func failure(_ kind: String, scope: String, at now: Date) throws(StoreError) -> RememberedFailure? {
        let row = try read { db in
            try Row.fetchOne(db, sql: "SELECT reason, until FROM extraFailure WHERE kind = ? AND scope = ? AND until > ?",
                             arguments: [kind, scope, now.timeIntervalSince1970])
        }
        return row.map { RememberedFailure(reason: $0["reason"], until: Date(timeIntervalSince1970: $0["until"])) }
    }

    public func remember(_ failure: RememberedFailure, kind: String, scope: String) throws(StoreError) {
        try write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO extraFailure (kind, scope, reason, until) VALUES (?, ?, ?, ?)",
                arguments: [kind, scope, failure.reason, failure.until.timeIntervalSince1970])
            try db.execute(sql: "DELETE FROM extraFailure WHERE until < ?", arguments: [failure.until.timeIntervalSince1970 - 86_400])
        }
    }
}
