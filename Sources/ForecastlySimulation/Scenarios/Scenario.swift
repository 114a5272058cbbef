public import ForecastlyApp
public import ForecastlyBase
public import Foundation
public import LocationProvider

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
///
/// A story may start with the sources it locates with (`"source": "auto"`,
/// as `--source`; gpsd by default), the administrator's policy (`"policy":
/// {"location": "enabled", "sources": {"ip": false}}`), a stored place
/// (`"storedPlace": [50.45, 30.52]`) and the desktop's switch (`"desktopSwitch":
/// "off"`). A location step names its source (`{"location": {"fix": [..],
/// "source": "ip"}}`; gpsd by default). An `"expect"` step states what must be
/// so then, as values: `{"expect": {"authorization": "denied", "shows":
/// "notPermitted", "answeredBy": "ip", "locationRequests": {"gpsd": 0},
/// "forecastRequests": 2, "locating": false}}`; each that is not so is a
/// broken promise. A key the format does not have is refused with its place,
/// never played as something else.

public struct Scenario: Sendable, Decodable, Equatable {
    public var name: String
    public var description: String?
    /// The remembered decision at launch.
    public var authorization: InitialAuthorization
    /// forecastly's administrator policy turns locating off at launch.
    public var policyDisabled: Bool
    /// The sources the policy forbids at launch (`"policy": {"sources": {"ip": false}}`).
    public var forbiddenSources: Set<LocationSourceKind>
    /// What the run locates with (`--source`).
    public var source: LocationSourceChoice
    /// The place stored with `location set`, at launch.
    public var storedPlace: Coordinate?
    /// The desktop's Location Services switch is off at launch.
    public var desktopSwitchOff: Bool
    /// How often watch mode refreshes.
    public var interval: Duration
    /// Whether the watch sends notifications (`--notify`).
    public var notify: Bool
    /// What a served story's GeoClue tells other programs, by desktop id
    /// (`"*"`: any other); see `AppGrant`.
    public var apps: [String: AppGrant]
    public var steps: [Step]

    /// What the story grants the app `id` at launch.
    public func grant(for id: String) -> AppGrant {
        apps[id] ?? apps["*"] ?? AppGrant()
    }

    public enum InitialAuthorization: String, Sendable, Decodable {
        case notDetermined, denied, authorized, authorizedReduced
    }

    /// One moment of the story: at `at` after launch, one thing happens.
    public struct Step: Sendable, Decodable, Equatable {
        public var at: Duration
        public var event: Event
        /// The source a location step is about.
        public var source: LocationSourceKind = .gpsd

