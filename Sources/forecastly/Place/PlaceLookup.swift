import ForecastCore
import ForecastlyBase
import Foundation
import NetworkTransport
import Places
import Synchronization

/// The gazetteer as the CLI uses it: opened from the user's import or the
/// bundled places, for resolving --city, naming coordinates and completion.
enum PlaceLookup {
    static func index(environment: [String: String] = ProcessInfo.processInfo.environment) -> PlaceIndex {
        PlaceIndex(directories: XDGDirectories(environment: environment))
    }

    /// Opened once per run: a forecast may both resolve --city and name the
    /// place it shows, and each open maps the file and checks it again.
    static func gazetteer() throws(PlaceIndexError) -> Gazetteer {
        try opened.withLock { cached throws(PlaceIndexError) -> Gazetteer in
            if let cached { return cached }
            let gazetteer = try index().open()
            if let reason = gazetteer.notKeptBecause {
                UnwrittenCache.record("\(reason) The places were used from memory for this run.", status: gazetteer.notKeptStatus)
            }
            cached = gazetteer
            return gazetteer
        }
    }

    private static let opened = Mutex<Gazetteer?>(nil)

    static func resolver(transport: any HTTPTransport) throws -> PlaceResolver {
        let environment = ProcessInfo.processInfo.environment
        let geocoder: OpenMeteoGeocoder
        do {
            geocoder = try OpenMeteoGeocoder(environment: environment, transport: transport)
        } catch {
            throw ForecastError.invalidInput(error.reason)
        }
        return PlaceResolver(gazetteer: try gazetteer(), geocoder: geocoder)
    }

    /// The offline index's answer for a name, without the network; nil when
    /// it does not know the name or cannot be opened.
    static func resolveOffline(_ city: PlaceQuery) -> PlaceResolution? {
        guard let gazetteer = try? gazetteer() else { return nil }
        return PlaceResolver(gazetteer: gazetteer, geocoder: nil).resolveOffline(city)
    }

    /// "near Bielefeld, DE (3 km)" for a coordinate; nil when the index
    /// cannot be opened or the nearest place is too far to mean anything.
    static func name(near coordinate: Coordinate) -> String? {
        do {
            let nearby = try gazetteer().locality(of: coordinate)
            return nearby.distanceMeters <= 50_000 ? nearby.description : nil
        } catch {
            Diagnostics.logger.debug("no place name: \(error.userMessage)")
            return nil
        }
    }

    /// The place as warning services are chosen and matched: its country
    /// (the named city's, else the nearest place's within 100 km, which
    /// reaches coastal waters) and the names of the places it is in.
    static func alertPlace(at coordinate: Coordinate, entry: GazetteerPlace?) -> AlertPlace {
        if let entry { return AlertPlace(coordinate: coordinate, countryCode: entry.countryCode, regionNames: [entry.name]) }
        guard let nearby = try? gazetteer().locality(of: coordinate), nearby.distanceMeters <= 100_000 else {
            return AlertPlace(coordinate: coordinate, countryCode: nil)
        }
        let names = [nearby.place.name] + (nearby.city.map { [$0.name] } ?? [])
        return AlertPlace(coordinate: coordinate, countryCode: nearby.place.countryCode, regionNames: names)
    }

    /// Shell completion for --city and PLACE: places in search order, own
    /// names first. A place found through another of its names is offered
    /// by that name, as typed ("Mün" offers Münster, DE and München, DE, which
    /// --city finds as Munich): shells drop candidates that do not begin
    /// with the typed text. Runs inside the shell's completion call, so it
    /// never prints errors.
    @Sendable
    static func complete(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        guard let query = try? PlaceQuery(prefix), let gazetteer = try? gazetteer() else { return [] }
        var seen: Set<String> = []
        return gazetteer.searchMatches(query, limit: 100).compactMap { match in
            // The index keeps other names folded ("munchen"): the typed letters restore their case and accents.
            if let other = match.alternateName {
                return spelledAsTyped(match.place.countryCode.isEmpty ? other : "\(other), \(match.place.countryCode)", prefix: prefix)
            }
            return spelledAsTyped(match.place.displayName, prefix: prefix, ownName: true)
        }
        .filter { seen.insert($0).inserted }.prefix(20).map { $0 }
    }

    /// A shell keeps only candidates that begin with what was typed, letter
    /// for letter; the index matches without case and accents. So a name
    /// found for "ky" or "Sao" is offered as "kyiv, UA" or "Sao Paulo, BR"
    /// (which --city takes alike). A place's own name is not given accents
    /// it lacks: "Mün" is not "Münich".
    static func spelledAsTyped(_ name: String, prefix: String, ownName: Bool = false) -> String? {
        if name.hasPrefix(prefix) { return name }
        let start = name.prefix(prefix.count)
        guard SearchKey.fold(start) == SearchKey.fold(prefix) else { return nil }
        if ownName, !prefix.allSatisfy(\.isASCII), start.lowercased() != prefix.lowercased() { return nil }
        return prefix + name.dropFirst(prefix.count)
    }
}
