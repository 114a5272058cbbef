public import ForecastCore
public import ForecastlyBase
public import Foundation
public import NetworkTransport
public import Places
import Synchronization

/// The gazetteer as the application uses it: opened once, when a run first
/// needs it (to resolve a city, to name a coordinate, to choose a warning
/// service), from the user's import or the bundled places.
public final class PlaceBook: Sendable {
    public let index: PlaceIndex
    private let environment: [String: String]
    private let opened = Mutex<Result<Gazetteer, PlaceIndexError>?>(nil)

    public init(environment: [String: String]) {
        self.environment = environment
        index = PlaceIndex(directories: XDGDirectories(environment: environment))
    }

    /// The gazetteer; opening it may build the bundled places' index into
    /// the cache, and a cache that cannot be kept is a problem of the runs
    /// that use it (`unkeptIndex`), not a reason to fail them.
    public func gazetteer() throws(PlaceIndexError) -> Gazetteer {
        let result = opened.withLock { cached -> Result<Gazetteer, PlaceIndexError> in
            if let cached { return cached }
            let result: Result<Gazetteer, PlaceIndexError>
            do throws(PlaceIndexError) { result = .success(try index.open()) } catch { result = .failure(error) }
            cached = result
            return result
        }
        return try result.get()
    }

    /// The index's cache that could not be kept, once the gazetteer was
    /// opened that way: every run that used it from memory says so.
    public var unkeptIndex: CacheProblem? {
        guard case .success(let gazetteer)? = opened.withLock({ $0 }), let reason = gazetteer.notKeptBecause else { return nil }
        return CacheProblem(MessageText("{reason} The places were used from memory for this run.", messages: ["reason": [reason]]), status: gazetteer.notKeptStatus)
    }

    /// The offline index first, then the online geocoder over `transport`.
    public func resolver(transport: any HTTPTransport) throws -> PlaceResolver {
        let geocoder: OpenMeteoGeocoder
        do {
            geocoder = try OpenMeteoGeocoder(environment: environment, transport: transport)
        } catch {
            // Reading the variable can fail only on its URL.
            guard case .invalidURL(let text) = error else { throw ForecastError.invalidInput(error.reason) }
            throw ForecastError.invalidInput(.notAURL(variable: OpenMeteoGeocoder.urlVariable, text: text))
        }
        return PlaceResolver(gazetteer: try gazetteer(), geocoder: geocoder)
    }

    /// The offline index's answer for a name, without the network; nil when
    /// it does not know the name or cannot be opened.
    public func resolveOffline(_ city: PlaceQuery) -> PlaceResolution? {
        guard let gazetteer = try? gazetteer() else { return nil }
        return PlaceResolver(gazetteer: gazetteer, geocoder: nil).resolveOffline(city)
    }

    /// The names the offline index would suggest for one it does not know
    /// ("Kyiv, UA" for "Kyyv"); none when it cannot be opened.
    public func suggestionsOffline(_ city: PlaceQuery) -> [String] {
        guard let gazetteer = try? gazetteer() else { return [] }
        return gazetteer.suggestions(for: city).map(\.qualifiedName)
    }

    /// "Toronto, CA" or "Spandau, Berlin, DE" for a coordinate; nil when the
    /// index cannot be opened or the nearest place is too far to mean anything.
    public func name(near coordinate: Coordinate) -> PlaceLabel? {
        locality(of: coordinate, within: 50_000)?.label
    }

    /// The place as warning services are chosen and matched: its country
    /// (the named city's, else the nearest place's within 100 km, which
    /// reaches coastal waters) and the names of the places it is in.
    public func alertPlace(at coordinate: Coordinate, entry: GazetteerPlace?) -> AlertPlace {
        if let entry { return AlertPlace(coordinate: coordinate, countryCode: entry.countryCode, regionNames: [entry.name]) }
        guard let nearby = locality(of: coordinate, within: 100_000) else {
            return AlertPlace(coordinate: coordinate, countryCode: nil)
        }
        let names = [nearby.place.name] + (nearby.city.map { [$0.name] } ?? [])
        return AlertPlace(coordinate: coordinate, countryCode: nearby.place.countryCode, regionNames: names)
    }

    /// The place the gazetteer names for `coordinate`, if it is within
    /// `limit` metres; nil beyond it or when the index cannot be opened.
    private func locality(of coordinate: Coordinate, within limit: Double) -> NearbyPlace? {
        guard let nearby = try? gazetteer().locality(of: coordinate, within: limit), nearby.distanceMeters <= limit else { return nil }
        return nearby
    }

    /// The place's zone for providers that send none: the gazetteer's, or,
    /// when the index cannot be opened, as far from every town.
    public func timeZone(at coordinate: Coordinate) -> TimeZone {
        (try? gazetteer())?.timeZone(at: coordinate) ?? Gazetteer.timeZoneAway(from: coordinate)
    }
}
