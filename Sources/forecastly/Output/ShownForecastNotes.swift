import ForecastStore
import ForecastPresentation
import Foundation

extension ForecastRun.Shown {
    /// That another provider answered, or that one flagged its API: one
    /// line each on stderr, before the forecast.
    /// Ends a run whose forecast was shown but not stored: one line naming
    /// the file and the cause (`problem`, or the store's own), and its exit status.
    func endWith(_ problem: StoreError?) throws {
        guard let problem = problem ?? cacheProblem else { return }
        Terminal.standardError.writeLine("forecastly: \(problem.userMessage)")
        throw SilentExit(status: problem.exitStatus)
    }

    func printNotices() {
        for notice in notices { Terminal.standardError.writeLine("forecastly: note: \(notice)") }
    }

    /// A stale forecast says so on stderr, with its age: "Showing the
    /// forecast stored 2 h ago", "Drawing …".
    func printStaleWarning(_ verb: String = "Showing") {
        guard case .stale(let fetchedAt, let error) = origin else { return }
        Terminal.standardError.writeLine(
            "forecastly: warning: \(error.summary) \(verb) the forecast stored \(ValueFormat.age(Date().timeIntervalSince(fetchedAt))) ago.")
    }
}
