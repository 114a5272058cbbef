import ForecastlyBase

/// Ends the process with a status after the messages were already printed
/// (for example by `compare`, which reports each failed name on its own).
struct SilentExit: Error {
    var status: ExitStatus
}
