import Logging

/// The application's log: nothing is written unless the front end
/// bootstraps a handler (the CLI's `--verbose`).
enum AppLog {
    static let logger = Logger(label: "forecastly")
}
