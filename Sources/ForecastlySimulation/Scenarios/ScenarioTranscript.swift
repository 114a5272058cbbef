import Foundation
public import ForecastlyBase
public import LocationProvider

/// What a scenario did, step by step: the permission state, what the user
/// saw, whether locating was running, what left the machine, and which
/// invariant (if any) was broken there.
public struct ScenarioTranscript: Sendable, Encodable, Equatable {
    public struct Entry: Sendable, Encodable, Equatable {
        /// "10m": time since launch.
        public var at: String
        /// The step, as written in the scenario ("authorization revoke").
        public var step: String
        public var authorization: AuthorizationState.Kind
        /// The last thing shown ("forecast for 52.5200°N, 13.4100°E: 12°C", "not permitted: …").
        public var shows: String
        /// Whether the location source was running after the step.
        public var locating: Bool
        /// Times locating started, and forecast requests sent, so far.
        public var locateStarts: Int
        public var forecastRequests: Int
        /// Invariants broken at this step.
        public var violations: [String]
        /// The warnings shown with the last forecast; nil when the story does not script the sky.
        public var warnings: [String]?
        /// The notifications of this step (`"notify": true`): "show 1 critical: Severe: Flood Watch", "withdraw 1".
        public var notifications: [String] = []
        /// The source whose fix the forecast shown is for; nil when no located forecast is shown.
        public var answeredBy: LocationSourceKind?
        /// Times each source was asked so far (JSON: `{"gpsd": 2, "ip": 0}`).
        public var locationRequests: [LocationSourceKind: Int] = [:]
    }

    public var scenario: String
    public var entries: [Entry]

    public var violations: [(step: Int, at: String, text: String)] {
        entries.enumerated().flatMap { index, entry in entry.violations.map { (index + 1, entry.at, $0) } }
    }

    public var passed: Bool { entries.allSatisfy { $0.violations.isEmpty } }

    /// For assertions in scripts: `{"scenario", "passed", "entries": [...]}`.
    public func json() -> String {
        struct Document: Encodable {
            var scenario: String
            var passed: Bool
            var entries: [Entry]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(Document(scenario: scenario, passed: passed, entries: entries))) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// A table for people.
    public func text() -> String {
        var lines = ["Scenario: \(scenario)"]
        for (index, entry) in entries.enumerated() {
            lines.append("\(index + 1). \(entry.at)  \(entry.step)")
            lines.append("     permission \(entry.authorization.rawValue); locating \(entry.locating ? "on" : "off"); "
                         + "\(entry.locateStarts) locate start\(entry.locateStarts == 1 ? "" : "s"), "
                         + "\(entry.forecastRequests) forecast request\(entry.forecastRequests == 1 ? "" : "s") so far")
            lines.append("     shows: \(entry.shows)")
            if let warnings = entry.warnings { lines.append("     warnings: \(warnings.isEmpty ? "none" : warnings.joined(separator: "; "))") }
            if !entry.notifications.isEmpty { lines.append("     notified: \(entry.notifications.joined(separator: "; "))") }
            for violation in entry.violations { lines.append("     BROKEN: \(violation)") }
        }
        lines.append(passed ? "All invariants held." : "\(violations.count) invariant\(violations.count == 1 ? "" : "s") broken.")
        return lines.joined(separator: "\n") + "\n"
    }
}
