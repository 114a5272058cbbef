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
        let zone = fixture.gazetteer.timeZone(at: try Coordinate(latitude: latitude, longitude: longitude))
        #expect(zone.secondsFromGMT() == hours * 3600, "\(zone.identifier)")
        #expect(zone.identifier.hasPrefix("Etc/GMT"))
    }
}
