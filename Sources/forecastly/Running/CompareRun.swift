import ForecastCore
import ForecastStore
import Places

/// Many places in one table (`compare`, or `forecast` with several
/// `--city`): every name resolved, then forecast together, returned in the
/// order given for the command to print.
struct CompareRun {
    let queries: [PlaceQuery]
    let units: UnitSystem
    let services: ServiceSettings

    func entries() async throws -> [PlaceComparison.Entry] {
        let provider = services.provider
        guard queries.count <= provider.maximumComparedPlaces else {
            throw ForecastError.invalidInput("\(provider.name) is asked for at most \(provider.maximumComparedPlaces) places at once; got \(queries.count).")
        }
        // Open-Meteo's one request for every place is not cached; the
        // others are asked place by place through the store, so MET
        // Norway's Expires holds here too. No fallback: one table, one
        // provider, credited under it.
        let store = provider == .openMeteo ? nil : Storage.openForCache()
        return try await Services.with(services) { services in
            let weather: any ForecastService = provider == .openMeteo
                ? services.weather
                : CachingForecastService(base: services.weather, cache: store ?? NoForecastCache(),
                                         policy: .preferStored(maxAge: CachePolicy.defaultMaxAge))
            return try await PlaceComparison.run(queries, resolver: try services.placeResolver(), service: weather, units: units)
        }
    }
}
