import ArgumentParser
import ForecastCore
import Foundation

extension LocationCommand {
    struct Deny: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "deny", abstract: "Do not let forecastly locate you (remembered).")

        func run() async throws {
            try await LocationCommand.change(.revoked, note: " Typed coordinates and the stored place still work.")
        }
    }
}
