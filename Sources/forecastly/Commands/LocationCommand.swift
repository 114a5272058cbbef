import ArgumentParser
import ForecastCore
import ForecastlyBase
import ForecastPresentation
import Foundation
import LocationProvider
import NetworkTransport

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
        let setup = await LocationSetup.load()
        let state = try await setup.authorization.handle(event)
        Terminal.standardOutput.writeLine("Location permission: \(Status.describe(state)).\(note)")
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Print where you are: coordinates, accuracy, source and age (the default).")

        @OptionGroup(title: "Locating") var locating: LocationSourceOptions
        @OptionGroup(title: "Service") var service: ServiceOptions
        @Flag(help: "Print JSON.") var json = false

        func validate() throws {
            try locating.check()
            try service.check()
        }

        func run() async throws {
            let setup = await LocationSetup.load()
            let fix: LocationFix = try await Services.with(service.settings) { services in
                let source = try await setup.permittedSource(locating.settings, transport: services.transport)
                return try await source.provider.currentLocation(timeout: source.timeout)
            }
            Terminal.standardOutput.write(json ? Self.json(fix) : Self.text(fix))
        }

        static func text(_ fix: LocationFix) -> String {
            var lines = [
                "Latitude   \(fix.coordinate.latitude)",
                "Longitude  \(fix.coordinate.longitude)",
                "Accuracy   " + (fix.accuracyMeters.map { "±" + ValueFormat.distance($0) } ?? (fix.accuracy == .reduced ? "city level" : "unknown")),
                "Source     \(fix.sourceSummary)",
                "Age        \(Int(fix.age(at: Date()).rounded())) s",
            ]
            if let place = fix.placeName { lines.insert("Place      \(place)", at: 2) }
            return lines.joined(separator: "\n") + "\n"
        }

        static func json(_ fix: LocationFix) -> String {
            String(decoding: LocationFixDocument(fix: fix, now: Date()).encoded(), as: UTF8.self) + "\n"
        }
    }

    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "status", abstract: "Show the permission state, the policy and where they are kept.")

        @Flag(help: "Print JSON: the state, who restricts it, the policy, the decision file.") var json = false

        func run() async throws {
            let setup = await LocationSetup.load()
            let state = await setup.authorization.state
            if json {
                let document = PermissionStatusDocument(
                    state: state, policy: setup.policy, decisionFile: FileAuthorizationStore(directories: setup.directories).path)
                Terminal.standardOutput.write(String(decoding: document.encoded(), as: UTF8.self) + "\n")
                return
            }
            var lines = ["Permission  \(Self.describe(state))"]
            if let path = setup.policy.path {
                let sources = setup.policy.forbiddenSources.map(\.rawValue).sorted()
                lines.append("Policy      \(path): " + (setup.policy.locationEnabled ? (sources.isEmpty ? "location enabled" : "forbids \(sources.joined(separator: ", "))") : "location off"))
            } else {
                lines.append("Policy      none (\(LocationPolicy.defaultPath) does not exist)")
            }
            lines.append("Decision    \(FileAuthorizationStore(directories: setup.directories).path)")
            // Starting a GeoClue client to ask could send nearby Wi-Fi networks
            // to a web service, so status does not: each locating run does.
            lines.append("GeoClue     the desktop's switch and \(Restriction.geoclueConfigurationPath) are checked whenever forecastly locates through it")
            if case .success(let place?) = setup.placeStore.load(), let coordinate = place.coordinate {
                lines.append("Stored place \(place.name.map { "\($0), " } ?? "")\(coordinate)")
            }
            Terminal.standardOutput.writeLine(lines.joined(separator: "\n"))
        }

        static func describe(_ state: AuthorizationState) -> String {
            switch state {
            case .notDetermined: "notDetermined (forecastly asks on the next run in a terminal)"
            case .denied: "denied"
            case .restricted(_, let restriction): "restricted (\(restriction.description.prefix(1).lowercased() + restriction.description.dropFirst()); \(restriction.name))"
            case .authorized(let grant): "authorized (\(grant.accuracy.rawValue) accuracy)"
            }
        }
    }

    struct Allow: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "allow", abstract: "Allow forecastly to locate you (remembered).")
        @Flag(help: "City-level accuracy only (about a kilometre).") var reduced = false

        func run() async throws {
            try await LocationCommand.change(.granted(reduced ? .reduced : .full))
        }
    }

    struct Deny: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "deny", abstract: "Do not let forecastly locate you (remembered).")

        func run() async throws {
            try await LocationCommand.change(.revoked, note: " Typed coordinates and the stored place still work.")
        }
    }

    struct Reset: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "reset", abstract: "Forget the decision; forecastly asks again next time.")

        func run() async throws {
            try await LocationCommand.change(.reset)
        }
    }

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "set", abstract: "Store a default place (used by --source manual, and last by auto).")
        @OptionGroup var location: LocationOptions
        @Option(help: ArgumentHelp("A name to show for it (with --city, the city's name).", valueName: "name")) var name: String?

        func validate() throws {
            let cities = try location.cityQueries()
            guard cities.count <= 1 else { throw ValidationError("Store one place: give --city once.") }
            guard try location.coordinate() != nil || !cities.isEmpty else {
                throw ValidationError("Give the place with --lat and --lon, or --city.")
            }
            if let name, name.strippingTerminalControls(limit: 100) != name || name.isEmpty {
                throw ValidationError("--name must be plain text of at most 100 characters.")
            }
        }

        func run() async throws {
            let place: StoredPlace
            if let city = try location.cityQueries().first {
                let resolution = try await Services.with(ServiceSettings()) { services in
                    try await services.placeResolver().resolve(city)
                }
                resolution.reportAmbiguity()
                place = StoredPlace(coordinate: resolution.place.coordinate, name: name ?? resolution.place.displayName)
            } else if let coordinate = try location.coordinate() {
                place = StoredPlace(coordinate: coordinate, name: name)
            } else {
                return
            }
            let setup = await LocationSetup.load()
            try setup.placeStore.save(place)
            let coordinate = place.coordinate.map { "\($0)" } ?? ""
            Terminal.standardOutput.writeLine("Stored \(place.name.map { "\($0) at " } ?? "")\(coordinate) in \(setup.placeStore.path).")
        }
    }
}
