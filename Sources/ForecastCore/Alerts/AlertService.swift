public import Foundation

/// Which service's answer holds the warnings for a place, and the key its
/// answer is stored under: a point for the NWS and MET Norway, which are
/// asked for the point, a country for MeteoAlarm, whose one feed per country
/// is shared by every place in it.
public struct AlertScope: Sendable, Hashable {
    public var source: AlertSource
    public var key: String

    public init(source: AlertSource, key: String) {
        self.source = source
        self.key = key
    }
}

/// One answer of a warning service: every warning it sent for the scope,
/// whether or not it covers the place (MeteoAlarm's is a whole country's).
public struct AlertBulletin: Sendable, Hashable, Codable {
    public var source: AlertSource
    public var alerts: [WeatherAlert]
    public var fetchedAt: Date
    /// Not to be asked again before this: the service's interval, or its `Expires` when later.
    public var nextRequest: Date
    /// Where the service warns, when its answer is for a reach it covers only
    /// in part (MET Norway's sea areas, for a point at sea): a place outside
    /// every outline has no warning service. Nil: the whole scope is covered.
    public var coverage: [AlertPolygon]?

    public init(source: AlertSource, alerts: [WeatherAlert], fetchedAt: Date, nextRequest: Date, coverage: [AlertPolygon]? = nil) {
        self.source = source
        self.alerts = alerts
        self.fetchedAt = fetchedAt
        self.nextRequest = nextRequest
        self.coverage = coverage
    }

    /// The warnings that concern `place` at `now`: expired ones are never
    /// shown, and ones that name regions forecastly cannot place are kept
    /// apart; outside the service's coverage, that no service covers it.
    public func warnings(for place: AlertPlace, at now: Date) -> PlaceAlerts {
        if let coverage, !coverage.contains(where: { $0.contains(place.coordinate) }) { return .noService }
        var active: [WeatherAlert] = []
        var unplaced: [WeatherAlert] = []
        for alert in alerts where alert.isActive(at: now) {
            switch alert.area.covers(place) {
            case true?: active.append(alert)
            case nil: unplaced.append(alert)
            case false?: continue
            }
        }
        // The worst first; among equals, the one that started first.
        let order: (WeatherAlert, WeatherAlert) -> Bool = {
            $0.severity != $1.severity ? $0.severity > $1.severity : ($0.onset ?? .distantPast) < ($1.onset ?? .distantPast)
        }
        return .covered(AlertCoverage(source: source, active: active.sorted(by: order), unplaced: unplaced.sorted(by: order), asOf: fetchedAt))
    }
}

/// The warnings shown for a place, or that no service covers it: never
/// "no warnings" where nobody would have sent one.
public enum PlaceAlerts: Sendable, Hashable {
    case noService
    case covered(AlertCoverage)

    public var active: [WeatherAlert] {
        if case .covered(let coverage) = self { return coverage.active }
        return []
    }
}

/// What one service says about a place.
public struct AlertCoverage: Sendable, Hashable {
    public var source: AlertSource
    /// In force at the place, the worst first.
    public var active: [WeatherAlert]
    /// In force in the country, for regions forecastly cannot match to the
    /// place (they have no outline and no name it knows).
    public var unplaced: [WeatherAlert]
    /// When the service was asked.
    public var asOf: Date

    public init(source: AlertSource, active: [WeatherAlert], unplaced: [WeatherAlert] = [], asOf: Date) {
        self.source = source
        self.active = active
        self.unplaced = unplaced
        self.asOf = asOf
    }
}

/// Where warnings come from: a seam, as `ForecastService` is. `scope` says
/// which service covers a place (nil: none does) without any request, so a
/// store can answer before the network is asked.
public protocol AlertService: Sendable {
    func scope(for place: AlertPlace) -> AlertScope?
    func bulletin(for scope: AlertScope, place: AlertPlace) async throws(ForecastError) -> AlertBulletin
}

extension AlertService {
    /// The warnings for `place` at `now`, or `.noService`.
    public func alerts(for place: AlertPlace, now: Date = Date()) async throws(ForecastError) -> PlaceAlerts {
        guard let scope = scope(for: place) else { return .noService }
        return try await bulletin(for: scope, place: place).warnings(for: place, at: now)
    }
}
