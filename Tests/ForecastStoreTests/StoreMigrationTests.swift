@testable import ForecastCore
import ForecastSamples
@testable import ForecastStore
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
        var object = try #require(try JSONSerialization.jsonObject(with: try SQLiteStore.encode(forecast, path: path)) as? [String: Any])
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
        let body = try SQLiteStore.encode(try SQLiteStoreTests.forecast(), path: path)
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
}
