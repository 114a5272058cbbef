import ForecastCore
@testable import ForecastStore
import Foundation
import GRDB
import Testing
import TestSupport

/// A value no weather can have: refused when the answer is read (exit 65,
/// one line naming the field, nothing stored), and a stored forecast that
/// can no longer be shown is dropped and fetched again, never a trap.
@Suite struct BadValuesCommandTests {
    static let kyiv = ["--lat", "50.45", "--lon", "30.52", "--no-nowcast", "--no-air-quality", "--no-alerts"]

    /// The full answer with one current value replaced.
    static func answer(current key: String, _ value: Double) throws -> String {
        var root = try #require(try JSONSerialization.jsonObject(with: Data(FullResponse.json(at: Date()).utf8)) as? [String: Any])
        var current = try #require(root["current"] as? [String: Any])
        #expect(current[key] != nil, "the answer has current.\(key)")
        current[key] = value
        root["current"] = current
        return String(decoding: try JSONSerialization.data(withJSONObject: root), as: UTF8.self)
    }

    @Test(arguments: [
        ("temperature_2m", 1e300, "current.temperature"), ("apparent_temperature", -1e300, "current.apparentTemperature"),
        ("wind_speed_10m", 1e300, "current.windSpeed"), ("relative_humidity_2m", 1e20, "current.humidity"),
        ("precipitation", 1e300, "current.precipitation"), ("temperature_2m", 99, "current.temperature"),
        ("wind_direction_10m", 720, "current.windDirection"),
    ])
    func anImpossibleValueIsBadDataAndNothingIsStored(key: String, value: Double, field: String) async throws {
        let home = StoreCommandTests.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let body = try Self.answer(current: key, value)
        try await StubHTTPServer.with(always: .json(body)) { server in
            for output in [[], ["--oneline"], ["--json"]] {
                let result = try await CLI.run(Self.kyiv + output, server: server, home: home)
                #expect(result.status == 65, "\(output): \(result.stderr)")
                #expect(result.stderrLines.count == 1, "\(result.stderr)")
                #expect(result.stderr.contains("field “\(field)”"), "\(result.stderr)")
                #expect(result.stdout.isEmpty)
            }
        }
        let offline = try await CLI.run(Self.kyiv + ["--offline"], home: home)
        #expect(offline.status != 0 && offline.stderr.contains("No forecast is stored"), "\(offline.stderr)")
    }

    /// A forecast an older forecastly stored with a value no weather has: one
    /// note, dropped, fetched again; the run shows the new one.
    @Test func aStoredForecastThatCannotBeShownIsDroppedAndFetchedAgain() async throws {
        let home = StoreCommandTests.home()
        defer { try? FileManager.default.removeItem(at: home) }
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let first = try await CLI.run(Self.kyiv + ["--oneline"], server: server, home: home)
            #expect(first.status == 0)
            try Self.damageStoredTemperature(home: home)
            for output in [["--oneline"], []] {
                let again = try await CLI.run(Self.kyiv + output, server: server, home: home)
                #expect(again.status == 0, "\(again.stderr)")
                if output.isEmpty { #expect(again.stderr.isEmpty, "dropped once, then fetched and stored again: \(again.stderr)"); continue }
                #expect(again.stdout == first.stdout)
                #expect(again.stderrLines.count == 1)
                #expect(again.stderr.contains("could not be shown (current.temperature:"), "\(again.stderr)")
                #expect(again.stderr.contains("Fetching a new one."))
            }
            #expect(server.requests.filter { $0.path == "/v1/forecast" }.count == 2)
        }
        // --offline with only such a forecast: said, exit 65, never a trap.
        try Self.damageStoredTemperature(home: home)
        let offline = try await CLI.run(Self.kyiv + ["--offline"], home: home)
        #expect(offline.status == 65, "\(offline.stderr)")
        #expect(offline.stderrLines.count == 1 && offline.stderr.contains("so it was dropped"), "\(offline.stderr)")
    }

    /// Sets current.temperature of every stored forecast to 1e300, as a
    /// forecastly without the check could have stored it (as JSON, the form
    /// forecastly stored before its own).
    static func damageStoredTemperature(home: URL) throws {
        let queue = try DatabaseQueue(path: home.path + "/.local/share/forecastly/forecastly.sqlite")
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        try queue.write { db in
            for row in try Row.fetchAll(db, sql: "SELECT id, body FROM forecast") {
                var forecast = try SQLiteStore.forecast(from: row["body"])
                forecast.current?.temperature = 1e300
                let id: Int64 = row["id"]
                try db.execute(sql: "UPDATE forecast SET body = ? WHERE id = ?", arguments: [try encoder.encode(forecast), id])
            }
        }
    }
}
