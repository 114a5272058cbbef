public import ForecastCore
public import Foundation
import ForecastlyBase
import GRDB

extension SQLiteStore: ForecastCache {
    /// Forecasts kept at most, across all places; older ones go first.
    static let forecastLimit = 500
    /// Every forecast is kept as provided, in metric units (the column
    /// remains from when a forecast could be kept in imperial ones).
    static let unitsAsProvided = "metric"

    public func save(_ stored: StoredForecast, key: ForecastCacheKey) throws(StoreError) {
        let body = Data(ForecastRecord.bytes(of: stored.forecast))
        try write { db in
            // Only the newest forecast per key is useful; drop the ones it replaces.
            try db.execute(
                sql: "DELETE FROM forecast WHERE provider = ? AND grid = ? AND days = ? AND hourly = ?",
                arguments: [key.provider.rawValue, key.grid, key.days, key.includesHourly])
            try db.execute(
                sql: """
                    INSERT INTO forecast (provider, grid, days, units, hourly, fetchedAt, placeName, body, expires, lastModified)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [key.provider.rawValue, key.grid, key.days, Self.unitsAsProvided, key.includesHourly,
                            stored.fetchedAt.timeIntervalSince1970, stored.placeName, body,
                            stored.cacheHeaders.expires?.timeIntervalSince1970, stored.cacheHeaders.lastModified])
            try db.execute(
                sql: "DELETE FROM forecast WHERE id NOT IN (SELECT id FROM forecast ORDER BY fetchedAt DESC LIMIT ?)",
                arguments: [Self.forecastLimit])
        }
    }

    /// The newest forecast that answers `key`: one of as many days or more
    /// (a seven-day forecast answers a three-day question, cut to three).
    public func latest(for key: ForecastCacheKey, fetchedSince: Date?) throws(StoreError) -> StoredForecast? {
        let since = fetchedSince?.timeIntervalSince1970 ?? -Double.infinity
        let row = try read { db in
            try Row.fetchOne(db, sql: """
                SELECT * FROM forecast WHERE provider = ? AND grid = ? AND days >= ? AND hourly = ? AND fetchedAt >= ?
                ORDER BY fetchedAt DESC, days ASC LIMIT 1
                """, arguments: [key.provider.rawValue, key.grid, key.days, key.includesHourly, since])
        }
        guard var stored = try row.map({ row throws(StoreError) in try stored(row) }) else { return nil }
        if stored.days > key.days {
            stored.forecast = stored.forecast.limited(toDays: key.days)
            stored.days = key.days
        }
        return stored
    }

    public func latest(grid: String?) throws(StoreError) -> StoredForecast? {
        let row = try read { db in
            if let grid {
                return try Row.fetchOne(db, sql: "SELECT * FROM forecast WHERE grid = ? ORDER BY fetchedAt DESC LIMIT 1", arguments: [grid])
            }
            return try Row.fetchOne(db, sql: "SELECT * FROM forecast ORDER BY fetchedAt DESC LIMIT 1")
        }
        return try row.map { row throws(StoreError) in try stored(row) }
    }

    public func status() throws(StoreError) -> ForecastCacheStatus {
        try read { db in
            let row = try Row.fetchOne(db, sql: "SELECT COUNT(*), COUNT(DISTINCT grid), MAX(fetchedAt), MIN(fetchedAt) FROM forecast")
            let notes = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM note") ?? 0
            let newest: Double? = row?[2]
            let oldest: Double? = row?[3]
            return ForecastCacheStatus(
                path: path, forecastCount: row?[0] ?? 0, placeCount: row?[1] ?? 0,
                newest: newest.map(Date.init(timeIntervalSince1970:)), oldest: oldest.map(Date.init(timeIntervalSince1970:)),
                noteCount: notes)
        }
    }

    /// Empties the cache: the forecasts, and the warnings, the air and the
    /// next two hours kept beside them (and their remembered failures); the
    /// notes stay. Returns how many forecasts were removed.
    public func clear() throws(StoreError) -> Int {
        try write { db in
            try db.execute(sql: "DELETE FROM forecast")
            let forecasts = db.changesCount
            for table in ["alertBulletin", "extraAnswer", "extraFailure"] { try db.execute(sql: "DELETE FROM \(table)") }
            return forecasts
        }
    }

    /// A stored forecast as it was kept, checked as an answer is checked:
    /// one that cannot be read or shown (an older forecastly's, or damaged)
    /// is deleted, so it cannot fail every later run, and the caller is told.
    private func stored(_ row: Row) throws(StoreError) -> StoredForecast {
        let forecast: Forecast
        do {
            forecast = try Self.forecast(from: row["body"])
            try PhysicalLimits.check(forecast)
        } catch {
            let detail = (error as? PhysicalLimits.Violation).map { MessageText.verbatim("\($0.field): \($0.detail)") } ?? MessageText("it cannot be read")
            let id: Int64 = row["id"]
            _ = try? write { db in try db.execute(sql: "DELETE FROM forecast WHERE id = ?", arguments: [id]) }
            throw .droppedForecast(path: path, detail: detail)
        }
        let expires: Double? = row["expires"]
        return StoredForecast(
            forecast: forecast, placeName: row["placeName"],
            fetchedAt: Date(timeIntervalSince1970: row["fetchedAt"]),
            days: row["days"],
            cacheHeaders: CacheHeaders(expires: expires.map(Date.init(timeIntervalSince1970:)), lastModified: row["lastModified"]))
    }

    /// The forecast a stored row's body holds: in the store's own form
    /// (`ForecastRecord`), or as JSON, the form forecastly kept before it.
    /// Public for what reads a store's rows without a run (the fuzz harness).
    public static func forecast(from body: Data) throws -> Forecast {
        let bytes = [UInt8](body)
        guard ForecastRecord.isRecord(bytes) else { return try decoder.decode(Forecast.self, from: body) }
        return try ForecastRecord.forecast(from: bytes)
    }

    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }
}
