public import ForecastlyBase
public import Places

/// `forecastly compare`: many named places, resolved one by one, then
/// forecast together in ONE service request, reported in the order given.
public enum PlaceComparison {
    /// Open-Meteo accepts up to 1,000; a table stops being readable long before.
    public static let maximumPlaces = 100

    /// One row of the comparison, in input order.
    public enum Entry: Sendable {
        case forecast(PlaceResolution, Forecast)
        /// The name did not resolve (or the list repeated a place); the others still show.
        case failed(query: String, error: any UserFacingError)
    }

    /// Resolves every query, drops repeats (keeping the first), and fetches
    /// the rest in one request. Only a failure of that request fails the whole.
    public static func run(
        _ queries: [PlaceQuery], resolver: PlaceResolver, service: any ForecastService
    ) async throws(ForecastError) -> [Entry] {
        guard !queries.isEmpty else { throw .invalidInput(MessageText("Name at least one place to compare.")) }
        guard queries.count <= maximumPlaces else {
            throw .invalidInput(MessageText("'compare' takes at most {limit} places; got {count}.", ["limit": "\(maximumPlaces)", "count": "\(queries.count)"]))
        }
        let resolutions = await resolveAll(queries, resolver: resolver)
        var entries: [Entry?] = Array(repeating: nil, count: queries.count)
        var requestIndices: [Int] = []
        var requests: [ForecastRequest] = []
        var firstQueryForPlace: [Int: String] = [:]
        for (index, result) in resolutions.enumerated() {
            switch result {
            case .failure(let error):
                entries[index] = .failed(query: queries[index].description, error: error)
            case .success(let resolution):
                if let earlier = firstQueryForPlace[resolution.place.id] {
                    entries[index] = .failed(query: queries[index].description, error: DuplicatePlace(query: queries[index].description, earlier: earlier, place: resolution.name))
                    continue
                }
                firstQueryForPlace[resolution.place.id] = queries[index].description
                requestIndices.append(index)
                requests.append(try request(for: resolution))
            }
        }
        if !requests.isEmpty {
            let forecasts = try await service.forecasts(for: requests)
            // A service of a library user's may answer short: an error, never a trap.
            guard forecasts.count == requests.count else {
                throw .undecodable(field: nil, detail: "it answered for \(forecasts.count) places instead of \(requests.count)", service: ServiceName(service.provider))
            }
            for (position, index) in requestIndices.enumerated() {
                if case .success(let resolution) = resolutions[index] {
                    entries[index] = .forecast(resolution, forecasts[position])
                }
            }
        }
        return entries.compactMap { $0 }
    }

    /// What is asked for one place of the table: today, without hours.
    public static func request(for resolution: PlaceResolution) throws(ForecastError) -> ForecastRequest {
        try ForecastRequest(coordinate: resolution.place.coordinate, days: 1, includesHourly: false)
    }

    /// Offline names resolve at once; the few that need the online geocoder
    /// are looked up concurrently.
    private static func resolveAll(_ queries: [PlaceQuery], resolver: PlaceResolver) async -> [Result<PlaceResolution, PlaceResolutionError>] {
        await withTaskGroup(of: (Int, Result<PlaceResolution, PlaceResolutionError>).self) { group in
            for (index, query) in queries.enumerated() {
                group.addTask { (index, await resolution(of: query, resolver: resolver)) }
            }
            var results = [Result<PlaceResolution, PlaceResolutionError>?](repeating: nil, count: queries.count)
            for await (index, result) in group { results[index] = result }
            return results.map { $0 ?? .failure(.notFound(query: "", suggestions: [], onlineFailure: nil)) }
        }
    }

    private static func resolution(of query: PlaceQuery, resolver: PlaceResolver) async -> Result<PlaceResolution, PlaceResolutionError> {
        do throws(PlaceResolutionError) {
            return .success(try await resolver.resolve(query))
        } catch {
            return .failure(error)
        }
    }
}

/// A list that names the same place twice shows it once.
public struct DuplicatePlace: UserFacingError {
    public var query: String
    public var earlier: String
    public var place: String

    public var summaryMessage: MessageText {
        query == earlier
            ? MessageText("“{name}” is listed more than once; it is shown once.", ["name": query])
            : MessageText("“{name}” is {place}, already listed as “{earlier}”; it is shown once.", ["name": query, "place": place, "earlier": earlier])
    }
    public var adviceMessage: MessageText? { nil }
    public var exitStatus: ExitStatus { .usage }
}
