import ForecastlyBase
import Foundation

/// What `forecastly simulate ctl` may say to a served story while the
/// program under test keeps running, and what the story answers: one line
/// in, one JSON object out.
enum StoryControl {
    /// The answer to `line`, done on the served story.
    static func answer(_ line: String, locations: ServedLocations, weather: SimulatedWeatherService, timeline: StoryTimeline,
                       log: (String) -> Void) -> [String: Any] {
        let gpsd = locations.gpsd
        let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let command = words.first else { return refusal("say a command: status, move LAT,LON, unplug, plug, pause, resume, weather MODE, allow|deny|revoke [APP], switch on|off, accuracy LEVEL [APP]") }
        log("control: \(line.strippingTerminalControls(limit: 120))")
        switch (command, words.count) {
        case ("status", 1):
            return ["ok": true, "storyTime": ScenarioRunner.label(timeline.now), "paused": timeline.isPaused,
                    "gpsd": gpsd.status(), "geoclue": locations.geoclue.status(), "portal": ["sessions": locations.portal.status()], "weather": weather.status()]
        case ("move", 2):
            let checked: Coordinate?
            do { checked = try Coordinate.checked(decimalPair: words[1]) } catch { return refusal("move: the \(error.description)") }
            guard let coordinate = checked else { return refusal("move takes LAT,LON in decimal degrees, such as 52.52,13.41") }
            let fix = ServedFix(latitude: coordinate.latitude, longitude: coordinate.longitude, accuracy: gpsd.position?.accuracy ?? 5, time: Date())
            locations.report(fix)
            return ["ok": true]
        case ("unplug", 1):
            gpsd.unplug()
            return ["ok": true]
        case ("plug", 1):
            gpsd.report(nil)
            return ["ok": true]
        case ("pause", 1):
            timeline.pause()
            return ["ok": true]
        case ("resume", 1):
            timeline.resume()
            return ["ok": true]
        case ("weather", 2):
            guard let mode = Scenario.WeatherMode(rawValue: words[1]) else {
                return refusal("weather takes up, down, rateLimited, slow, truncated or offline")
            }
            weather.set(mode)
            return ["ok": true]
        case ("allow", 1...2), ("deny", 1...2), ("revoke", 1...2):
            let app = words.count == 2 ? words[1] : "*"
            guard app.count <= 255, app.allSatisfy({ !$0.isWhitespace && !$0.isNewline }) else { return refusal("\(command) takes an app's id (its desktop id), or nothing for every app") }
            let change = AppChange(id: app, permission: command == "allow" ? .allowed : .denied)
            locations.apply(change)
            return ["ok": true]
        case ("switch", 2) where words[1] == "on" || words[1] == "off":
            locations.switched(on: words[1] == "on")
            return ["ok": true]
        case ("accuracy", 2...3):
            guard let level = AccuracyLevel(rawValue: words[1]) else {
                return refusal("accuracy takes \(AccuracyLevel.allCases.map(\.rawValue).joined(separator: ", ")), then an app's id or nothing for every app")
            }
            let change = AppChange(id: words.count == 3 ? words[2] : "*", accuracy: level)
            locations.apply(change)
            return ["ok": true]
        default:
            return refusal("unknown command “\(command.strippingTerminalControls(limit: 20))” or wrong arguments; say status, move LAT,LON, unplug, plug, pause, resume, weather MODE, allow|deny|revoke [APP], switch on|off, accuracy LEVEL [APP]")
        }
    }

    static func refusal(_ why: String) -> [String: Any] { ["ok": false, "error": why] }

    static func encoded(_ answer: [String: Any]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: answer, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data(#"{"ok":false}"#.utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
