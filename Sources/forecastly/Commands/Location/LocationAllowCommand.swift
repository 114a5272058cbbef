import ArgumentParser
import ForecastCore
import Foundation

extension LocationCommand {
    struct Allow: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "allow", abstract: "Allow forecastly to locate you (remembered).")
        @Flag(help: "City-level accuracy only (about a kilometre).") var reduced = false

        func run() async throws {
            try await LocationCommand.change(.granted(reduced ? .reduced : .full))
        }
    }
}
