import ForecastCore
import ForecastlyBase
import Synchronization

/// The desktop's notification service of a scenario: it keeps what it was
/// asked to do, in order ("show 1 normal: Moderate: Flood Watch",
/// "replace 1 critical: Severe: Flood Watch", "withdraw 1"), and checks that
/// no warning is announced again unless it got worse.
final class RecordingNotifier: WeatherNotifier {
    private let state = Mutex<(log: [String], next: UInt32, shown: [UInt32: String], violations: [String])>(([], 1, [:], []))

    var log: [String] { state.withLock { $0.log } }

    func takeViolations() -> [String] {
        state.withLock { state in
            defer { state.violations = [] }
            return state.violations
        }
    }

    func show(summary: String, body: String, urgency: NoticeUrgency, replacing: UInt32) async throws(NotifierError) -> UInt32 {
        state.withLock { state in
            let id = replacing == 0 ? state.next : replacing
            if replacing == 0 { state.next += 1 }
            let words = urgency == .critical ? "critical" : "normal"
            // A warning's summary is "Severity: Event"; the same event shown
            // again at the same or a lower severity is an announcement repeated.
            if let (severity, event) = Self.warning(summary) {
                for (other, shown) in state.shown where other != replacing {
                    if let (before, earlierEvent) = Self.warning(shown), earlierEvent == event, before >= severity {
                        state.violations.append("\(event) was announced again without getting worse")
                    }
                }
            }
            state.shown[id] = summary
            state.log.append("\(replacing == 0 ? "show" : "replace") \(id) \(words): \(summary)")
            return id
        }
    }

    func withdraw(_ notification: UInt32) async throws(NotifierError) {
        state.withLock { state in
            state.shown[notification] = nil
            state.log.append("withdraw \(notification)")
        }
    }

    private static func warning(_ summary: String) -> (AlertSeverity, String)? {
        guard let colon = summary.firstIndex(of: ":") else { return nil }
        let word = summary[..<colon]
        guard let severity = AlertSeverity.allCases.first(where: { $0.word == word }) else { return nil }
        return (severity, String(summary[summary.index(after: colon)...]).trimmingWhitespace())
    }
}
