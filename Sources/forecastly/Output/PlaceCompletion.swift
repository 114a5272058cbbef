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
            } else if let written, written != match.place.name, let name = spelledAsTyped(written, prefix: prefix) {
                // Another of its names, as written, is what was typed.
                name + (match.place.countryCode.isEmpty ? "" : ", \(match.place.countryCode)")
            } else {
                nil
            }
            guard let candidate, seen.insert(candidate).inserted else { return nil }
            return described ? candidate + "\t" + match.place.countryName : candidate
        }
        .prefix(20).map { $0 }
    }

    /// A place as its name is written ("lo" offers "London, GB"): the
    /// completion scripts let these through whatever the case (bash adds
    /// them unfiltered, zsh matches them without case, fish does so itself;
    /// `CompletionScripts`), and bash whatever the accents. Where only
    /// accents differ zsh and fish would drop the name, so for them it keeps
    /// what was typed: "Sao" offers "Sao Paulo, BR" (which --city takes
    /// alike). A place's own name is not given accents it lacks: "Mün" is
    /// not "Münich".
    static func spelledAsTyped(_ name: String, prefix: String, ownName: Bool = false,
                               shell: CompletionShell? = CompletionShell.requesting) -> String? {
        let start = name.prefix(prefix.count)
        if start.lowercased() == prefix.lowercased() { return name }
        guard SearchKey.fold(start) == SearchKey.fold(prefix) else { return nil }
        if ownName, !prefix.allSatisfy(\.isASCII) { return nil }
        if shell == .bash { return name }
        // "Sao Paulo" for zsh's case-free match of "sao"; "lodź" where even that differs (Ł is no L with an accent).
        let bare = start.folding(options: .diacriticInsensitive, locale: nil)
        return (bare.lowercased() == prefix.lowercased() ? bare : prefix) + name.dropFirst(prefix.count)
    }
}
