import ForecastCore
import ForecastlyBase
import ForecastPresentation
import Foundation
import LocationProvider
import NetworkTransport
import Synchronization

/// The services of a scenario, answered in process: the weather service
/// (Open-Meteo's format, a forecast made for the scenario's clock, or 503 or
/// 429 when the story says it is down or rate limited), the warnings (the
/// NWS's format for a place in the United States, MeteoAlarm's elsewhere)
/// and the next two hours (Open-Meteo's `minutely_15`), as the story scripts
/// them. forecastly's own readers read every answer. It is the transport of
/// the application a scenario runs, so it sees everything that leaves the
/// machine: forecast requests are counted, and one made while locating is
/// not permitted is an invariant broken, unless it is for the stored place
/// (which needs no permission).
final class ScenarioServices: HTTPTransport {
    private let state = Mutex<State>(State())
    private let now: @Sendable () -> Date
    private let launch: Date
    private let storedPlace: Coordinate?

    private struct State {
        var mode: Scenario.WeatherMode = .up
        var requests = 0
        var alerts: [String: Scenario.AlertChange] = [:]
        var rain = Scenario.RainChange(from: nil, until: nil)
        /// What the permission is while a request is made, from the running application.
        var permission: (@Sendable () async -> AuthorizationState)?
        var violations: [String] = []
    }

    /// Where the application is pointed: every service's variable names this host.
    static let baseURL = "http://127.0.0.1:9"

    /// `launch` is when the story's durations count from; `storedPlace` is
    /// the place the story stored, which may be asked for in any state.
    init(now: @escaping @Sendable () -> Date, launch: Date, storedPlace: Coordinate?) {
        self.now = now
        self.launch = launch
        self.storedPlace = storedPlace
    }

    var requests: Int { state.withLock { $0.requests } }

    func set(_ mode: Scenario.WeatherMode) { state.withLock { $0.mode = mode } }
    func set(_ alert: Scenario.AlertChange) { state.withLock { $0.alerts[alert.event] = alert.severity == nil ? nil : alert } }
    func set(_ rain: Scenario.RainChange) { state.withLock { $0.rain = rain } }
    func watch(permission: @escaping @Sendable () async -> AuthorizationState) { state.withLock { $0.permission = permission } }

    func takeViolations() -> [String] {
        state.withLock { state in
            defer { state.violations = [] }
            return state.violations
        }
    }

