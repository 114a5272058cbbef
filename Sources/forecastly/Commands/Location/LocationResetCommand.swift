import ArgumentParser
import ForecastCore
import ForecastPresentation
import Foundation

extension LocationCommand {
    struct Reset: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "reset", abstract: "Forget the decision; forecastly asks again next time.")

        func run() async throws {
            try await LocationCommand.change(.reset)
        }
    }
}
