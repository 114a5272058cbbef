import ForecastlyApp
import Foundation
import Places

/// Shell completion for --city and PLACE: places in search order, own names
/// first. A place found through another of its names is offered by that
/// name, as typed ("Mün" offers Münster, DE and München, DE, which --city
/// finds as Munich): shells drop candidates that do not begin with the
/// typed text. Runs inside the shell's completion call, so it never prints
/// errors.
enum PlaceCompletion {
    @Sendable
    static func complete(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        let places = PlaceBook(environment: ProcessInfo.processInfo.environment)
        guard let query = try? PlaceQuery(prefix), let gazetteer = try? places.gazetteer() else { return [] }
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
