import ForecastCore
import ForecastlyBase
import Foundation
import Testing

/// Whether a warning's outline covers a place, at the edges: a vertex, an
/// edge, a hole, several parts, and an outline across the 180th meridian.
@Suite struct AlertAreaTests {
    static func point(_ latitude: Double, _ longitude: Double) -> Coordinate {
        try! Coordinate(latitude: latitude, longitude: longitude)
    }

    /// A square 10…20°N, 10…20°E with a hole 14…16°.
    static let square = [point(10, 10), point(10, 20), point(20, 20), point(20, 10)]
    static let hole = [point(14, 14), point(14, 16), point(16, 16), point(16, 14)]

    @Test(arguments: [
        (15.0, 12.0, true, "inside"),
        (25.0, 15.0, false, "north of it"),
        (15.0, 5.0, false, "west of it"),
        (10.0, 10.0, true, "on a vertex"),
        (20.0, 15.0, true, "on the northern edge"),
        (15.0, 20.0, true, "on the eastern edge"),
        (15.0, 15.0, false, "inside the hole"),
        (14.0, 15.0, true, "on the hole's edge"),
        (10.0, 25.0, false, "in line with an edge, beyond it"),
    ])
    func aSquareWithAHole(latitude: Double, longitude: Double, expected: Bool, where: String) {
        let polygon = AlertPolygon(rings: [Self.square, Self.hole])
        #expect(polygon.contains(Self.point(latitude, longitude)) == expected, "\(`where`)")
    }

    /// A closed ring (first point repeated at the end, as GeoJSON writes it) is the same ring.
    @Test func aClosedRingIsTheSameRing() {
        let closed = AlertPolygon(rings: [Self.square + [Self.square[0]]])
        #expect(closed.contains(Self.point(15, 15)))
        #expect(!closed.contains(Self.point(9.9, 15)))
    }

    @Test func aMultiPolygonCoversEachOfItsParts() {
        let area = AlertArea.shape([AlertPolygon(rings: [Self.square]), AlertPolygon(rings: [[Self.point(30, 30), Self.point(30, 31), Self.point(31, 31)]])])
        func covers(_ latitude: Double, _ longitude: Double) -> Bool? {
            area.covers(AlertPlace(coordinate: Self.point(latitude, longitude), countryCode: "US"))
        }
        #expect(covers(15, 15) == true)
        #expect(covers(30.2, 30.8) == true)
        #expect(covers(25, 25) == false)
    }

    /// Fiji's waters: an outline from 178°E to 178°W holds 179.5°E and 179.5°W, not 0°.
    @Test func anOutlineAcrossTheAntimeridian() {
        let fiji = AlertPolygon(rings: [[Self.point(-20, 178), Self.point(-20, -178), Self.point(-15, -178), Self.point(-15, 178)]])
        #expect(fiji.contains(Self.point(-17, 179.5)))
        #expect(fiji.contains(Self.point(-17, -179.5)))
        #expect(fiji.contains(Self.point(-17, 180)))
        #expect(!fiji.contains(Self.point(-17, 0)))
        #expect(!fiji.contains(Self.point(-17, 170)))
        #expect(!fiji.contains(Self.point(-17, -170)))
    }

    @Test func aDegenerateRingCoversNothing() {
        #expect(!AlertPolygon(rings: [[Self.point(1, 1), Self.point(2, 2)]]).contains(Self.point(1, 1)))
        #expect(!AlertPolygon(rings: []).contains(Self.point(1, 1)))
    }

    /// Names match whatever their case, accents, hyphens or spaces.
    @Test func regionNamesMatchAsPeopleWriteThem() {
        let area = AlertArea.named(["Haute Savoie", "Isère"])
        func covers(_ names: [String]) -> Bool? { area.covers(AlertPlace(coordinate: Self.point(45.9, 6.1), countryCode: "FR", regionNames: names)) }
        #expect(covers(["Haute-Savoie"]) == true)
        #expect(covers(["isere"]) == true)
        #expect(covers(["Savoie"]) == nil)
        #expect(covers([]) == nil)
    }
}
