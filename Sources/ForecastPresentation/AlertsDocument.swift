public import ForecastCore
import ForecastlyBase
public import Foundation

/// `forecastly alerts --json`: the place and its warnings, under the same
/// keys as the forecast's JSON (`alerts`, `alertService`; schema version 1).
public struct AlertsDocument: Encodable, Sendable {
    let alerts: PlaceAlerts
    let placeName: String
    let timeZone: TimeZone
    let generatedAt: Date

    public init(alerts: PlaceAlerts, placeName: String, timeZone: TimeZone, generatedAt: Date) {
        self.alerts = alerts
        self.placeName = placeName
        self.timeZone = timeZone
        self.generatedAt = generatedAt
    }

    public func encoded() -> Data { DocumentEncoding.encode(self, empty: "{}") }

    public func encode(to encoder: any Encoder) throws {
        typealias Keys = ForecastDocument.Keys
        let clock = PlaceClock(timeZone: timeZone)
        var root = encoder.container(keyedBy: Keys.self)
        try root.encode(ForecastDocument.schemaVersion, forKey: .schemaVersion)
        var location = root.nestedContainer(keyedBy: Keys.self, forKey: .location)
        try location.encode(placeName, forKey: .name)
        try location.encode(timeZone.identifier, forKey: .timezone)
        try ForecastDocument.encode(alerts, into: &root, clock: clock)
        try root.encode(PlaceClock(timeZone: .gmt).iso8601(generatedAt), forKey: .generatedAt)
    }
}
