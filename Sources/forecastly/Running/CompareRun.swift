import ForecastCore
import ForecastStore
import Foundation
import Places

/// Many places in one table (`compare`, or `forecast` with several
/// `--city`): every name resolved, then forecast together, returned in the
/// order given for the command to print.
struct CompareRun {
    let queries: [PlaceQuery]
    let units: UnitSystem
    let services: ServiceSettings
    /// Whether to mark the places where a warning is in force.
    var alerts = true

    /// The table's rows, and the warnings of each place (by GeoNames id).
    struct Result {
        var entries: [PlaceComparison.Entry]
        var alerts: [Int: PlaceAlerts] = [:]
    }

    func run() async throws -> Result {
        let provider = services.provider
        guard queries.count <= provider.maximumComparedPlaces else {
            throw ForecastError.invalidInput("\(provider.name) is asked for at most \(provider.maximumComparedPlaces) places at once; got \(queries.count).")
        }
        // Open-Meteo's one request for every place is not cached; the
        // others are asked place by place through the store, so MET
        // Norway's Expires holds here too. No fallback: one table, one
        // provider, credited under it.
        let store = Storage.openForCache()
        return try await Services.with(services) { services in
            let weather: any ForecastService = provider == .openMeteo
                ? services.weather
                : CachingForecastService(base: services.weather, cache: store ?? NoForecastCache(),
                                         policy: .preferStored(maxAge: CachePolicy.defaultMaxAge))
            let entries = try await PlaceComparison.run(queries, resolver: try services.placeResolver(), service: weather, units: units)
            guard alerts else { return Result(entries: entries) }
            return Result(entries: entries, alerts: await Self.alerts(for: entries, service: services.alerts(store: store)))
        }
    }

    /// Each place's warnings, one request per service scope (a MeteoAlarm
    /// country's feed serves all its places), a few at a time. A failure
    /// leaves the place unmarked: the table is about the weather.
    static func alerts(for entries: [PlaceComparison.Entry], service: any AlertService) async -> [Int: PlaceAlerts] {
        var places: [Int: AlertPlace] = [:]
        for case .forecast(let resolution, _) in entries {
            places[resolution.place.id] = PlaceLookup.alertPlace(at: resolution.place.coordinate, entry: resolution.place)
        }
        var byScope: [AlertScope: [Int]] = [:]
        var result: [Int: PlaceAlerts] = [:]
        for (id, place) in places {
            if let scope = service.scope(for: place) { byScope[scope, default: []].append(id) } else { result[id] = .noService }
        }
        let now = Date()
        let scopes = Array(byScope)
        await withTaskGroup(of: (AlertScope, AlertBulletin?).self) { group in
            var next = 0
            func start() {
                guard next < scopes.count else { return }
                let (scope, ids) = scopes[next]
                let place = places[ids[0]]!
                next += 1
                group.addTask { (scope, try? await service.bulletin(for: scope, place: place)) }
            }
            for _ in 0..<4 { start() }
            while let (scope, bulletin) = await group.next() {
                if let bulletin {
                    for id in byScope[scope] ?? [] { result[id] = bulletin.warnings(for: places[id]!, at: now) }
                }
                start()
            }
        }
        return result
    }
}
