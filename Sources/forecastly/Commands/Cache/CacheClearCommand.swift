import ArgumentParser
import ForecastCore
import Foundation

extension CacheCommand {
    struct Clear: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "clear", abstract: "Remove every stored forecast (notes are kept).")

        func run() throws {
            let removed = try LocalFiles.store().clear()
            Terminal.standardOutput.writeLine("Removed \(removed) stored forecast\(removed == 1 ? "" : "s").")
        }
    }
}
