import ArgumentParser

/// `--watch`: keep the forecast on screen and current.
struct WatchOptions: ParsableArguments {
    @Flag(help: "Keep showing the forecast and refresh it: on the interval, when you move a few kilometres, when the permission changes, and as soon as the service is back after a failure. Ctrl-C ends it.")
    var watch = false

    @Option(parsing: .unconditional, help: ArgumentHelp("How often --watch fetches a new forecast, at least 10s.", valueName: "duration"))
    var interval = DurationOption(seconds: 600)

    func check() throws {
        guard interval.seconds >= 10 else { throw ValidationError("--interval must be at least 10s; got \(interval).") }
        guard interval.seconds <= 86_400 else { throw ValidationError("--interval must be at most 1 day; got \(interval).") }
    }
}
