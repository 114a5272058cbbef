public import ForecastCore
import ForecastlyBase
public import Foundation

/// `compare --json`: an array in input order. Each element has the query
/// and either `forecast` (a schema-1 forecast document with `location.place`)
/// or `error` (`message` and the `exitStatus` it would have alone).
public struct ComparisonDocument: Encodable, Sendable {
    let entries: [PlaceComparison.Entry]
    let units: MeasurementUnits
    let source: DataSource
    let generatedAt: Date
    /// Each place's warnings by GeoNames id; a place without an entry was not asked.
    public var alerts: [Int: PlaceAlerts] = [:]
    /// Where each place's forecast came from, by GeoNames id: its `cache` object.
    public var origins: [Int: ForecastOrigin] = [:]

    public init(entries: [PlaceComparison.Entry], units: MeasurementUnits = .metric, source: DataSource, generatedAt: Date) {
        self.entries = entries
        self.units = units
        self.source = source
        self.generatedAt = generatedAt
    }

    enum Keys: String, CodingKey {
        case query, forecast, error, message, exitStatus
    }

    public func encode(to encoder: any Encoder) throws {
        var array = encoder.unkeyedContainer()
        for entry in entries {
            var node = array.nestedContainer(keyedBy: Keys.self)
            switch entry {
            case .forecast(let resolution, let forecast):
                try node.encode(resolution.query.description, forKey: .query)
                var document = ForecastDocument(
                    forecast: forecast, placeName: resolution.name, units: units,
                    source: source, generatedAt: generatedAt, place: resolution.place, origin: origins[resolution.place.id])
                document.extras.alerts = alerts[resolution.place.id]
                try node.encode(document, forKey: .forecast)
            case .failed(let query, let error):
                try node.encode(query, forKey: .query)
                var failure = node.nestedContainer(keyedBy: Keys.self, forKey: .error)
                try failure.encode(error.userMessage, forKey: .message)
                try failure.encode(error.exitStatus.rawValue, forKey: .exitStatus)
            }
        }
    }

    public func encoded() -> Data { DocumentEncoding.encode(self, empty: "[]") }
}
