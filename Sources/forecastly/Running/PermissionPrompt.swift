import ForecastlyBase
import Foundation
import LocationProvider

/// "Request permission at launch": asks once on a terminal, remembers the
/// answer; without a terminal it never asks and never locates.
enum PermissionPrompt {
    /// Makes sure locating is permitted, asking when undecided. Throws the
    /// location error (exit 77) for every state in which it is not.
    static func ensurePermission(setup: LocationSetup, services: String) async throws {
        switch await setup.authorization.state {
        case .authorized:
            return
        case .denied:
            throw LocationError.denied
        case .restricted(_, let restriction):
            throw LocationError.restricted(restriction, source: nil)
        case .notDetermined:
            guard Terminal.standardInput.isTerminal, Terminal.standardError.isTerminal else {
                throw LocationError.notDetermined
            }
            guard let answer = ask(services: services) else { throw LocationError.notDetermined }
            try await setup.authorization.handle(.answered(answer))
            if answer == .deny { throw LocationError.denied }
        }
    }

    /// nil when the input ends without an answer.
    static func ask(services: String) -> PermissionAnswer? {
        let question = """
        forecastly would like to use your location to show the weather where you are.
        It will ask \(services). Nothing is sent anywhere else.
        Allow? [y]es, always / [o]nce, this time only / [n]o:\u{20}
        """
        for _ in 0..<3 {
            Terminal.standardError.write(question)
            guard let line = readLine() else { Terminal.standardError.write("\n"); return nil }
            switch line.trimmingWhitespace().lowercased() {
            case "y", "yes": return .allow
            case "o", "once": return .allowOnce
            case "n", "no": return .deny
            default: Terminal.standardError.writeLine("Please answer y, o or n.")
            }
        }
        return nil
    }
}
