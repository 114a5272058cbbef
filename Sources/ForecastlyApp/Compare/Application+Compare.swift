public import ForecastCore
import ForecastlyBase
import ForecastStore
import Foundation
public import Places

/// Many places in one table: the rows in the order given, and the warnings
/// of each place (by GeoNames id).
public struct Comparison: Sendable {
    public var entries: [PlaceComparison.Entry]
    public var alerts: [Int: PlaceAlerts]
    /// Where each place's forecast came from (by GeoNames id): the network,
    /// or the store, as a single forecast's `origin` says it.
    public var origins: [Int: ForecastOrigin] = [:]
    public var unwrittenCaches: [CacheProblem]
    /// What to say beside the table: that an answer describes a time far
    /// from the clock (said once, for the first such place), as the report says it.
    public var notes: [AppNote] = []
}

extension Application {
    /// The places typed as lists ("Kyiv, Lviv, Odesa", "Paris, FR, Berlin"):
    /// a part that is a country or a state joins the name before it.
    public func placeList(_ arguments: [String]) throws -> [PlaceQuery] {
        let gazetteer = try context.places.gazetteer()
        var queries: [PlaceQuery] = []
        for argument in arguments {
            queries += try PlaceQuery.list(argument, qualifies: gazetteer.qualifies)
        }
        return queries
    }

    /// Many places in one table (`compare`, or `forecast` with several
    /// `--city`): every name resolved, then forecast together. Open-Meteo
    /// answers every place in one request (not cached); the others are
    /// asked place by place through the store, so MET Norway's `Expires`
    /// holds here too. When the provider cannot be reached, a place is shown
    /// from the store, and a warning says so. No other provider is asked:
    /// one table, one provider, credited under it.
    public func compare(_ queries: [PlaceQuery], service: ServiceSettings, alerts: Bool) async throws -> Comparison {
        let provider = service.provider
        guard queries.count <= provider.maximumComparedPlaces else {
            throw ForecastError.invalidInput(MessageText("{provider} is asked for at most {limit} places at once; got {count}.", ["provider": provider.name, "limit": "\(provider.maximumComparedPlaces)", "count": "\(queries.count)"]))
        }
        let log = NoteLog()
        let services = self.services(service)
        let store = context.store.cache(log)
        let weather: any ForecastService
        let origin: @Sendable (ForecastRequest) -> ForecastOrigin?
        if provider.answersManyPlacesAtOnce {
            let many = ManyPlacesForecastService(base: try services.weather(), cache: store ?? NoForecastCache())
            (weather, origin) = (many, many.origin(of:))
        } else {
            let caching = CachingForecastService(base: try services.weather(), cache: store ?? NoForecastCache(),
                                                 policy: .preferStored(maxAge: CachePolicy.defaultMaxAge), now: context.now)
            (weather, origin) = (caching, caching.origin(of:))
        }
        let entries = try await PlaceComparison.run(queries, resolver: try services.placeResolver(), service: weather)
        let marked = alerts ? await self.alerts(for: entries, service: services.alerts(store: store), deadline: extraDeadline(service, ready: true), store: store, log: log) : [:]
        var comparison = Comparison(entries: entries, alerts: marked, unwrittenCaches: unwrittenCaches(log))
        for case .forecast(let resolution, _) in entries {
            comparison.origins[resolution.place.id] = (try? PlaceComparison.request(for: resolution)).flatMap(origin)
        }
        let now = context.now()
        if let stale = StaleComparisonNote.note(for: entries, origins: comparison.origins, now: now) { comparison.notes.append(stale) }
        for case .forecast(_, let forecast) in entries {
            if let outdated = OutdatedNote.note(for: forecast, now: now) {
                comparison.notes.append(outdated)
                break
            }
        }
        return comparison
    }

    /// Each place's warnings, one request per service scope (a MeteoAlarm
    /// country's feed serves all its places), a few at a time, each an extra
    /// with its budget and remembered failure, as beside one forecast. A
    /// failure leaves the place unmarked: the table is about the weather.
    private func alerts(
        for entries: [PlaceComparison.Entry], service: any AlertService, deadline: ExtraDeadline, store: SQLiteStore?, log: NoteLog
    ) async -> [Int: PlaceAlerts] {
        var places: [Int: AlertPlace] = [:]
        for case .forecast(let resolution, _) in entries {
            places[resolution.place.id] = context.places.alertPlace(at: resolution.place.coordinate, entry: resolution.place)
        }
        var byScope: [AlertScope: [Int]] = [:]
        var result: [Int: PlaceAlerts] = [:]
        for (id, place) in places {
            if let scope = service.scope(for: place) { byScope[scope, default: []].append(id) } else { result[id] = .noService }
        }
        let scopes = Array(byScope)
        let now = context.now()
        await withTaskGroup(of: (AlertScope, AlertBulletin?).self) { group in
            var next = 0
            func start() {
                guard next < scopes.count else { return }
                let (scope, ids) = scopes[next]
                let place = places[ids[0]]!
                next += 1
                group.addTask {
                    let answer = await self.extra(true, kind: "alerts", scope: scope.key, store: store, deadline: deadline, log: log, kept: nil) {
                        () async throws(ForecastError) in try await service.bulletin(for: scope, place: place)
                    }
                    return (scope, answer.value)
                }
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
