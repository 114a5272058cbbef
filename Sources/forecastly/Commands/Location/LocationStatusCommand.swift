import ArgumentParser
import ForecastCore
import ForecastlyApp
import ForecastlyBase
import ForecastPresentation
import Foundation
import LocationProvider

extension LocationCommand {
    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "status", abstract: "Show the permission state, the policy and where they are kept.")

        @Flag(help: "Print JSON: the state, who restricts it, the policy, the decision file.") var json = false

        func run() async throws {
            let status = try await CommandLineApp.with { application in await application.permissionStatus() }
            RunNotes.print(status.notes)
            let state = status.state
            if json {
                let document = PermissionStatusDocument(state: state, policy: status.policy, decisionFile: status.decisionPath)
                Terminal.standardOutput.write(String(decoding: document.encoded(), as: UTF8.self) + "\n")
                return
            }
            var lines = ["Permission  \(Self.describe(state))"]
            if let path = status.policy.path {
                let sources = status.policy.forbiddenSources.map(\.rawValue).sorted()
                lines.append("Policy      \(path): " + (status.policy.locationEnabled ? (sources.isEmpty ? "location enabled" : "forbids \(sources.joined(separator: ", "))") : "location off"))
            } else {
                lines.append("Policy      none (\(status.policyPath) does not exist)")
            }
            lines.append("Decision    \(status.decisionPath)")
            // Starting a GeoClue client to ask could send nearby Wi-Fi networks
            // to a web service, so status does not: each locating run does.
            lines.append("GeoClue     the desktop's switch and \(Restriction.geoclueConfigurationPath) are checked whenever forecastly locates through it")
            if let place = status.storedPlace, let coordinate = place.coordinate {
                lines.append("Stored place \(place.name.map { "\($0), " } ?? "")\(coordinate)")
            }
            Terminal.standardOutput.writeLine(lines.joined(separator: "\n"))
        }

        static func describe(_ state: AuthorizationState) -> String {
            switch state {
            case .notDetermined: "notDetermined (forecastly asks on the next run in a terminal)"
            case .denied: "denied"
            case .restricted(_, let restriction): "restricted by \(restriction.description.prefix(1).lowercased() + restriction.description.dropFirst())"
            case .authorized(let grant): "authorized (\(grant.accuracy.rawValue) accuracy)"
            }
        }
    }
}
