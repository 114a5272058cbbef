import Foundation
import Testing
import TestSupport

/// Every file forecastly keeps, truncated, zeroed or filled with random
/// bytes: a one-line error naming the file, or for a cache a transparent
/// rebuild; never a crash; never a change to a file that holds the user's
/// notes or decisions.
@Suite struct DamagedFilesTests {
    enum Damage: String, CaseIterable, Sendable {
        case truncated, zeroed, random

        func apply(to url: URL) throws {
            let original = try Data(contentsOf: url)
            let damaged: Data = switch self {
            case .truncated: original.prefix(max(1, original.count / 2))
            case .zeroed: Data(count: original.count)
            case .random: Data((0..<max(original.count, 64)).map { _ in UInt8.random(in: 0...255) })
            }
            try damaged.write(to: url)
        }
    }

    static func home() -> URL { StoreCommandTests.home() }

    /// One line on stderr, no signal, and the documented status.
    static func oneCleanLine(_ result: CLIResult, status: Set<Int32>, _ context: String) {
        #expect(status.contains(result.status), "\(context): status \(result.status): \(result.stderr)")
        #expect(result.stderrLines.count <= 2, "\(context): \(result.stderr)")  // an error, or a warning and an error
        #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("Backtrace"), "\(context)")
    }

    @Test(arguments: Damage.allCases)
    func theNotesDatabase(damage: Damage) async throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        _ = try await CLI.run(["notes", "add", "kept", "--without-weather"], home: home)
        let database = home.appendingPathComponent(".local/share/forecastly/forecastly.sqlite")
        try damage.apply(to: database)
        let damaged = try Data(contentsOf: database)
        let notes = try await CLI.run(["notes", "list"], home: home)
        Self.oneCleanLine(notes, status: [0, 65], "notes list, \(damage)")
        if notes.status == 65 { #expect(notes.stderr.contains(database.path)) }
        try await StubHTTPServer.with(handler: FullResponse.handler()) { server in
            let forecast = try await CLI.run(["--lat", "50.45", "--lon", "30.52", "--format", "%t"], server: server, home: home)
            #expect(forecast.status == 0, "\(damage): \(forecast.stderr)")  // the forecast works without the store
            #expect(forecast.stdout == "-1°C\n")
        }
        _ = try await CLI.run(["notes", "add", "more", "--without-weather"], home: home)
        #expect(try Data(contentsOf: database) == damaged, "the damaged database was written to (\(damage))")
    }

    @Test(arguments: Damage.allCases)
    func theDatabaseLog(damage: Damage) async throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        _ = try await CLI.run(["notes", "add", "first", "--without-weather"], home: home)
        let log = home.appendingPathComponent(".local/share/forecastly/forecastly.sqlite-wal")
        // The store keeps its log when a run ends (CSQLite's shim), so there is one to damage.
        let written = try #require(try? Data(contentsOf: log), "no write-ahead log at \(log.path)")
        try #require(!written.isEmpty, "the write-ahead log is empty")
        try damage.apply(to: log)
        // SQLite checks every frame of its log: a damaged one is ignored, never read as data.
        let notes = try await CLI.run(["notes", "list"], home: home)
        Self.oneCleanLine(notes, status: [0, 65], "notes list, log \(damage)")
    }

    @Test(arguments: Damage.allCases)
    func theDecisionFile(damage: Damage) async throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        _ = try await CLI.run(["location", "allow"], home: home)
        let file = home.appendingPathComponent(".config/forecastly/location.json")
        try damage.apply(to: file)
        let damaged = try Data(contentsOf: file)
        let run = try await CLI.run(["--source", "ip"], home: home)
        Self.oneCleanLine(run, status: [77], "located run, decision \(damage)")
        #expect(run.stderr.contains(file.path))
        let status = try await CLI.run(["location", "status"], home: home)
        #expect(status.stdout.hasPrefix("Permission  not decided yet"))
        #expect(try Data(contentsOf: file) == damaged, "the damaged decision file was changed by reading it (\(damage))")
    }

    @Test(arguments: Damage.allCases)
    func theStoredPlace(damage: Damage) async throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        _ = try await CLI.run(["location", "set", "--lat", "50.45", "--lon", "30.52", "--name", "Home"], home: home)
        let file = home.appendingPathComponent(".config/forecastly/place.json")
        try damage.apply(to: file)
        let damaged = try Data(contentsOf: file)
        let run = try await CLI.run(["--source", "manual"], home: home)
        Self.oneCleanLine(run, status: [65], "manual source, place \(damage)")
        #expect(run.stderr.contains(file.path))
        #expect(try Data(contentsOf: file) == damaged)
    }

    /// The bundled places' index is a cache: a damaged one is built again, and the answer is right.
    @Test(arguments: Damage.allCases)
    func thePlaceIndexCache(damage: Damage) async throws {
        let home = Self.home()
        let cache = home.appendingPathComponent("cache")
        defer { try? FileManager.default.removeItem(at: home) }
        let first = try await CLI.run(["cities", "search", "kyiv", "--limit", "1"], environment: ["XDG_CACHE_HOME": cache.path], home: home)
        #expect(first.status == 0)
        let index = try #require(try FileManager.default.contentsOfDirectory(atPath: cache.path + "/forecastly").first { $0.hasSuffix(".idx") })
        try damage.apply(to: cache.appendingPathComponent("forecastly/" + index))
        let again = try await CLI.run(["cities", "search", "kyiv", "--limit", "1"], environment: ["XDG_CACHE_HOME": cache.path], home: home)
        Self.oneCleanLine(again, status: [0], "cities search, index \(damage)")
        #expect(again.stdout == first.stdout)
    }

    /// An imported index is the user's: damaged, it is reported (with how
    /// to go back to the bundled one), not silently replaced.
    @Test(arguments: Damage.allCases)
    func anImportedIndex(damage: Damage) async throws {
        let home = Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let imported = try await CLI.run(["cities", "import", Fixtures.url("geonames/cities-sample.txt").path], home: home)
        #expect(imported.status == 0, "\(imported.stderr)")
        let file = home.appendingPathComponent(".local/share/forecastly/cities.idx")
        try damage.apply(to: file)
        let damaged = try Data(contentsOf: file)
        let search = try await CLI.run(["cities", "search", "kyiv"], home: home)
        Self.oneCleanLine(search, status: [0, 65], "cities search, import \(damage)")
        if search.status == 65 { #expect(search.stderr.contains(file.path)) }
        #expect(try Data(contentsOf: file) == damaged)
    }
}
