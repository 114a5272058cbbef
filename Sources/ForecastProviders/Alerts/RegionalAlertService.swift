public import ForecastCore
public import Foundation
public import NetworkTransport

/// The warning service for a place, chosen by its country: the NWS for the
/// United States and its territories, MET Norway for Norway (and Svalbard)
/// and for the sea areas it warns, MeteoAlarm for the rest of its European
/// members. Anywhere else no service covers the place, and that is what is said.
public struct RegionalAlertService: AlertService {
    private let environment: [String: String]
    private let transport: any HTTPTransport
    private let language: String?
    private let now: @Sendable () -> Date

    /// The server of `source`'s service as `environment` points it, for
    /// `about`: nil when the variable names no usable server, and the variable.
    public static func server(of source: AlertSource, environment: [String: String]) -> (address: String?, variable: String) {
        let (name, publicURL): (ServiceName, URL) = switch source {
        case .nws: (NWSAlertService.name, NWSAlertService.publicURL)
        case .metNorway: (.metNorway, MetNorwayService.publicBaseURL)
        case .meteoAlarm: (MeteoAlarmService.name, MeteoAlarmService.publicURL)
        }
        return ((try? ServiceEndpoint(service: name, publicURL: publicURL, environment: environment))?.baseURL.absoluteString, name.urlVariable)
    }

    /// The services as `environment` points at them, each built when a place
    /// it covers is asked for; `language` is the user's (ISO 639), for the
    /// services that write in several: MET Norway writes Norwegian or
    /// English, MeteoAlarm carries each country's languages and English.
    public init(environment: [String: String], transport: any HTTPTransport, language: String?, now: @escaping @Sendable () -> Date = Date.init) {
        self.environment = environment
        self.transport = transport
        self.language = language
        self.now = now
    }

    /// Where the NWS issues warnings: the states and the territories.
    static let nwsCountries: Set<String> = ["US", "PR", "VI", "GU", "AS", "MP", "UM"]

    public func scope(for place: AlertPlace) -> AlertScope? { Self.scope(for: place) }

    /// Every point no country claims shares one answer: MET Norway's sea
    /// areas and marine warnings, which say themselves whether they reach it.
    static let seaScope = AlertScope(source: .metNorway, key: "met-norway:sea")

    /// The scope of a place's warnings, without a service at hand (`--offline` reads the store by it).
    public static func scope(for place: AlertPlace) -> AlertScope? {
        let point = "\(MetNorwayService.fourDecimals(place.coordinate.latitude)),\(MetNorwayService.fourDecimals(place.coordinate.longitude))"
        guard let country = place.countryCode else {
            // Svalbard and Jan Mayen, whose towns the index does not hold, are asked for the point;
            // elsewhere beyond a town's reach, at sea, MET's sea areas say whether it warns there.
            return NorwegianArcticIslands.contains(place.coordinate) ? AlertScope(source: .metNorway, key: "met-norway:\(point)") : seaScope
        }
        if Self.nwsCountries.contains(country) { return AlertScope(source: .nws, key: "nws:\(point)") }
        if country == "NO" || country == "SJ" { return AlertScope(source: .metNorway, key: "met-norway:\(point)") }
        if let feed = MeteoAlarmService.feed(forCountry: country) { return AlertScope(source: .meteoAlarm, key: "meteoalarm:\(feed)") }
        return nil
    }

    public func bulletin(for scope: AlertScope, place: AlertPlace) async throws(ForecastError) -> AlertBulletin {
        switch scope.source {
        case .nws:
            return try await NWSAlertService(environment: environment, transport: transport).bulletin(at: place.coordinate, now: now())
        case .metNorway:
            let norwegian = ["nb", "nn", "no"].contains(language ?? "")
            let service = try MetNorwayAlertService(environment: environment, transport: transport, language: norwegian ? "no" : "en")
            return scope == Self.seaScope ? try await service.seaBulletin(now: now()) : try await service.bulletin(at: place.coordinate, now: now())
        case .meteoAlarm:
            let feed = String(scope.key.dropFirst("meteoalarm:".count))
            return try await MeteoAlarmService(environment: environment, transport: transport, languages: language.map { [$0] } ?? [])
                .bulletin(forFeed: feed, now: now())
        }
    }
}
