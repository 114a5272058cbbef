@testable import ForecastCore
import ForecastSamples
@testable import ForecastStore
import ForecastlyBase
import Foundation
import GRDB
import Testing
import TestSupport

/// A store written by the forecastly before several providers (schema v1)
/// opens, migrates, and keeps everything: its forecasts read back as
/// Open-Meteo's, its notes with no provider.
@Suite struct StoreMigrationTests {
    /// Its notes are kept; its forecasts, stored with a provider's name
    /// where a forecast now carries its provider's description, are a cache
    /// and are dropped (v4).
    @Test func aVersionOneStoreKeepsItsNotesAndDropsItsForecasts() throws {
        let path = SQLiteStoreTests.temporaryPath()
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let forecast = try SQLiteStoreTests.forecast()
        // The body as v1 wrote it: no provider key.
        var object = try #require(try JSONSerialization.jsonObject(with: try Self.json(forecast)) as? [String: Any])
        object.removeValue(forKey: "provider")
        let body = try JSONSerialization.data(withJSONObject: object)
        let key = ForecastCacheKey(Sample.request, provider: .openMeteo)
        do {
            let queue = try DatabaseQueue(path: path)
            try SQLiteStore.migrator.migrate(queue, upTo: "v1: forecast cache and notes")
            try queue.write { db in
                try db.execute(sql: "INSERT INTO forecast (grid, days, units, hourly, fetchedAt, placeName, body) VALUES (?, ?, ?, ?, ?, ?, ?)",
                               arguments: [key.grid, key.days, "metric", key.includesHourly, 1_800_000_000.0, "Zagreb, HR", body])
                try db.execute(sql: "INSERT INTO note (createdAt, text, temperature, temperatureUnit) VALUES (?, ?, ?, ?)",
                               arguments: [1_800_000_000.0, "before providers", -1.4, "°C"])
            }
            try queue.close()
        }
        let store = try SQLiteStore.open(path: path)
        #expect(try store.latest(for: key) == nil)
        #expect(try store.status().forecastCount == 0)
        let note = try #require(try store.notes(limit: nil).first)
        #expect(note.text == "before providers")
        #expect(note.weather?.temperature == -1.4 && note.weather?.provider == nil)
    }

    /// A forecast kept in imperial units (before every forecast was kept as
    /// provided, in metric) is dropped, as a cache may be (v6); a metric one stays.
    @Test func forecastsKeptInImperialUnitsAreDropped() throws {
        let path = SQLiteStoreTests.temporaryPath()
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let body = try Self.json(try SQLiteStoreTests.forecast())
        let key = ForecastCacheKey(Sample.request, provider: .openMeteo)
        do {
            let queue = try DatabaseQueue(path: path)
            try SQLiteStore.migrator.migrate(queue, upTo: "v5: extras and their failures")
            try queue.write { db in
                for (units, fetchedAt) in [("imperial", 1_800_000_100.0), ("metric", 1_800_000_000.0)] {
                    try db.execute(sql: """
                        INSERT INTO forecast (provider, grid, days, units, hourly, fetchedAt, placeName, body) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                        """, arguments: ["open-meteo", key.grid, key.days, units, key.includesHourly, fetchedAt, "Zagreb, HR", body])
                }
            }
            try queue.close()
        }
        let store = try SQLiteStore.open(path: path)
        #expect(try store.status().forecastCount == 1)
        #expect(try store.latest(for: key)?.fetchedAt == Date(timeIntervalSince1970: 1_800_000_000))
    }

    /// A forecast row written by forecastly before its own form (0.x), as JSON,
    /// is read as it was, and the next forecast stored is kept in the new form.
    @Test func aForecastStoredAsJSONIsStillRead() throws {
        let path = SQLiteStoreTests.temporaryPath()
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        var forecast = try SQLiteStoreTests.forecast()
        forecast.fix = LocationFix(coordinate: forecast.requestedCoordinate, accuracyMeters: 12, source: .gpsd, timestamp: Date(timeIntervalSince1970: 1_800_000_000),
                                   gps: GPSDetails(mode: 3, satellitesUsed: 7, satellitesVisible: 11))
        let key = ForecastCacheKey(Sample.request, provider: .openMeteo)
        do {
            let store = try SQLiteStore.open(path: path)
            try store.save(StoredForecast(forecast: forecast, placeName: "Zagreb, HR", fetchedAt: Date(timeIntervalSince1970: 1_800_000_000), days: key.days), key: key)
        }
        let queue = try DatabaseQueue(path: path)
        let kept = try queue.read { db in try #require(try Data.fetchOne(db, sql: "SELECT body FROM forecast")) }
        #expect(kept.starts(with: Array("fcst".utf8)))
        try queue.write { db in try db.execute(sql: "UPDATE forecast SET body = ?", arguments: [try Self.json(forecast)]) }
        try queue.close()

        let back = try #require(try SQLiteStore.open(path: path).latest(for: key))
        #expect(back.forecast == forecast)
        #expect(back.forecast.fix == forecast.fix && back.forecast.hourly == forecast.hourly && back.forecast.provider.terms == forecast.provider.terms)
    }

    /// A forecast as forecastly stored it before `ForecastRecord`: JSON, dates in seconds.
    static func json(_ forecast: Forecast) throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        return try encoder.encode(forecast)
    }
}