    func get(_ url: URL, headers: [(name: String, value: String)]) async throws(TransportError) -> HTTPResponse {
        let path = url.path
        let query = url.query ?? ""
        let sky = state.withLock { ($0.alerts, $0.rain) }
        if path.hasPrefix("/alerts/active") {
            return Self.json(200, ScenarioAnswers.nwsAlerts(Array(sky.0.values), launch: launch))
        }
        if path.hasPrefix("/api/v1/warnings/feeds-") {
            return Self.json(200, ScenarioAnswers.meteoAlarm(Array(sky.0.values), launch: launch))
        }
        if query.contains("minutely_15") {
            return Self.json(200, ScenarioAnswers.nowcast(sky.1, launch: launch, now: now()))
        }
        guard path.hasSuffix("/forecast") else { return Self.json(404, #"{"error":true,"reason":"not a scenario service"}"#) }
        let (mode, permission) = state.withLock { state in
            state.requests += 1
            return (state.mode, state.permission)
        }
        // Every forecast of a scenario is for a located place, or for the stored one.
        if let permission, !isForTheStoredPlace(query) {
            let state = await permission()
            if !state.isAuthorized {
                self.state.withLock { $0.violations.append("a located forecast was fetched while permission is \(state.name)") }
            }
        }
        switch mode {
        case .up: return Self.json(200, OpenMeteoAnswer.json(now: now()))
        case .down: return Self.json(503, #"{"error":true,"reason":"Service unavailable (scenario)"}"#)
        case .rateLimited: return Self.json(429, #"{"error":true,"reason":"Too many requests (scenario)"}"#)
        case .slow: throw .responseTimedOut(host: url.host ?? "127.0.0.1")
        case .offline: throw .connectionRefused(host: url.host ?? "127.0.0.1", port: url.port ?? 80)
        case .truncated: return Self.json(200, String(OpenMeteoAnswer.json(now: now()).prefix(200)))
        }
    }

    /// Whether a forecast request asks for the stored place, as the
    /// application sends a coordinate (`latitude=50.45&longitude=30.52`).
    private func isForTheStoredPlace(_ query: String) -> Bool {
        guard let storedPlace else { return false }
        let items = URLComponents(string: "?" + query)?.queryItems ?? []
        func value(_ name: String) -> Double? { items.first { $0.name == name }?.value.flatMap(Double.init) }
        return value("latitude") == storedPlace.latitude && value("longitude") == storedPlace.longitude
    }

    private static func json(_ status: Int, _ body: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json")], body: Array(body.utf8))
    }
}

/// The scenario's warnings and next two hours, in the services' own formats,
/// so the real readers read them.
enum ScenarioAnswers {
    static func iso(_ date: Date) -> String {
        PlaceClock(timeZone: .gmt).iso8601(date)
    }

    /// The NWS's GeoJSON: one zone alert (no outline) per scripted warning,
    /// whether or not it has expired: the reader must drop the expired.
    static func nwsAlerts(_ alerts: [Scenario.AlertChange], launch: Date) -> String {
        let features: [[String: Any]] = alerts.sorted { $0.event < $1.event }.compactMap { alert in
            guard let severity = alert.severity, let until = alert.until else { return nil }
            let properties: [String: Any] = [
                "id": "scenario-" + alert.event, "areaDesc": "Scenario County", "expires": iso(launch.addingTimeInterval(until.inSeconds)),
                "status": "Actual", "messageType": "Alert", "severity": severity.rawValue.prefix(1).uppercased() + severity.rawValue.dropFirst(),
                "certainty": "Likely", "urgency": "Expected", "event": alert.event, "senderName": "Scenario Weather Service",
                "headline": alert.event,
            ]
            return ["type": "Feature", "geometry": NSNull(), "properties": properties]
        }
        let document: [String: Any] = ["type": "FeatureCollection", "features": features]
        let data = (try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// Open-Meteo's `minutely_15` for two hours from the quarter hour of `now`: 0.6 mm a quarter hour while it rains.
    static func nowcast(_ rain: Scenario.RainChange, launch: Date, now: Date) -> String {
        let start = (now.timeIntervalSince1970 / 900).rounded(.down) * 900
        let times = (0..<8).map { start + Double($0) * 900 }
        let from = rain.from.map { launch.timeIntervalSince1970 + $0.inSeconds }
        let until = rain.until.map { launch.timeIntervalSince1970 + $0.inSeconds } ?? .infinity
        let amounts = times.map { time in from.map { time + 900 > $0 && time < until } == true ? "0.6" : "0" }
        let stamps = times.map { "\"" + String(iso(Date(timeIntervalSince1970: $0)).prefix(16)) + "\"" }
        return #"{"latitude":52.52,"longitude":13.41,"utc_offset_seconds":0,"timezone":"GMT","elevation":38,"minutely_15":{"time":["#
            + stamps.joined(separator: ",") + #"],"precipitation":["# + amounts.joined(separator: ",") + #"],"snowfall":["#
            + amounts.map { _ in "0" }.joined(separator: ",") + "]}}"
    }
}

extension ScenarioAnswers {
    /// MeteoAlarm's feed: one CAP warning per scripted warning, outlined by a
    /// polygon over central Europe, whether or not it has expired.
    static func meteoAlarm(_ alerts: [Scenario.AlertChange], launch: Date) -> String {
        let warnings: [[String: Any]] = alerts.sorted { $0.event < $1.event }.compactMap { alert in
            guard let severity = alert.severity, let until = alert.until else { return nil }
            let level = ["minor": "2; yellow; Minor", "moderate": "2; yellow; Moderate", "severe": "3; orange; Severe", "extreme": "4; red; Extreme"]
            let info: [String: Any] = [
                "language": "en-GB", "event": alert.event, "urgency": "Expected", "certainty": "Likely",
                "severity": severity.rawValue.prefix(1).uppercased() + severity.rawValue.dropFirst(),
                "onset": iso(launch), "expires": iso(launch.addingTimeInterval(until.inSeconds)),
                "senderName": "Scenario Weather Service", "headline": alert.event,
                "parameter": [["valueName": "awareness_level", "value": level[severity.rawValue] ?? "2; yellow; Moderate"]],
                "area": [["areaDesc": "Scenario Region", "polygon": "40,-10 40,30 60,30 60,-10 40,-10"]],
            ]
            return ["uuid": "scenario-" + alert.event,
                    "alert": ["identifier": "scenario-" + alert.event, "status": "Actual", "msgType": "Alert", "info": [info]]]
        }
        let data = (try? JSONSerialization.data(withJSONObject: ["warnings": warnings], options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
