import ForecastCore
import ForecastlyBase
import Foundation

/// MeteoAlarm's JSON API for one country (`/api/v1/warnings/feeds-COUNTRY`):
/// each warning is a CAP message as JSON, with one `info` per language and
/// its areas named by region (EMMA_ID or NUTS codes), rarely outlined. A
/// country's feed also lists green "no warning" entries (awareness level 1),
/// which are not warnings.
struct MeteoAlarmPayload: Decodable {
    var warnings: [Warning]

    struct Warning: Decodable {
        var alert: Alert
        var uuid: String?
    }

    struct Alert: Decodable {
        var identifier: String
        var msgType: String?
        var status: String?
        var info: [Info]
    }

    struct Info: Decodable {
        var language: String?
        var event: String?
        var responseType: [String]?
        var urgency: String?
        var severity: String?
        var certainty: String?
        var onset: String?
        var effective: String?
        var expires: String
        var senderName: String?
        var headline: String?
        var description: String?
        var instruction: String?
        var web: String?
        var parameter: [NamedValue]?
        var area: [Area]?
    }

    struct NamedValue: Decodable {
        var valueName: String
        var value: String
    }

    struct Area: Decodable {
        var areaDesc: String?
        var polygon: [String]?

        private enum Keys: String, CodingKey { case areaDesc, polygon }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            areaDesc = try container.decodeIfPresent(String.self, forKey: .areaDesc)
            // CAP allows several polygons; the JSON has one string or a list.
            if let one = try? container.decodeIfPresent(String.self, forKey: .polygon) {
                polygon = [one]
            } else {
                polygon = try container.decodeIfPresent([String].self, forKey: .polygon)
            }
        }
    }

    /// The warnings, each in the first of `languages` it is written in
    /// (language prefixes such as "de"), else in English, else in its first language.
    func alerts(languages: [String]) throws(InvalidPayload) -> [WeatherAlert] {
        var alerts: [WeatherAlert] = []
        for (index, warning) in warnings.enumerated() {
            let message = warning.alert
            guard message.status ?? "Actual" == "Actual", message.msgType != "Cancel" else { continue }
            guard let info = Self.info(in: message.info, languages: languages) else { continue }
            let field = "warnings[\(index)].alert.info"
            let level = info.parameter?.first { $0.valueName == "awareness_level" }.flatMap { CAPText.awarenessLevel($0.value) }
            // Green is "no warning"; "all clear" ends one.
            if level?.level == 1 || info.responseType?.contains("AllClear") == true { continue }
            func time(_ text: String?, _ name: String) throws(InvalidPayload) -> Date? {
                try CAPText.time(text, field: "\(field).\(name)")
            }
            guard let expires = try time(info.expires, "expires") else { continue }
            let areas = info.area ?? []
            var polygons: [AlertPolygon] = []
            for area in areas {
                for text in area.polygon ?? [] {
                    guard let polygon = CAPText.polygon(text) else {
                        throw InvalidPayload(field: "\(field).area.polygon", detail: "it is not a list of points on Earth")
                    }
                    polygons.append(polygon)
                }
            }
            let names = areas.compactMap { CAPText.text($0.areaDesc, limit: 120) }
            let event = CAPText.text(info.event, limit: 120) ?? "Warning"
            alerts.append(WeatherAlert(
                id: message.identifier.strippingTerminalControls(limit: 200), event: event,
                severity: info.severity.map { AlertSeverity(cap: $0) } ?? level?.severity ?? .unknown,
                urgency: CAPText.text(info.urgency, limit: 20), certainty: CAPText.text(info.certainty, limit: 20),
                onset: try time(info.onset ?? info.effective, "onset"), expires: expires,
                headline: CAPText.text(info.headline, limit: 300) ?? event,
                description: CAPText.paragraphs(info.description), instruction: CAPText.paragraphs(info.instruction),
                sender: CAPText.text(info.senderName, limit: 120) ?? AlertSource.meteoAlarm.name, areas: names,
                link: CAPText.text(info.web, limit: 300),
                area: polygons.isEmpty ? .named(names) : .shape(polygons), source: .meteoAlarm))
        }
        return alerts
    }

    static func info(in infos: [Info], languages: [String]) -> Info? {
        for wanted in languages + ["en"] {
            if let match = infos.first(where: { ($0.language ?? "").lowercased().hasPrefix(wanted.lowercased()) }) { return match }
        }
        return infos.first
    }
}
