import ForecastCore
import ForecastlyBase

/// A warning's GeoJSON `geometry` (the NWS's, MetAlerts'): a `Polygon` or a
/// `MultiPolygon` of [longitude, latitude] pairs, outlines then holes.
struct GeoJSONGeometry: Decodable {
    var polygons: [AlertPolygon]

    private enum Keys: String, CodingKey { case type, coordinates }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let type = try container.decode(String.self, forKey: .type)
        let rings: [[[[Double]]]]
        switch type {
        case "Polygon": rings = [try container.decode([[[Double]]].self, forKey: .coordinates)]
        case "MultiPolygon": rings = try container.decode([[[[Double]]]].self, forKey: .coordinates)
        default:
            throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "not a polygon")
        }
        polygons = try rings.map { polygon in
            AlertPolygon(rings: try polygon.map { ring in
                try ring.map { pair in
                    guard pair.count >= 2, let point = try? Coordinate(latitude: pair[1], longitude: pair[0]) else {
                        throw DecodingError.dataCorruptedError(forKey: .coordinates, in: container, debugDescription: "not a point on Earth")
                    }
                    return point
                }
            })
        }
    }
}
