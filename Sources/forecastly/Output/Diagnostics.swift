import Logging

/// swift-log to stderr: warnings by default, everything with --verbose.
enum Diagnostics {
    static func bootstrap(verbose: Bool) {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = verbose ? .debug : .warning
            return handler
        }
    }

    static let logger = Logger(label: "forecastly")
}
