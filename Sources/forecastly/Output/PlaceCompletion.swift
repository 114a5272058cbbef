import ArgumentParser
import ForecastlyApp
import Foundation
import Places

/// Shell completion for --city and PLACE: places in search order, own names
/// first. A place is offered by another of its names only when that name,
/// as written, is what was typed, and the place is a city of 100,000 people
/// or more ("Mün" offers Münster, DE and München, DE, which --city finds as
/// Munich; not "Münbai" for Mumbai, nor "New York of the Pacific"). Shells
/// drop candidates that do not begin with the typed text. Fish shows each
/// place's country beside it instead of the option's help. Runs inside the
/// shell's completion call, so it never prints errors.
enum PlaceCompletion {
    /// Places this large are offered by their other names.
    static let populationForOtherNames = 100_000

    @Sendable
    static func complete(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        let places = PlaceBook(environment: ProcessInfo.processInfo.environment)
        guard let query = try? PlaceQuery(prefix), let gazetteer = try? places.gazetteer() else { return [] }
        let described = CompletionShell.requesting == .fish
        var seen: Set<String> = []
        return gazetteer.searchMatches(query, limit: 100).compactMap { match -> String? in
            let written = match.place.population >= populationForOtherNames ? gazetteer.name(of: match, writtenAs: prefix) : nil
            let candidate: String? = if let own = spelledAsTyped(match.place.displayName, prefix: prefix, ownName: true), match.alternateName == nil {
                own
            } else if let written, written != match.place.name {
                // Another of its names, as written, is what was typed.
                prefix + written.dropFirst(prefix.count) + (match.place.countryCode.isEmpty ? "" : ", \(match.place.countryCode)")
            } else {
                nil
            }
            guard let candidate, seen.insert(candidate).inserted else { return nil }
            return described ? candidate + "\t" + match.place.countryName : candidate
        }
        .prefix(20).map { $0 }
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
