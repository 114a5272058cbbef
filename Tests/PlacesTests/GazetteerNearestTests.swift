import ForecastlyBase
import Foundation
import Testing

@Suite struct GazetteerNearestTests {
    /// The k-d tree's answer equals a haversine scan over every record, for
    /// random points and for the awkward ones (poles, the 180th meridian).
    @Test func nearestMatchesBruteForce() throws {
        let fixture = try GazetteerFixture.make()
        defer { fixture.remove() }
        var generator = SystemRandomNumberGenerator()
        var points: [(Double, Double)] = [(90, 0), (-90, 0), (0, 180), (0, -180), (-18.1, 179.99), (-18.1, -179.99), (64.7, 177.5), (78.2, 15.6)]
        for _ in 0..<500 {
            points.append((Double.random(in: -90...90, using: &generator), Double.random(in: -180...180, using: &generator)))
        }
        for point in points {
            let found = fixture.gazetteer.nearest(to: try Coordinate(latitude: point.0, longitude: point.1))
            let best = fixture.places.map { haversineMeters(point, ($0.latitude, $0.longitude)) }.min()!
            // Float32 storage on the unit sphere: about a metre of rounding.
            #expect(abs(found.distanceMeters - best) < 5, "\(point): \(found.place.name) \(found.distanceMeters) vs \(best)")
            let expected = haversineMeters(point, (found.place.coordinate.latitude, found.place.coordinate.longitude))
            #expect(abs(found.distanceMeters - expected) < 5)
        }
    }

    /// The locality, checked against a pass over every record that applies
    /// the rule as written: the covering city nearest for its size among
    /// those of at least a quarter the largest's population, with a district
    /// within 2 km named in the city's outer half; else the most populous
    /// place within max(3 km, twice the nearest distance), or the city it is
    /// a district of.
    @Test func localityMatchesBruteForce() throws {
        let fixture = try GazetteerFixture.make()
        defer { fixture.remove() }
        func cover(_ population: Int) -> Double {
            min(30_000, max(2_000, (Double(population) / (Double.pi * 4_000)).squareRoot() * 1_000))
        }
        var points: [(Double, Double)] = []
        // Points near places, where the radii matter.
        for place in fixture.places.prefix(300) {
            points.append((min(90, place.latitude + Double.random(in: -0.15...0.15)), max(-180, min(180, place.longitude + Double.random(in: -0.15...0.15)))))
        }
        var checked = 0
        for point in points {
            let distances = fixture.places.map { haversineMeters(point, ($0.latitude, $0.longitude)) }
            let all = Array(zip(fixture.places, distances))
            let nearest = all.min { $0.1 < $1.1 }!
            // Within rounding of a boundary, either answer is right: not checked.
            var boundaries = [2_000.0]
            let covering = all.filter { $0.1 <= cover($0.0.population) }
            var expected: (id: Int, city: Int?)
            if let largest = covering.map(\.0.population).max() {
                let city = covering.filter { 4 * $0.0.population >= largest }.min { $0.1 / cover($0.0.population) < $1.1 / cover($1.0.population) }!
                let outer = city.1 > cover(city.0.population) / 2
                expected = outer && nearest.0.id != city.0.id && nearest.1 < 2_000 && nearest.0.population < city.0.population
                    ? (nearest.0.id, city.0.id) : (city.0.id, nil)
                if abs(city.1 - cover(city.0.population) / 2) < 10 { continue }
            } else {
                let radius = max(3_000, 2 * nearest.1)
                boundaries.append(radius)
                let best = all.filter { $0.1 <= radius }.max { $0.0.population != $1.0.population ? $0.0.population < $1.0.population : $0.0.id > $1.0.id }!
                // A district of a city (one of four times its people covers it) is named by the city.
                let around = fixture.places.map { ($0, haversineMeters((best.0.latitude, best.0.longitude), ($0.latitude, $0.longitude))) }
                if around.contains(where: { abs($0.1 - cover($0.0.population)) < 10 }) { continue }
                let city = around.filter { $0.0.population >= 4 * best.0.population && $0.1 <= cover($0.0.population) }.max { $0.0.population < $1.0.population }
                expected = (city?.0.id ?? best.0.id, nil)
            }
            if all.contains(where: { place, distance in abs(distance - cover(place.population)) < 10 || boundaries.contains { abs(distance - $0) < 10 } }) { continue }
            let found = fixture.gazetteer.locality(of: try Coordinate(latitude: point.0, longitude: point.1))
            #expect(found.place.id == expected.id && found.city?.id == expected.city, "\(point): \(found.description)")
            checked += 1
        }
        #expect(checked > 250)
    }

    @Test func namesAFix() throws {
        let fixture = try GazetteerFixture.make()
        defer { fixture.remove() }
        let centre = fixture.gazetteer.nearest(to: try Coordinate(latitude: 50.4547, longitude: 30.5238))
        #expect(centre.description == "Kyiv, UA")
        let bielefeld = try #require(fixture.places.first { $0.name == "Bielefeld" })
        let nearby = fixture.gazetteer.nearest(to: try Coordinate(latitude: bielefeld.latitude + 0.027, longitude: bielefeld.longitude))
        #expect(nearby.place.name == "Bielefeld")
        #expect(nearby.description == "near Bielefeld, DE (3 km)")
    }
}
