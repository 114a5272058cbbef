import ForecastlyBase
import Synchronization

/// A cache forecastly could not write (the forecast store, the place
/// index): the run goes on with what it has and shows it; at its end, one
/// line naming the file and the cause, and exit 73 or 74 (`EntryPoint`).
/// The first such problem of a run is the one said.
enum UnwrittenCache {
    private static let first = Mutex<(message: String, status: ExitStatus)?>(nil)

    static func record(_ message: String, status: ExitStatus) {
        first.withLock { first in if first == nil { first = (message, status) } }
    }

    static func record(_ error: some UserFacingError) {
        record(error.userMessage, status: error.exitStatus)
    }

    /// The problem to end the run with, once.
    static func take() -> (message: String, status: ExitStatus)? {
        first.withLock { first in
            defer { first = nil }
            return first
        }
    }
}
