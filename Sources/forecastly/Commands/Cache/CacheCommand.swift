import ArgumentParser
import ForecastlyApp
import ForecastPresentation
import Foundation

/// `forecastly cache status|clear`: the stored forecasts.
struct CacheCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Show or clear the stored forecasts (used for speed and when offline).",
        subcommands: [Status.self, Clear.self],
        defaultSubcommand: Status.self
    )

    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "status", abstract: "How many forecasts are stored, for how many places, and how old they are.")

        func run() async throws {
            let status = try await CommandLineApp.with { application in try application.cacheStatus() }
            Terminal.standardOutput.write(StorageText.cacheStatus(
                path: status.path, forecasts: status.forecastCount, places: status.placeCount, newest: status.newest, oldest: status.oldest,
                notes: status.noteCount, now: Date(), words: UserLanguage.words(), width: Terminal.standardOutput.columns))
        }
    }

    struct Clear: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "clear", abstract: "Remove every stored forecast (notes are kept).")

        func run() async throws {
            let removed = try await CommandLineApp.with { application in try application.clearCache() }
            Terminal.standardOutput.write(StorageText.cacheCleared(removed, words: UserLanguage.words()))
        }
    }
}
