public import ForecastlyBase
public import Foundation

/// A permission story, as a JSON file: how it starts, then a timeline of
/// what happens. `ScenarioRunner` plays it through the real pipeline.
///
/// ```json
/// { "name": "permission revoked while watching",
///   "authorization": "authorized", "interval": "10m",
///   "steps": [
///     { "at": "0s",  "location": { "fix": [52.52, 13.41], "accuracy": 8 } },
///     { "at": "5m",  "authorization": "revoke" },
///     { "at": "6m",  "location": { "fix": [52.60, 13.50] } },
///     { "at": "20m", "weather": "down" } ] }
/// ```
///
/// Warnings and rain are scripted too: `{"alert": {"event": "Flood Watch",
/// "severity": "moderate", "until": "8h"}}` issues a warning (or updates the
/// one of that event), `{"alert": {"event": "Flood Watch", "cancel": true}}`
/// ends it; `{"rain": {"from": "6h20m"}}` makes rain start then (and
/// `"until"` stop), `{"rain": {"none": true}}` clears the sky. The watch
/// sees them at its next refresh; with `"notify": true` it announces them as
/// `--watch --notify` does.

public struct Scenario: Sendable, Decodable, Equatable {
    public var name: String
    public var description: String?
    /// The remembered decision at launch.
    public var authorization: InitialAuthorization
    /// forecastly's administrator policy turns locating off at launch.
    public var policyDisabled: Bool
    /// How often watch mode refreshes.
    public var interval: Duration
    /// Whether the watch sends notifications (`--notify`).
    public var notify: Bool
    public var steps: [Step]

    public enum InitialAuthorization: String, Sendable, Decodable {
        case notDetermined, denied, authorized, authorizedReduced
    }

    /// One moment of the story: at `at` after launch, one thing happens.
    public struct Step: Sendable, Decodable, Equatable {
        public var at: Duration
        public var event: Event

        public enum Event: Sendable, Equatable {
            case authorization(AuthorizationChange)
            case location(LocationChange)
            case weather(WeatherMode)
            /// The program ends and starts again (an "allow once" must not outlive it).
            case restart
            /// A warning is issued, updated or cancelled.
            case alert(AlertChange)
            /// Rain is forecast to start (and stop), or not at all.
            case rain(RainChange)
            /// Only time passes.
            case wait
        }
    }

    public enum AuthorizationChange: String, Sendable, Decodable {
        case answerAllow, answerAllowOnce, answerDeny
        case grant, grantReduced, revoke, reset
        case policyOn, policyOff
        case desktopSwitchOff, desktopSwitchOn
    }

    public enum LocationChange: Sendable, Equatable {
        case fix(latitude: Double, longitude: Double, accuracy: Double?)
        case searching(visible: Int, used: Int)
        /// The receiver loses its fix (a tunnel).
        case lost
        case failure
    }

    /// A warning as the scenario's warning service (NWS-shaped) serves it.
    public struct AlertChange: Sendable, Equatable {
        public var event: String
        /// nil: the warning is cancelled.
        public var severity: AlertSeverityName?
        /// Since launch.
        public var until: Duration?
    }

    public enum AlertSeverityName: String, Sendable, Decodable, Equatable {
        case minor, moderate, severe, extreme
    }

    /// Rain between two times since launch; `from` nil: no rain.
    public struct RainChange: Sendable, Equatable {
        public var from: Duration?
        public var until: Duration?
    }

    /// How the weather service answers from now on.
    public enum WeatherMode: String, Sendable, Decodable {
        case up
        /// HTTP 503.
        case down
        /// HTTP 429.
        case rateLimited
    }

    enum CodingKeys: String, CodingKey {
        case name, description, authorization, policyDisabled, interval, notify, steps
    }

    /// A scenario file, or why it cannot be read (the field named).
    public static func load(from url: URL) throws(ScenarioFileError) -> Scenario {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ScenarioFileError(path: url.path, detail: "it cannot be read", unreadable: true)
        }
        do {
            return try JSONDecoder().decode(Scenario.self, from: data)
        } catch let error as DecodingError {
            throw ScenarioFileError(path: url.path, detail: ScenarioFileError.describe(error))
        } catch {
            throw ScenarioFileError(path: url.path, detail: "\(error)")
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        authorization = try container.decodeIfPresent(InitialAuthorization.self, forKey: .authorization) ?? .notDetermined
        policyDisabled = try container.decodeIfPresent(Bool.self, forKey: .policyDisabled) ?? false
        interval = try Self.duration(container.decodeIfPresent(String.self, forKey: .interval) ?? "10m", at: [CodingKeys.interval])
        notify = try container.decodeIfPresent(Bool.self, forKey: .notify) ?? false
        steps = try container.decode([Step].self, forKey: .steps)
        guard zip(steps, steps.dropFirst()).allSatisfy({ $0.at <= $1.at }) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [CodingKeys.steps], debugDescription: "the steps are not in time order"))
        }
    }

    /// "90s", "10m", "2h", "6h20m", "0s".
    static func duration(_ text: String, at path: [any CodingKey]) throws -> Duration {
        guard let seconds = DurationText.seconds(text), seconds <= 7 * 86_400 else {
            throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "expected a duration such as 90s, 10m, 2h or 6h20m, got “\(text.prefix(20))”"))
        }
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }
}

