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

    /// The locality is the most populous place within max(3 km, twice the
    /// nearest distance), checked against a scan of every record.
    @Test func localityMatchesBruteForce() throws {
        let fixture = try GazetteerFixture.make()
        defer { fixture.remove() }
        var points: [(Double, Double)] = []
        // Points near places, where the radius matters.
        for place in fixture.places.prefix(200) {
            points.append((min(90, place.latitude + Double.random(in: -0.05...0.05)), max(-180, min(180, place.longitude + Double.random(in: -0.05...0.05)))))
        }
        for point in points {
            let distances = fixture.places.map { haversineMeters(point, ($0.latitude, $0.longitude)) }
            let radius = max(3_000, 2 * distances.min()!)
            let expected = zip(fixture.places, distances).filter { $0.1 <= radius - 5 }
                .max { $0.0.population != $1.0.population ? $0.0.population < $1.0.population : $0.0.id > $1.0.id }!
            let found = fixture.gazetteer.locality(of: try Coordinate(latitude: point.0, longitude: point.1))
            if found.place.id != expected.0.id {
                // Only a place right at the radius may differ by rounding.
                let foundDistance = haversineMeters(point, (found.place.coordinate.latitude, found.place.coordinate.longitude))
                #expect(abs(foundDistance - radius) < 10, "\(point): \(found.place.name) vs \(expected.0.name)")
            }
        }
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