        public init(at: Duration, event: Event, source: LocationSourceKind = .gpsd) {
            self.at = at
            self.event = event
            self.source = source
        }

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
            /// What must be so now, as values.
            case expect(Expectation)
            /// What a served story grants another program changes.
            case app(AppChange)
        }
    }

    /// What a story expects at a step; each field given is compared.
    public struct Expectation: Sendable, Equatable {
        public var authorization: AuthorizationState.Kind?
        public var shows: ShownKind?
        /// The source whose fix the forecast shown is for.
        public var answeredBy: LocationSourceKind?
        /// Times each named source was asked so far.
        public var locationRequests: [LocationSourceKind: Int]?
        public var forecastRequests: Int?
        public var locating: Bool?
    }

    /// What a screen is, as an expectation names it.
    public enum ShownKind: String, Sendable, Decodable, CaseIterable {
        case nothing, forecast, staleForecast, error, notLocated, notPermitted
    }

    public enum AuthorizationChange: String, Sendable, Decodable {
        case answerAllow, answerAllowOnce, answerDeny
        case grant, grantReduced, revoke, reset
        case policyOn, policyOff
        case desktopSwitchOff, desktopSwitchOn
    }

    public enum LocationChange: Sendable, Equatable {
        /// The step's source; gpsd unless it names another.
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
        /// HTTP 429, with `Retry-After`.
        case rateLimited
        /// No answer in time.
        case slow
        /// An answer cut off part way.
        case truncated
        /// No connection at all.
        case offline
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case name, description, authorization, policyDisabled, policy, interval, notify, steps, source, storedPlace, desktopSwitch, apps
    }

    private struct AnyName: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    enum PolicyKeys: String, CodingKey, CaseIterable {
        case location, sources
    }

    /// A scenario file, or why it cannot be read (the field named).
    public static func load(from url: URL) throws(ScenarioFileError) -> Scenario {
        let data: Data
        do throws(InputFile.Failure) {
            // A story may come through a pipe (`--scenario <(make-story)`).
            data = Data(try InputFile.bytes(at: url.path, limit: 64 << 20))
        } catch {
            throw ScenarioFileError(path: url.path, detail: MessageText("it cannot be read ({reason})", messages: ["reason": [error.reason]]), unreadable: true)
        }
        do {
            return try JSONDecoder().decode(Scenario.self, from: data)
        } catch let error as DecodingError {
            throw ScenarioFileError(path: url.path, detail: ScenarioFileError.describe(error))
        } catch {
            throw ScenarioFileError(path: url.path, detail: .verbatim("\(error)"))
        }
    }

    public init(from decoder: any Decoder) throws {
        try StrictKeys.check(decoder, CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        authorization = try container.decodeIfPresent(InitialAuthorization.self, forKey: .authorization) ?? .notDetermined
        policyDisabled = try container.decodeIfPresent(Bool.self, forKey: .policyDisabled) ?? false
        forbiddenSources = []
        if container.contains(.policy) {
            let policy = try container.nestedContainer(keyedBy: PolicyKeys.self, forKey: .policy)
            try StrictKeys.check(try container.superDecoder(forKey: .policy), PolicyKeys.self)
            switch try policy.decodeIfPresent(String.self, forKey: .location) {
            case nil, "enabled": break
            case "disabled": policyDisabled = true
            default: throw DecodingError.dataCorrupted(.init(codingPath: policy.codingPath + [PolicyKeys.location], debugDescription: #"expected "enabled" or "disabled""#))
            }
            for (name, allowed) in try policy.decodeIfPresent([String: Bool].self, forKey: .sources) ?? [:] {
                guard let kind = LocationSourceKind(rawValue: name), kind != .manual else {
                    throw DecodingError.dataCorrupted(.init(codingPath: policy.codingPath + [PolicyKeys.sources],
                                                            debugDescription: "“\(name.prefix(20))” is no source (gpsd, geoclue, ip)"))
                }
                if !allowed { forbiddenSources.insert(kind) }
            }
        }
        let sourceName = try container.decodeIfPresent(String.self, forKey: .source) ?? "gpsd"
        guard let source = LocationSourceChoice(rawValue: sourceName) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [CodingKeys.source], debugDescription: "expected auto, gpsd, geoclue, ip or manual"))
        }
        self.source = source
        storedPlace = try container.decodeIfPresent([Double].self, forKey: .storedPlace).map { pair in
            guard pair.count == 2, let place = try? Coordinate(latitude: pair[0], longitude: pair[1]) else {
                throw DecodingError.dataCorrupted(.init(codingPath: [CodingKeys.storedPlace], debugDescription: "expected [latitude, longitude] within -90…90, -180…180"))
            }
            return place
        }
        switch try container.decodeIfPresent(String.self, forKey: .desktopSwitch) {
        case nil, "on": desktopSwitchOff = false
        case "off": desktopSwitchOff = true
        default: throw DecodingError.dataCorrupted(.init(codingPath: [CodingKeys.desktopSwitch], debugDescription: #"expected "on" or "off""#))
        }
        interval = try Self.duration(container.decodeIfPresent(String.self, forKey: .interval) ?? "10m", at: [CodingKeys.interval])
        notify = try container.decodeIfPresent(Bool.self, forKey: .notify) ?? false
        apps = [:]
        if container.contains(.apps) {
            let names = try container.nestedContainer(keyedBy: AnyName.self, forKey: .apps)
            for name in names.allKeys {
                // "" is a valid id: the portal's, for a program outside Flatpak.
                guard name.stringValue.count <= 255 else {
                    throw DecodingError.dataCorrupted(.init(codingPath: names.codingPath + [name], debugDescription: "expected an app's id, \"\" or *"))
                }
                apps[name.stringValue] = try AppGrantKeys.grant(try names.superDecoder(forKey: name))
            }
        }
        steps = try container.decode([Step].self, forKey: .steps)
        guard zip(steps, steps.dropFirst()).allSatisfy({ $0.at <= $1.at }) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [CodingKeys.steps], debugDescription: "the steps are not in time order"))
        }
    }

    /// The story with `track`'s points as its gpsd receiver's fixes, at
    /// their recorded times from launch, `speed` times faster, among the
    /// story's own steps: a route driven while the permission changes.
    public func playing(_ track: Track, speed: Double = 1) -> Scenario {
        guard let first = track.points.first?.time else { return self }
        var story = self
        let fixes = track.points.map { point in
            Step(at: .milliseconds(Int64((point.time.timeIntervalSince(first) / speed * 1000).rounded())),
                 event: .location(.fix(latitude: point.coordinate.latitude, longitude: point.coordinate.longitude, accuracy: point.accuracy)))
        }
        // Stable: at the same time, the story's own step comes first.
        story.steps = (steps.map { ($0, 0) } + fixes.map { ($0, 1) }).enumerated()
            .sorted { ($0.element.0.at, $0.element.1, $0.offset) < ($1.element.0.at, $1.element.1, $1.offset) }
            .map(\.element.0)
        return story
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
    enum CodingKeys: String, CodingKey, CaseIterable {
        case at, authorization, location, weather, alert, rain, restart, wait, expect, app
    }

    enum AlertKeys: String, CodingKey, CaseIterable {
        case event, severity, until, cancel
    }

    enum RainKeys: String, CodingKey, CaseIterable {
        case from, until, none
    }

    enum LocationKeys: String, CodingKey, CaseIterable {
        case fix, accuracy, searching, lost, failure, source
    }

    enum ExpectKeys: String, CodingKey, CaseIterable {
        case authorization, shows, answeredBy, locationRequests, forecastRequests, locating
    }

    public init(from decoder: any Decoder) throws {
        try StrictKeys.check(decoder, CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        at = try Scenario.duration(container.decode(String.self, forKey: .at), at: container.codingPath + [CodingKeys.at])
        let present = [CodingKeys.authorization, .location, .weather, .alert, .rain, .restart, .wait, .expect, .app].filter(container.contains)
        guard present.count == 1, let key = present.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: container.codingPath,
                debugDescription: "a step has exactly one of authorization, location, weather, alert, rain, restart, wait, expect, app"))
        }
        for (key, keys) in [(CodingKeys.alert, AlertKeys.allCases.map(\.rawValue)), (.rain, RainKeys.allCases.map(\.rawValue)),
                            (.location, LocationKeys.allCases.map(\.rawValue)), (.expect, ExpectKeys.allCases.map(\.rawValue))]
            where container.contains(key) {
            try StrictKeys.check(try container.superDecoder(forKey: key), known: keys)
        }
        switch key {
        case .expect:
            let expect = try container.nestedContainer(keyedBy: ExpectKeys.self, forKey: .expect)
            let answeredBy = try expect.decodeIfPresent(String.self, forKey: .answeredBy).map { name in
                guard let kind = LocationSourceKind(rawValue: name) else {
                    throw DecodingError.dataCorrupted(.init(codingPath: expect.codingPath + [ExpectKeys.answeredBy], debugDescription: "expected gpsd, geoclue, ip or manual"))
                }
                return kind
            }
            let authorization = try expect.decodeIfPresent(String.self, forKey: .authorization).map { name in
                guard let kind = AuthorizationState.Kind(rawValue: name) else {
                    throw DecodingError.dataCorrupted(.init(codingPath: expect.codingPath + [ExpectKeys.authorization],
                                                            debugDescription: "expected notDetermined, denied, restricted or authorized"))
                }
                return kind
            }
            let locationRequests = try expect.decodeIfPresent([String: Int].self, forKey: .locationRequests).map { counts in
                try Dictionary(uniqueKeysWithValues: counts.map { name, count in
                    guard let kind = LocationSourceKind(rawValue: name) else {
                        throw DecodingError.dataCorrupted(.init(codingPath: expect.codingPath + [ExpectKeys.locationRequests],
                                                                debugDescription: "expected gpsd, geoclue, ip or manual, not \(name)"))
                    }
                    return (kind, count)
                })
            }
            let shows = try expect.decodeIfPresent(String.self, forKey: .shows).map { name in
                guard let kind = Scenario.ShownKind(rawValue: name) else {
                    throw DecodingError.dataCorrupted(.init(codingPath: expect.codingPath + [ExpectKeys.shows],
                        debugDescription: "expected \(Scenario.ShownKind.allCases.map(\.rawValue).joined(separator: ", "))"))
                }
                return kind
            }
            event = .expect(Scenario.Expectation(
                authorization: authorization, shows: shows, answeredBy: answeredBy,
                locationRequests: locationRequests,
                forecastRequests: try expect.decodeIfPresent(Int.self, forKey: .forecastRequests),
                locating: try expect.decodeIfPresent(Bool.self, forKey: .locating)))
            return
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
        case .app: event = .app(try AppGrantKeys.change(try container.superDecoder(forKey: .app)))
        default:
            let location = try container.nestedContainer(keyedBy: LocationKeys.self, forKey: .location)
            if let name = try location.decodeIfPresent(String.self, forKey: .source) {
                guard let kind = LocationSourceKind(rawValue: name), kind != .manual else {
                    throw DecodingError.dataCorrupted(.init(codingPath: location.codingPath + [LocationKeys.source], debugDescription: "expected gpsd, geoclue or ip"))
                }
                source = kind
            }
            if let fix = try location.decodeIfPresent([Double].self, forKey: .fix) {
                guard fix.count == 2, (try? Coordinate(latitude: fix[0], longitude: fix[1])) != nil else {
                    throw DecodingError.dataCorrupted(.init(codingPath: location.codingPath + [LocationKeys.fix],
                                                            debugDescription: "expected [latitude, longitude] within -90…90, -180…180"))
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
    public let detail: MessageText
    public let unreadable: Bool

    init(path: String, detail: MessageText, unreadable: Bool = false) {
        self.path = path
        self.detail = detail
        self.unreadable = unreadable
    }

    public var description: String { summary }
    public var summaryMessage: MessageText { MessageText("The scenario {path} cannot be played: {detail}.", ["path": path], messages: ["detail": [detail]]) }
    public var adviceMessage: MessageText? {
        unreadable ? MessageText("Check the path.") : MessageText("See the Scenarios article of ForecastlySimulation's documentation for the format, and Examples/scenarios for working files.")
    }
    public var exitStatus: ExitStatus { unreadable ? .usage : .dataError }

    /// Where in the file and what is wrong; a check's own words (they show
    /// the JSON to write) are said as they are.
    static func describe(_ error: DecodingError) -> MessageText {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
        switch error {
        case .keyNotFound(let key, let context): return MessageText("{field} is missing", ["field": path(context) + "." + key.stringValue])
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return MessageText("{field} has the wrong type", ["field": path(context)])
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? MessageText("it is not JSON") : .verbatim(path(context) + ": " + context.debugDescription)
        @unknown default: return .verbatim("\(error)")
        }
    }
}
