public import ForecastCore
import Foundation
public import NetworkTransport

/// MET Norway's sea areas, as MET publishes them with its sea forecast
/// (Textforecast 3.0, `sea_en.json`: a GeoJSON FeatureCollection with one
/// feature per area, its outline a `Polygon` or `MultiPolygon`). They are
/// where its gale, ice and polar-low warnings reach beyond the coast: a
/// point at sea that lies in none of them has no warning service. Only the
/// outlines are read; the forecast texts beside them are not shown.
public enum MetNorwaySeaAreas {
    static let path = "/weatherapi/textforecast/3.0/sea_en.json"

    struct Payload: Decodable {
        var features: [Feature]
    }

    /// An area whose outline is not a polygon (a point, a line) is left out
    /// rather than failing the rest.
    struct Feature: Decodable {
        var geometry: GeoJSONGeometry?

        private enum Keys: String, CodingKey { case geometry }

        init(from decoder: any Decoder) throws {
            geometry = try? decoder.container(keyedBy: Keys.self).decodeIfPresent(GeoJSONGeometry.self, forKey: .geometry)
        }
    }

    /// The outlines of every area in the answer; an answer with none cannot
    /// say where MET warns, and is an error rather than "nowhere".
    public static func outlines(from response: HTTPResponse, service: ServiceName = .metNorway) throws(ForecastError) -> [AlertPolygon] {
        try AlertRequest.check(response, service: service)
        let payload = try JSONBody.decode(Payload.self, from: response.body, service: service)
        let outlines = payload.features.flatMap { $0.geometry?.polygons ?? [] }
        guard !outlines.isEmpty else {
            throw .undecodable(field: "features", detail: "no sea area has an outline", service: service)
        }
        return outlines
    }
}
