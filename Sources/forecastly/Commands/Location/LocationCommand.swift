import ArgumentParser
import ForecastCore
import ForecastlyApp
import Foundation
import LocationProvider

/// `forecastly location …`: where am I, and the permission to find out.
struct LocationCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "location",
        abstract: "Show where you are, and manage the permission to locate you.",
        subcommands: [Show.self, Status.self, Allow.self, Deny.self, Reset.self, Set.self],
        defaultSubcommand: Show.self
    )

    /// Applies a user's decision through the transition table, saves it, and says the result.
    static func change(_ event: AuthorizationEvent, note: String = "") async throws {
        let (state, notes) = try await CommandLineApp.with { application in try await application.changePermission(event) }
        RunNotes.print(notes)
        Terminal.standardOutput.writeLine("Location permission: \(Status.describe(state)).\(note)")
    }
}
