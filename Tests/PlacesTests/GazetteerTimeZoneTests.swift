import ForecastlyBase
import Foundation
@testable import Places
import Testing

/// The time zone a forecast is shown in when the provider sends none.
@Suite struct GazetteerTimeZoneTests {
    @Test func onLandItIsTheNearestPlacesZone() throws {
        let fixture = try GazetteerFixture.make()
        defer { fixture.remove() }
        #expect(fixture.gazetteer.timeZone(at: try Coordinate(latitude: 52.52, longitude: 13.41)).identifier == "Europe/Berlin")
        #expect(fixture.gazetteer.timeZone(at: try Coordinate(latitude: 39.9, longitude: -75.0)).identifier == "America/New_York")
    }

    /// Far from any place, the longitude's nautical zone, named the POSIX
    /// way round: 140° W is UTC−9, "Etc/GMT+9".
    @Test(arguments: [(-40.0, -140.0, -9), (45.0, -30.0, -2), (-50.0, 100.0, 7), (-60.0, 179.9, 12), (-60.0, -179.9, -12), (0.5, -3.0, 0)])
    func atSeaItIsTheLongitudesZone(latitude: Double, longitude: Double, hours: Int) throws {
        let fixture = try GazetteerFixture.make()
        defer { fixture.remove() }
        let zone = fixture.gazetteer.timeZone(at: try Coordinate(latitude: latitude, longitude: longitude), zones: ZoneTableTests.table)
        #expect(zone.secondsFromGMT() == hours * 3600, "\(zone.identifier)")
        #expect(zone.identifier.hasPrefix("Etc/GMT"))
    }
}

/// Far from every town of the index, the time-zone database's own table
/// names the zone of the island or settlement the point is on; the
/// nautical zone got Easter Island wrong by two hours and the Chatham
/// Islands by a day.
@Suite struct ZoneTableTests {
    static let table: ZoneTable = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/tz/zone.tab")
        return ZoneTable(parsing: (try? String(contentsOf: url, encoding: .utf8)) ?? "")
    }()

    @Test func theTableIsReadInBothCoordinateForms() throws {
        #expect(Self.table.zones.count == 10)
        let newYork = try #require(Self.table.zones.first { $0.identifier == "America/New_York" })
        // +404251-0740023: 40°42′51″ N, 74°00′23″ W.
        #expect(abs(newYork.coordinate.latitude - (40 + 42.0 / 60 + 51.0 / 3600)) < 1e-9)
        #expect(abs(newYork.coordinate.longitude + (74 + 0.0 / 60 + 23.0 / 3600)) < 1e-9)
        let easter = try #require(Self.table.zones.first { $0.identifier == "Pacific/Easter" })
        #expect(abs(easter.coordinate.latitude + (27 + 9.0 / 60)) < 1e-9 && abs(easter.coordinate.longitude + (109 + 26.0 / 60)) < 1e-9)
    }

    /// A damaged line is left out, never read as some other place.
    @Test(arguments: [
        "CL\t-2709-10926",                     // no zone
        "CL\t-2709-1092\tPacific/Easter",      // a digit short
        "CL\t-2709-10926x\tPacific/Easter",    // a letter after
        "CL\t-2760-10926\tPacific/Easter",     // 60 minutes
        "CL\t-270900-10926\tPacific/Easter",   // seconds on one only
        "CL\t-9500-10926\tPacific/Easter",     // beyond the pole
        "CL\t-2709-10926\tPacific/Easter Island", // not a zone's name
        "CL\t-2709-10926\t\u{1B}[2J",
        "CL\t-27 9-10926\tPacific/Easter",     // a space for a digit
        "CL\t-2709+-10926\tPacific/Easter",    // two signs
        "CL\t+-2709-10926\tPacific/Easter",
        "CL\t-2709\tPacific/Easter",           // no longitude
        "CL\t12709-10926\tPacific/Easter",     // no sign before the latitude
    ])
    func aDamagedLineIsLeftOut(line: String) {
        #expect(ZoneTable(parsing: line + "\n# comment\n").zones.isEmpty)
    }

    @Test(arguments: [
        (-27.12, -109.35, "Pacific/Easter"),
        (-43.95, -176.55, "Pacific/Chatham"),
        (-51.69, -57.86, "Atlantic/Stanley"),
        (-25.07, -130.1, "Pacific/Pitcairn"),
    ])
    func farFromEveryTownTheDatabasesZone(latitude: Double, longitude: Double, zone: String) throws {
        let fixture = try GazetteerFixture.make()
        defer { fixture.remove() }
        let point = try Coordinate(latitude: latitude, longitude: longitude)
        #expect(fixture.gazetteer.timeZone(at: point, zones: Self.table).identifier == zone)
        // Without the table, the longitude's zone, as before.
        #expect(fixture.gazetteer.timeZone(at: point, zones: ZoneTable(parsing: "")).identifier.hasPrefix("Etc/GMT"))
    }

    /// A town within reach still decides, and the open sea is still the longitude's.
    @Test func townsFirstAndTheSeaLast() throws {
        let fixture = try GazetteerFixture.make()
        defer { fixture.remove() }
        #expect(fixture.gazetteer.timeZone(at: try Coordinate(latitude: 52.52, longitude: 13.41), zones: Self.table).identifier == "Europe/Berlin")
        #expect(fixture.gazetteer.timeZone(at: try Coordinate(latitude: -40, longitude: -140), zones: Self.table).identifier == "Etc/GMT+9")
        #expect(Gazetteer.timeZoneAway(from: try Coordinate(latitude: 78.3, longitude: 15.2), zones: Self.table).identifier == "Arctic/Longyearbyen")
    }
}
