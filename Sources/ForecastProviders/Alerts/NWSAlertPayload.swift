import ForecastCore
import ForecastlyBase
import Foundation

/// The GeoJSON of `api.weather.gov/alerts/active?point=`: one feature per
/// message, CAP fields under `properties`, and either a storm-based
/// `Polygon` or no geometry at all (a zone or county alert, which the
/// service itself matched to the point).
struct NWSAlertPayload: Decodable {
    var features: [Feature]

    struct Feature: Decodable {
        var geometry: GeoJSONGeometry?
        var properties: Properties
    }

    struct Properties: Decodable {
        var id: String
        var areaDesc: String?
        var onset: String?
        var expires: String
        var ends: String?
        var status: String?
        var messageType: String?
        var severity: String?
        var certainty: String?
        var urgency: String?
        var event: String
        var senderName: String?
        var headline: String?
        var description: String?
        var instruction: String?
        var web: String?
    }

    func alerts() throws(InvalidPayload) -> [WeatherAlert] {
        var alerts: [WeatherAlert] = []
        for (index, feature) in features.enumerated() {
            let properties = feature.properties
            // Tests, exercises and drafts are not warnings; a cancellation ends one.
            guard properties.status ?? "Actual" == "Actual", properties.messageType != "Cancel" else { continue }
            func time(_ text: String?, _ field: String) throws(InvalidPayload) -> Date? {
                try CAPText.time(text, field: "features[\(index)].properties.\(field)")
            }
            guard let expires = try time(properties.expires, "expires") else { continue }
            let event = CAPText.text(properties.event, limit: 120) ?? "Warning"
            alerts.append(WeatherAlert(
                id: properties.id.strippingTerminalControls(limit: 200), event: event,
                severity: AlertSeverity(cap: properties.severity),
                urgency: CAPText.text(properties.urgency, limit: 20), certainty: CAPText.text(properties.certainty, limit: 20),
                onset: try time(properties.onset, "onset"), expires: expires, ends: try time(properties.ends, "ends"),
                headline: CAPText.text(properties.headline, limit: 300) ?? event,
                description: CAPText.paragraphs(properties.description), instruction: CAPText.paragraphs(properties.instruction),
                sender: CAPText.text(properties.senderName, limit: 120) ?? AlertSource.nws.name,
                areas: (properties.areaDesc ?? "").split(separator: ";").compactMap { CAPText.text(String($0), limit: 120) },
                link: CAPText.text(properties.web, limit: 300),
                area: feature.geometry.map { .shape($0.polygons) } ?? .servedForPoint,
                source: .nws))
        }
        return alerts
    }
}
