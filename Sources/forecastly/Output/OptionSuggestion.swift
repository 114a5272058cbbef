import ArgumentParser

/// "Did you mean '--lat'?" for a misspelled option. The known options are
/// read from the help of every command, so the list cannot drift from what
/// the commands declare; this runs only after a parse has failed.
enum OptionSuggestion {
    /// The nearest known option to the one ArgumentParser's message names as
    /// unknown, or nil when none is near enough to be meant.
    static func forUnknownOption(in message: String) -> String? {
        guard let unknown = message.firstMatch(of: /Unknown option '(--[A-Za-z0-9-]+)/)?.output.1 else { return nil }
        return nearest(to: String(unknown), among: knownOptions())
    }

    /// A place south or west as the first word ("-33.9,18.4") starts with a
    /// dash, so it reads as an option: say how to write it.
    static func forNegativePlace(in message: String) -> String? {
        guard let place = message.firstMatch(of: /Unknown option '(-[0-9][0-9.]*,\s*-?[0-9][0-9.]*)'/)?.output.1 else { return nil }
        return "A place south or west is written after --: forecastly -- \(place) (or with --lat and --lon)."
    }

    static func nearest(to unknown: String, among known: Set<String>) -> String? {
        let scored = known.map { ($0, distance($0, unknown)) }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }
        if let best = scored.first, best.1 <= 2 { return best.0 }
        // "--lattitude" for "--lat": a known option that the typed one starts with.
        return known.filter { $0.count >= 5 && unknown.hasPrefix($0) }.max { $0.count < $1.count }
    }

    static func knownOptions() -> Set<String> {
        var names: Set<String> = []
        var commands: [any ParsableCommand.Type] = [ForecastlyCommand.self]
        while let command = commands.popLast() {
            let help = ForecastlyCommand.helpMessage(for: command, columns: 200)
            for match in help.matches(of: /--[a-z][a-z0-9-]+/) { names.insert(String(match.output)) }
            commands += command.configuration.subcommands
        }
        return names
    }

    /// Levenshtein distance: insertions, deletions and substitutions.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
