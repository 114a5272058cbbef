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

    /// A cache the run could not write: its answer is whole, and the run
    /// ends with one line naming the file and the cause, and its status.
    static func finish(unwritten: [CacheProblem]) throws {
        guard let first = unwritten.first else { return }
        throw first
    }
}
