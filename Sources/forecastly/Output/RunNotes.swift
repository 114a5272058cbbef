import ForecastlyApp
import ForecastPresentation
import Foundation

/// What a run says beside its answer, on stderr, one line each:
/// "forecastly: note: …", "forecastly: warning: …".
enum RunNotes {
    static func print(_ notes: [AppNote]) {
        for line in lines(notes) { Terminal.standardError.writeLine(line) }
    }

    /// The notes' lines, for a screen that is drawn whole (a watch in place).
    static func lines(_ notes: [AppNote]) -> [String] {
        guard !notes.isEmpty else { return [] }
        let words = UserLanguage.words()
        return notes.map { "forecastly: \($0.kind.rawValue): \(words.say($0.message).strippingTerminalControls(limit: 2_000))" }
    }

    /// A stale forecast says so, with its age: "Showing the forecast stored
    /// 2 h ago", "Drawing …".
    static func printStaleness(_ answer: ForecastAnswer, drawing: Bool = false) {
        guard let (error, fetchedAt) = answer.staleness else { return }
        let words = UserLanguage.words()
        let reason = words.say(error.summaryMessage)
        let age = words.age(Date().timeIntervalSince(fetchedAt))
        let what = words(drawing ? "Drawing the forecast stored {age} ago." : "Showing the forecast stored {age} ago.", ["age": age])
        Terminal.standardError.writeLine("forecastly: warning: \(reason) \(what)")
    }

    /// A cache the run could not write (the forecast store, the place
    /// index): the answer is whole, so the run still succeeds; one warning
    /// names the file and the cause. What the user asked to be written
    /// (notes, the decision, `--svg`) fails the run instead.
    static func warn(unwritten: [CacheProblem]) {
        guard let first = unwritten.first else { return }
        Terminal.standardError.writeLine("forecastly: warning: \(UserLanguage.words().line(first))")
    }
}
