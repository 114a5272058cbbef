import ForecastlyBase
import LocationProvider

/// "Request permission at launch": the question on a terminal. Only
/// `LocationPermission.requireAuthorized` asks it, once, and remembers the answer.
enum PermissionPrompt {
    /// nil when the input ends without an answer.
    static func ask(services: String) -> PermissionAnswer? {
        Terminal.standardError.writeLine("""
        forecastly would like to use your location to show the weather where you are.
        It will ask \(services). Nothing is sent anywhere else.
        """)
        // An answer that is none of the three repeats only the choice.
        for attempt in 0..<3 {
            Terminal.standardError.write(attempt == 0
                ? "Allow? [y]es, always / [o]nce, this time only / [n]o: "
                : "Please answer y, o or n: ")
            guard let line = readLine() else { Terminal.standardError.write("\n"); return nil }
            switch line.trimmingWhitespace().lowercased() {
            case "y", "yes": return .allow
            case "o", "once": return .allowOnce
            case "n", "no": return .deny
            default: continue
            }
        }
        return nil
    }
}
