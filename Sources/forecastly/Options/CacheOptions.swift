import ForecastlyBase
import ArgumentParser
import ForecastCore

/// The forecast cache: answer from the store when fresh, refresh, or stay offline.
struct CacheOptions: ParsableArguments {
    @Option(name: .customLong("max-age"), parsing: .unconditional,
            help: ArgumentHelp("Use a stored forecast younger than this instead of fetching; 0 always fetches.", valueName: "duration"))
    var maxAge = DurationOption(seconds: CachePolicy.defaultMaxAge)

    @Flag(help: "Fetch a new forecast even when a fresh one is stored.")
    var refresh = false

    @Flag(help: "No network: show the stored forecast for the place (or the newest of any place), with its age.")
    var offline = false

    func validate() throws {
        guard maxAge.seconds <= 30 * 86_400 else { throw UsageMistake.error(MessageText("--max-age must be at most 30 days; got {value}.", ["value": "\(maxAge)"])) }
        if offline, refresh { throw UsageMistake.error(MessageText("--offline and --refresh contradict each other; choose one.")) }
    }

    var policy: CachePolicy { refresh ? .refresh : .preferStored(maxAge: maxAge.seconds) }
}
