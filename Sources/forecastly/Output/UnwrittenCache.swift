import ForecastlyBase
import Synchronization

/// What a run could not write but carried on without: a cache (the
/// forecast store, the place index), or its own output (`> file` on a full
/// disk). The run goes on with what it has; at its end, one line naming the
/// file and the cause, and exit 73 or 74 (`EntryPoint`). The first such
/// problem of a run is the one said.
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
