import ArgumentParser
import ForecastCore
import ForecastPresentation
import Foundation

/// `forecastly cache status|clear`: the stored forecasts.
struct CacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Show or clear the stored forecasts (used for speed and when offline).",
        subcommands: [Status.self, Clear.self],
        defaultSubcommand: Status.self
    )
}
