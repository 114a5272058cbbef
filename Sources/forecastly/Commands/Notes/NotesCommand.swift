import ArgumentParser
import ForecastlyBase
import ForecastStore
import Foundation
import LocationProvider

/// `forecastly notes …`: short notes saved with the weather at that moment.
struct NotesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notes",
        abstract: "Save short notes with the weather at that moment, and read them back.",
        subcommands: [Add.self, List.self, Show.self, Delete.self, Export.self],
        defaultSubcommand: List.self
    )
}

/// The weather could not be fetched, so the note was not saved.
struct NoteNotSaved: UserFacingError {
    var reason: any UserFacingError
    var summary: String { "The note was not saved: \(reason.summary)" }
    var advice: String? {
        // Not located for want of permission: naming the place is the way on.
        if reason.exitStatus == .noPermission, reason is LocationError {
            return "Give the place with --city or --lat/--lon, or save the note with --without-weather."
        }
        return "Try again, or save it with --without-weather."
    }
    var exitStatus: ExitStatus { reason.exitStatus }
}

struct NoSuchNote: UserFacingError {
    var id: Int64
    var summary: String { "There is no note \(id)." }
    var advice: String? { "See the numbers with 'forecastly notes list'." }
    var exitStatus: ExitStatus { .usage }
}
