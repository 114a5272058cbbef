import ForecastlyApp
import ForecastPresentation
import Foundation

/// What a run says beside its answer, on stderr, one line each:
/// "forecastly: note: …", "forecastly: warning: …".
enum RunNotes {
    static func print(_ notes: [AppNote]) {
        for note in notes { Terminal.standardError.writeLine("forecastly: \(note.kind.rawValue): \(note.text)") }
    }

    /// A stale forecast says so, with its age: "Showing the forecast stored
    /// 2 h ago", "Drawing …".
    static func printStaleness(_ answer: ForecastAnswer, verb: String = "Showing") {
        guard let (error, fetchedAt) = answer.staleness else { return }
        Terminal.standardError.writeLine(
            "forecastly: warning: \(error.summary) \(verb) the forecast stored \(ValueFormat.age(Date().timeIntervalSince(fetchedAt))) ago.")
    }

    /// A cache the run could not write (the forecast store, the place
    /// index): the answer is whole, so the run still succeeds; one warning
    /// names the file and the cause. What the user asked to be written
    /// (notes, the decision, `--svg`) fails the run instead.
    static func warn(unwritten: [CacheProblem]) {
        guard let first = unwritten.first else { return }
        Terminal.standardError.writeLine("forecastly: warning: \(first.message)")
    }
}
