import ArgumentParser
import ForecastCore
import ForecastPresentation
import Foundation

extension CacheCommand {
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
}
