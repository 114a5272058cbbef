import ArgumentParser
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

    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "status", abstract: "How many forecasts are stored, for how many places, and how old they are.")

        func run() throws {
            let status = try LocalFiles.store().status()
            let now = Date()
            func age(_ date: Date?) -> String { date.map { ValueFormat.age(now.timeIntervalSince($0)) + " ago" } ?? "–" }
            Terminal.standardOutput.writeLine("""
            Database   \(status.path)
            Forecasts  \(status.forecastCount) for \(status.placeCount) place\(status.placeCount == 1 ? "" : "s")
            Newest     \(age(status.newest))
            Oldest     \(age(status.oldest))
            Notes      \(status.noteCount) (kept by 'cache clear')
            """)
        }
    }

    struct Clear: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "clear", abstract: "Remove every stored forecast (notes are kept).")

        func run() throws {
            let removed = try LocalFiles.store().clear()
            Terminal.standardOutput.writeLine("Removed \(removed) stored forecast\(removed == 1 ? "" : "s").")
        }
    }
}
