public import ForecastCore
import Foundation
import GRDB

/// Where warning bulletins are kept between runs.
public protocol AlertBulletinCache: Sendable {
    func bulletin(scope: AlertScope) throws(StoreError) -> AlertBulletin?
    func save(_ bulletin: AlertBulletin, scope: AlertScope) throws(StoreError)
}

extension SQLiteStore: AlertBulletinCache {
    /// Bulletins kept at most; the least recently fetched go first.
    static let bulletinLimit = 200

    public func bulletin(scope: AlertScope) throws(StoreError) -> AlertBulletin? {
        let body = try read { db in
            try Data.fetchOne(db, sql: "SELECT body FROM alertBulletin WHERE scope = ? AND source = ?", arguments: [scope.key, scope.source.rawValue])
        }
        guard let body else { return nil }
        // One that cannot be read (an older or damaged body) is as good as none: it is asked again.
        return try? Self.decoder.decode(AlertBulletin.self, from: body)
    }

    public func save(_ bulletin: AlertBulletin, scope: AlertScope) throws(StoreError) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        let body: Data
        do { body = try encoder.encode(bulletin) } catch {
            throw .unavailable(path: path, detail: .verbatim("the warnings cannot be stored (\(error))"))
        }
        try write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO alertBulletin (scope, source, fetchedAt, nextRequest, body) VALUES (?, ?, ?, ?, ?)",
                arguments: [scope.key, scope.source.rawValue, bulletin.fetchedAt.timeIntervalSince1970,
                            bulletin.nextRequest.timeIntervalSince1970, body])
            try db.execute(
                sql: "DELETE FROM alertBulletin WHERE scope NOT IN (SELECT scope FROM alertBulletin ORDER BY fetchedAt DESC LIMIT ?)",
                arguments: [Self.bulletinLimit])
        }
    }
}
