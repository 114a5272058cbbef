import Foundation
import Places

/// How a completion may spell a place whose name differs from what was
/// typed only in its accents: bash takes the place's name as written
/// ("São Paulo" for "sao"); zsh and fish match candidates against the typed
/// text and would drop it, so for them the typed letters stay ("Sao Paulo",
/// which --city takes alike).
public enum CompletionSpelling: Sendable {
    case asWritten
    case asTyped
}

/// A place offered while a person types one: its name as the command
/// takes it ("London, GB"), and its country, for shells that show one.
public struct PlaceCompletionCandidate: Sendable, Hashable {
    public let text: String
    public let countryName: String
}

extension PlaceBook {
    /// Places this large are offered by their other names.
    public static let populationForOtherNames = 100_000

    /// The places to offer for `prefix`, in search order (own names first),
    /// at most 20. A place is offered by another of its names only when that
    /// name, as written, is what was typed, and it is a city of 100,000
    /// people or more ("Mün" offers Münster, DE and München, DE, which --city
    /// finds as Munich; not "Münbai" for Mumbai, nor "New York of the
    /// Pacific"). Nothing to offer (no index, an empty prefix) is no error.
    public func completions(for prefix: String, spelling: CompletionSpelling) -> [PlaceCompletionCandidate] {
        guard let query = try? PlaceQuery(prefix), let gazetteer = try? gazetteer() else { return [] }
        var seen: Set<String> = []
        return gazetteer.searchMatches(query, limit: 100).compactMap { match -> PlaceCompletionCandidate? in
            let written = match.place.population >= Self.populationForOtherNames ? gazetteer.name(of: match, writtenAs: prefix) : nil
            let text: String? = if let own = Self.spelledAsTyped(match.place.displayName, prefix: prefix, ownName: true, spelling: spelling),
                                   match.alternateName == nil {
                own
            } else if let written, written != match.place.name, let name = Self.spelledAsTyped(written, prefix: prefix, spelling: spelling) {
                // Another of its names, as written, is what was typed.
                name + (match.place.countryCode.isEmpty ? "" : ", \(match.place.countryCode)")
            } else {
                nil
            }
            guard let text, seen.insert(text).inserted else { return nil }
            return PlaceCompletionCandidate(text: text, countryName: match.place.countryName)
        }
        .prefix(20).map { $0 }
    }

    /// A place as its name is written ("lo" offers "London, GB"), whatever
    /// the case; whatever the accents too, spelled as `spelling` says. A
    /// place's own name is not given accents it lacks: "Mün" is not "Münich".
    static func spelledAsTyped(_ name: String, prefix: String, ownName: Bool = false, spelling: CompletionSpelling) -> String? {
        let start = name.prefix(prefix.count)
        if start.lowercased() == prefix.lowercased() { return name }
        guard SearchKey.fold(start) == SearchKey.fold(prefix) else { return nil }
        if ownName, !prefix.allSatisfy(\.isASCII) { return nil }
        if spelling == .asWritten { return name }
        // "Sao Paulo" for a case-free match of "sao"; "lodź" where even that differs (Ł is no L with an accent).
        let bare = start.folding(options: .diacriticInsensitive, locale: nil)
        return (bare.lowercased() == prefix.lowercased() ? bare : prefix) + name.dropFirst(prefix.count)
    }
}
