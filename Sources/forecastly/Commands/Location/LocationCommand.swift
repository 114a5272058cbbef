import ForecastlyBase
import ArgumentParser
import ForecastPresentation
import Foundation
import LocationProvider

/// `forecastly location …`: where am I, and the permission to find out.
struct LocationCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "location",
        abstract: "Show where you are, and manage the permission to locate you.",
        discussion: """
        States: not decided yet (asked once, on a terminal), denied, authorized
        (full or reduced, city-level accuracy) and restricted: by forecastly's
        administrator policy (/etc/forecastly/policy.json or FORECASTLY_POLICY_FILE:
        {"location": "disabled"}, or {"sources": {"ip": false}}), by the desktop's
        Location Services switch, or by GeoClue's configuration. A restriction wins
        over the user's decision, which comes back when it is lifted. Without a
        terminal an undecided forecastly never asks and never locates (exit 77).
        Typed coordinates, a city and the stored place need no permission.
        """,
        subcommands: [Show.self, Status.self, Allow.self, Deny.self, Reset.self, Set.self, Unset.self],
        defaultSubcommand: Show.self
    )

    /// Applies a user's decision through the transition table, saves it, and says the result.
    static func change(_ event: AuthorizationEvent, note: String = "") async throws {
        let (state, notes) = try await CommandLineApp.with { application in try await application.changePermission(event) }
        RunNotes.print(notes)
        let words = UserLanguage.words()
        Terminal.standardOutput.writeLine(words("Location permission: {state}.", ["state": LocationText.describe(state, words: words)])
                                          + (note.isEmpty ? "" : " " + words(note)))
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Print where you are: coordinates, accuracy, source and age (the default).")
        @OptionGroup(title: "Locating") var locating: LocationSourceOptions
        @OptionGroup(title: "Service") var service: ServiceOptions
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let (fix, notes) = try await CommandLineApp.with(timeout: service.timeout) { try await $0.locate(locating.settings) }
            RunNotes.print(notes)
            if json {
                Terminal.standardOutput.writeJSON(LocationFixDocument(fix: fix, now: Date()).encoded())
            } else {
                Terminal.standardOutput.write(LocationText.fix(fix, now: Date(), words: UserLanguage.words(), width: Terminal.standardOutput.columns))
            }
        }
    }

    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "status", abstract: "Show the permission state, the policy and where they are kept.")
        @Flag(help: "Print JSON: the state, who restricts it, the policy, the decision file.") var json = false

        func run() async throws {
            let status = try await CommandLineApp.with { await $0.permissionStatus() }
            RunNotes.print(status.notes)
            if json {
                Terminal.standardOutput.writeJSON(PermissionStatusDocument(state: status.state, policy: status.policy, decisionFile: status.decisionPath).encoded())
            } else {
                Terminal.standardOutput.write(LocationText.status(status.state, policy: status.policy, policyPath: status.policyPath,
                                                                  decisionPath: status.decisionPath, storedPlace: status.storedPlace,
                                                                  words: UserLanguage.words(), width: Terminal.standardOutput.columns))
            }
        }
    }

    struct Allow: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "allow", abstract: "Allow forecastly to locate you (remembered).")
        @Flag(help: "City-level accuracy only (about a kilometre).") var reduced = false
        func run() async throws { try await LocationCommand.change(.granted(reduced ? .reduced : .full)) }
    }

    struct Deny: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "deny", abstract: "Do not let forecastly locate you (remembered).")
        func run() async throws { try await LocationCommand.change(.revoked, note: "Typed coordinates and the stored place still work.") }
    }

    struct Reset: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "reset", abstract: "Forget the decision; forecastly asks again next time.")
        func run() async throws { try await LocationCommand.change(.reset) }
    }

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set", abstract: "Store a default place (used by --source manual, and last by auto).",
            discussion: "Example: forecastly location set Kyiv   (or \"Paris, FR\", 50.45,30.52, --lat/--lon, --city)")
        @Argument(help: ArgumentHelp(LocationOptions.placeHelp, valueName: "place"), completion: .custom(PlaceCompletion.complete))
        var place: String?
        @OptionGroup var given: LocationOptions
        @Option(help: ArgumentHelp("A name to show for it (with a city, the city's name).", valueName: "name")) var name: String?

        /// The location options with PLACE folded in.
        var location: LocationOptions { get throws { try given.including(place: place) } }

        func validate() throws {
            let location = try self.location
            let cities = try location.cityQueries()
            guard cities.count <= 1 else { throw UsageMistake.error(MessageText("Store one place: give --city once.")) }
            guard try location.coordinate() != nil || !cities.isEmpty else {
                throw UsageMistake.error(MessageText("Give the place with --lat and --lon, or --city."))
            }
            if let name, name.strippingTerminalControls(limit: 100) != name || name.isEmpty {
                throw UsageMistake.error(MessageText("--name must be plain text of at most 100 characters."))
            }
        }

        func run() async throws {
            // validate() made sure of coordinates or a city: never the user's location.
            guard let choice = try location.named() else { return }
            let (place, path, notes) = try await CommandLineApp.with { try await $0.storePlace(choice, name: name) }
            RunNotes.print(notes)
            let words = UserLanguage.words()
            let values = ["place": place.name ?? "", "coordinate": place.coordinate.map { "\($0)" } ?? "", "path": path]
            Terminal.standardOutput.writeLine(words.say(place.name == nil ? MessageText("Stored {coordinate} in {path}.", values) : MessageText("Stored {place} at {coordinate} in {path}.", values)))
        }
    }

    struct Unset: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "unset", abstract: "Forget the stored place (a damaged one too).")

        func run() async throws {
            let (removed, place, path) = try await CommandLineApp.with { try $0.forgetStoredPlace() }
            let values = ["place": place?.name ?? place?.coordinate.map { "\($0)" } ?? "", "path": path]
            let said = switch (removed, place) {
            case (false, _): MessageText("No place is stored ({path}).", values)
            case (true, nil): MessageText("Removed {path}.", values)
            case (true, _): MessageText("Forgot {place} ({path} removed).", values)
            }
            Terminal.standardOutput.writeLine(UserLanguage.words().say(said))
        }
    }
}
