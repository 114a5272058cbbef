import ArgumentParser
import ForecastlyApp
import Foundation

/// Shell completion for --city and PLACE: the application's candidates
/// (`PlaceBook.completions`), spelled for the shell that asks, which
/// drops candidates that do not begin with the typed text (the completion
/// scripts let them through whatever the case: `CompletionScripts`). Fish
/// shows each place's country beside it instead of the option's help. Runs
/// inside the shell's completion call, so it never prints errors.
enum PlaceCompletion {
    @Sendable
    static func complete(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        let shell = CompletionShell.requesting
        let places = PlaceBook(environment: ProcessEnvironment.variables)
        return places.completions(for: prefix, spelling: shell == .bash ? .asWritten : .asTyped).map { candidate in
            shell == .fish ? candidate.text + "\t" + candidate.countryName : candidate.text
        }
    }
}
