import Foundation

/// The process's environment, read once: every part of a run (its
/// settings, the terminal's character set and colours, the application's
/// directories and servers) sees the same variables, and Foundation builds
/// the dictionary once instead of at each use (it did five times a run).
enum ProcessEnvironment {
    static let variables = ProcessInfo.processInfo.environment
}
