import ForecastCore
import ForecastlyBase
import Foundation

/// The GeoJSON of MET Norway's MetAlerts 2.0 (`current.json`): one feature
/// per warning with its outline (`Polygon` or `MultiPolygon`), CAP fields
/// under `properties`, and its period in the feature's own
/// `when.interval` (there is no `onset` or `expires` property).
struct MetAlertsPayload: Decodable {
    var features: [Feature]

    struct Feature: Decodable {
        var geometry: GeoJSONGeometry?
        var properties: Properties
        var when: When
    }

    struct When: Decodable {
        var interval: [String]
    }

    struct Properties: Decodable {
        var id: String
        var area: String?
        var awareness_level: String?
        var certainty: String?
        var description: String?
        var event: String?
        var eventAwarenessName: String?
        var instruction: String?
        var severity: String?
        var status: String?
        var title: String?
        var web: String?
    }

    func alerts() throws(InvalidPayload) -> [WeatherAlert] {
        var alerts: [WeatherAlert] = []
        for (index, feature) in features.enumerated() {
            let properties = feature.properties
            guard properties.status ?? "Actual" == "Actual" else { continue }
            let field = "features[\(index)].when.interval"
            guard feature.when.interval.count == 2 else { throw InvalidPayload(field: field, detail: "it is not a start and an end") }
            guard let start = OffsetTimestamp.date(feature.when.interval[0]), let end = OffsetTimestamp.date(feature.when.interval[1]) else {
                throw InvalidPayload(field: field, detail: "“\(feature.when.interval.joined(separator: " ").strippingTerminalControls(limit: 60))” is not a period")
            }
            guard let geometry = feature.geometry else {
                throw InvalidPayload(field: "features[\(index)].geometry", detail: "a MetAlerts warning without an outline")
            }
            let level = properties.awareness_level.flatMap(CAPText.awarenessLevel)
            let severity = properties.severity.map { AlertSeverity(cap: $0) } ?? level?.severity ?? .unknown
            let event = CAPText.text(properties.eventAwarenessName, limit: 120) ?? CAPText.text(properties.event, limit: 120) ?? "Warning"
            alerts.append(WeatherAlert(
                id: properties.id.strippingTerminalControls(limit: 200), event: event, severity: severity,
                certainty: CAPText.text(properties.certainty, limit: 20), onset: start, expires: end,
                headline: CAPText.text(properties.title, limit: 300) ?? event,
                description: CAPText.paragraphs(properties.description), instruction: CAPText.paragraphs(properties.instruction),
                sender: AlertSource.metNorway.name, areas: [CAPText.text(properties.area, limit: 120)].compactMap { $0 },
                link: CAPText.text(properties.web, limit: 300), area: .shape(geometry.polygons), source: .metNorway))
        }
        return alerts
    }
}
