import ForecastlyBase
import ArgumentParser

/// `--watch`: keep the forecast on screen and current.
struct WatchOptions: ParsableArguments {
    @Flag(help: "Keep showing the forecast and refresh it: on the interval, when you move a few kilometres, when the permission changes, and as soon as the service is back after a failure. Ctrl-C ends it.")
    var watch = false

    @Option(parsing: .unconditional, help: ArgumentHelp("How often --watch fetches a new forecast, at least 10s.", valueName: "duration"))
    var interval = DurationOption(seconds: 600)

    @Flag(help: "With --watch: a desktop notification when an official warning is issued or upgraded for the place, and when rain is about to start.")
    var notify = false

    @Option(parsing: .unconditional, help: ArgumentHelp("With --notify: how soon rain must start to be announced.", valueName: "duration"))
    var rainNotice = DurationOption(seconds: 1800)

    func validate() throws {
        if notify, !watch { throw UsageMistake.error(MessageText("--notify needs --watch: notifications come while forecastly watches.")) }
        guard (60...7200).contains(rainNotice.seconds) else { throw UsageMistake.error(MessageText("--rain-notice must be between 1m and 2h; got {value}.", ["value": "\(rainNotice)"])) }
        guard interval.seconds >= 10 else { throw UsageMistake.error(MessageText("--interval must be at least 10s; got {value}.", ["value": "\(interval)"])) }
        guard interval.seconds <= 86_400 else { throw UsageMistake.error(MessageText("--interval must be at most 1 day; got {value}.", ["value": "\(interval)"])) }
    }
}
