import ForecastCore
import ForecastlyBase
import Foundation

/// What the three warning services' answers share: CAP's vocabulary and
/// CAP's polygons.
enum CAPText {
    /// A CAP `<polygon>`: space-separated "lat,lon" pairs (latitude first,
    /// the reverse of GeoJSON). Nil when a pair is not a point on Earth.
    static func polygon(_ text: String) -> AlertPolygon? {
        var ring: [Coordinate] = []
        for pair in text.split(whereSeparator: \.isWhitespace) {
            let parts = pair.split(separator: ",")
            guard parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]),
                  let point = try? Coordinate(latitude: latitude, longitude: longitude)
            else { return nil }
            ring.append(point)
        }
        guard ring.count >= 3 else { return nil }
        return AlertPolygon(rings: [ring])
    }

    /// A CAP time with its offset, or nil when there is none; a text that is
    /// no time is bad data naming `field`.
    static func time(_ text: String?, field: String) throws(InvalidPayload) -> Date? {
        guard let text else { return nil }
        guard let date = OffsetTimestamp.date(text) else {
            throw InvalidPayload(field: field, detail: "“\(text.strippingTerminalControls(limit: 40))” is not a time")
        }
        return date
    }

    /// MeteoAlarm's and MET Norway's `awareness_level`, "2; yellow; Moderate":
    /// the level (1 green means "no warning") and the CAP severity.
    static func awarenessLevel(_ text: String) -> (level: Int, severity: AlertSeverity)? {
        let parts = text.split(separator: ";").map { $0.trimmingWhitespace() }
        guard let first = parts.first, let level = Int(first), (1...4).contains(level) else { return nil }
        return (level, AlertSeverity(cap: parts.count > 2 ? parts[2] : nil))
    }

    /// Remote text for one line (an event, a headline, a name): no terminal
    /// controls, line breaks folded to spaces, nil when nothing is left.
    static func text(_ value: String?, limit: Int = 300) -> String? {
        guard let value else { return nil }
        let clean = value.strippingTerminalControls(limit: limit)
        return clean.isEmpty ? nil : clean
    }

    /// A warning's description or instruction: its line breaks kept (the
    /// services write paragraphs and lists), no terminal controls.
    static func paragraphs(_ value: String?, limit: Int = 8_000) -> String? {
        guard let value else { return nil }
        let clean = value.strippingTerminalControls(limit: limit, keepingNewlines: true).trimmingWhitespace()
        return clean.isEmpty ? nil : clean
    }
}