extension Scenario.Step {
    enum CodingKeys: String, CodingKey {
        case at, authorization, location, weather, alert, rain, restart, wait
    }

    enum AlertKeys: String, CodingKey {
        case event, severity, until, cancel
    }

    enum RainKeys: String, CodingKey {
        case from, until, none
    }

    enum LocationKeys: String, CodingKey {
        case fix, accuracy, searching, lost, failure
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        at = try Scenario.duration(container.decode(String.self, forKey: .at), at: container.codingPath + [CodingKeys.at])
        let present = [CodingKeys.authorization, .location, .weather, .alert, .rain, .restart, .wait].filter(container.contains)
        guard present.count == 1, let key = present.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: container.codingPath,
                debugDescription: "a step has exactly one of authorization, location, weather, alert, rain, restart, wait"))
        }
        switch key {
        case .alert:
            let alert = try container.nestedContainer(keyedBy: AlertKeys.self, forKey: .alert)
            let event = try alert.decode(String.self, forKey: .event)
            if try alert.decodeIfPresent(Bool.self, forKey: .cancel) == true {
                self.event = .alert(Scenario.AlertChange(event: event, severity: nil, until: nil))
            } else {
                let until = try Scenario.duration(alert.decode(String.self, forKey: .until), at: alert.codingPath + [AlertKeys.until])
                self.event = .alert(Scenario.AlertChange(event: event, severity: try alert.decode(Scenario.AlertSeverityName.self, forKey: .severity), until: until))
            }
            return
        case .rain:
            let rain = try container.nestedContainer(keyedBy: RainKeys.self, forKey: .rain)
            if try rain.decodeIfPresent(Bool.self, forKey: .none) == true {
                event = .rain(Scenario.RainChange(from: nil, until: nil))
            } else {
                let from = try Scenario.duration(rain.decode(String.self, forKey: .from), at: rain.codingPath + [RainKeys.from])
                let until = try rain.decodeIfPresent(String.self, forKey: .until).map { text in
                    try Scenario.duration(text, at: rain.codingPath + [RainKeys.until])
                }
                event = .rain(Scenario.RainChange(from: from, until: until))
            }
            return
        case .authorization: event = .authorization(try container.decode(Scenario.AuthorizationChange.self, forKey: .authorization))
        case .weather: event = .weather(try container.decode(Scenario.WeatherMode.self, forKey: .weather))
        case .restart: event = .restart
        case .wait: event = .wait
        default:
            let location = try container.nestedContainer(keyedBy: LocationKeys.self, forKey: .location)
            if let fix = try location.decodeIfPresent([Double].self, forKey: .fix) {
                guard fix.count == 2 else {
                    throw DecodingError.dataCorrupted(.init(codingPath: location.codingPath + [LocationKeys.fix], debugDescription: "expected [latitude, longitude]"))
                }
                event = .location(.fix(latitude: fix[0], longitude: fix[1], accuracy: try location.decodeIfPresent(Double.self, forKey: .accuracy)))
            } else if let searching = try location.decodeIfPresent([Int].self, forKey: .searching), searching.count == 2 {
                event = .location(.searching(visible: searching[0], used: searching[1]))
            } else if try location.decodeIfPresent(Bool.self, forKey: .lost) == true {
                event = .location(.lost)
            } else if try location.decodeIfPresent(Bool.self, forKey: .failure) == true {
                event = .location(.failure)
            } else {
                throw DecodingError.dataCorrupted(.init(codingPath: location.codingPath,
                    debugDescription: #"a location step is {"fix": [lat, lon]}, {"searching": [seen, used]}, {"lost": true} or {"failure": true}"#))
            }
        }
    }
}

/// Why a scenario file cannot be played: 64 for a path that cannot be
/// read, 65 for a file that is no scenario (as `TrackError`).
public struct ScenarioFileError: Error, Sendable, CustomStringConvertible, UserFacingError {
    public let path: String
    public let detail: String
    public let unreadable: Bool

    init(path: String, detail: String, unreadable: Bool = false) {
        self.path = path
        self.detail = detail
        self.unreadable = unreadable
    }

    public var description: String { summary }
    public var summaryMessage: MessageText { MessageText("The scenario {path} cannot be played: {detail}.", ["path": path, "detail": detail]) }
    public var adviceMessage: MessageText? {
        unreadable ? MessageText("Check the path.") : MessageText("See the scenario format in the README, and Examples/scenarios for working files.")
    }
    public var exitStatus: ExitStatus { unreadable ? .usage : .dataError }

    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
        switch error {
        case .keyNotFound(let key, let context): return "\(path(context)).\(key.stringValue) is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return "\(path(context)) has the wrong type"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "it is not JSON" : "\(path(context)): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}
