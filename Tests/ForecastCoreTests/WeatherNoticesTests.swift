import ForecastCore
import ForecastlyBase
import Foundation
import Testing

/// What a watch announces over a scripted day: each warning once, again
/// only when it gets worse, withdrawn when it ends; rain once per spell.
@Suite struct WeatherNoticesTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)
    static func at(_ minutes: Double) -> Date { start.addingTimeInterval(minutes * 60) }

    static func alert(_ event: String, _ severity: AlertSeverity, id: String, until minutes: Double) -> WeatherAlert {
        WeatherAlert(id: id, event: event, severity: severity, expires: at(minutes), headline: event, sender: "NWS Honolulu HI",
                     area: .servedForPoint, source: .nws)
    }

    static func covered(_ alerts: [WeatherAlert], at minutes: Double) -> PlaceAlerts {
        .covered(AlertCoverage(source: .nws, active: alerts.filter { $0.isActive(at: at(minutes)) }, asOf: at(minutes)))
    }

    /// Quarter hours from `minutes`, wet where `rain` is above 0.
    static func nowcast(from minutes: Double, _ rain: [Double]) -> Nowcast {
        Nowcast(steps: rain.enumerated().map { Nowcast.Step(time: at(minutes + Double($0.offset) * 15), precipitation: $0.element) }, stepMinutes: 15)
    }

    /// Records what is sent, as the CLI does, giving each a new id.
    struct Run {
        var notices = WeatherNotices()
        var nextID: UInt32 = 1
        var log: [String] = []

        mutating func refresh(_ alerts: PlaceAlerts?, _ nowcast: Nowcast?, at minutes: Double) {
            for event in notices.refresh(alerts: alerts, nowcast: nowcast, now: WeatherNoticesTests.at(minutes)) {
                switch event {
                case .warning(let alert, let replacing):
                    let id = replacing ?? { defer { nextID += 1 }; return nextID }()
                    notices.shown(alert, notification: id)
                    log.append("\(Int(minutes)): show \(id) \(alert.severity.word) \(alert.event)")
                case .warningEnded(let id):
                    log.append("\(Int(minutes)): close \(id)")
                case .rainSoon:
                    log.append("\(Int(minutes)): rain")
                }
            }
        }
    }

    @Test func aWarningIsIssuedUpgradedAndExpires() {
        var run = Run()
        let dry = Self.nowcast(from: 0, [0, 0, 0, 0, 0, 0, 0, 0])
        run.refresh(Self.covered([], at: 0), dry, at: 0)
        // Issued at 14:00 (minute 60), until 18:00 (minute 300).
        let issued = Self.alert("Flood Watch", .moderate, id: "a1", until: 300)
        run.refresh(Self.covered([issued], at: 60), dry, at: 60)
        // The NWS sends an update with a new id and the same severity: not news.
        run.refresh(Self.covered([Self.alert("Flood Watch", .moderate, id: "a2", until: 300)], at: 90), dry, at: 90)
        // Upgraded at 15:00: the notification is replaced.
        run.refresh(Self.covered([Self.alert("Flood Watch", .severe, id: "a3", until: 300)], at: 120), dry, at: 120)
        run.refresh(Self.covered([Self.alert("Flood Watch", .severe, id: "a3", until: 300)], at: 180), dry, at: 180)
        // A failed refresh withdraws nothing.
        run.refresh(nil, dry, at: 240)
        // Expired at 18:00: withdrawn.
        run.refresh(Self.covered([Self.alert("Flood Watch", .severe, id: "a3", until: 300)], at: 301), dry, at: 301)
        #expect(run.log == ["60: show 1 Moderate Flood Watch", "120: show 1 Severe Flood Watch", "301: close 1"])
    }

    /// A watch that becomes a warning is a new event; the watch's notification goes.
    @Test func aWatchBecomingAWarningReplacesIt() {
        var run = Run()
        run.refresh(Self.covered([Self.alert("Flood Watch", .severe, id: "w", until: 600)], at: 0), nil, at: 0)
        run.refresh(Self.covered([Self.alert("Flash Flood Warning", .severe, id: "x", until: 600)], at: 30), nil, at: 30)
        #expect(run.log == ["0: show 1 Severe Flood Watch", "30: show 2 Severe Flash Flood Warning", "30: close 1"])
    }

    @Test func rainIsAnnouncedOncePerSpell() {
        var run = Run()
        // Rain from 16:20 (minute 80 of a day starting at 15:00 = minute 0).
        for minutes in stride(from: 0.0, through: 120, by: 15) {
            let rain = (0..<8).map { step -> Double in
                let time = minutes + Double(step) * 15
                return (80..<140).contains(time) || (200..<260).contains(time) ? 0.6 : 0
            }
            run.refresh(nil, Self.nowcast(from: minutes, rain), at: minutes)
        }
        // 30 minutes ahead is the threshold: rain starting at 80 is announced at the 60-minute refresh (20 min ahead), once.
        #expect(run.log == ["60: rain"])
        // It stops, then a second spell comes: announced again.
        for minutes in stride(from: 135.0, through: 200, by: 15) {
            let rain = (0..<8).map { step -> Double in
                let time = minutes + Double(step) * 15
                return (200..<260).contains(time) ? 0.6 : 0
            }
            run.refresh(nil, Self.nowcast(from: minutes, rain), at: minutes)
        }
        #expect(run.log == ["60: rain", "180: rain"])
    }

    /// Rain already falling when the watch starts is not announced.
    @Test func rainAlreadyFallingIsNotNews() {
        var run = Run()
        run.refresh(nil, Self.nowcast(from: 0, [0.6, 0.6, 0, 0, 0, 0, 0, 0]), at: 0)
        run.refresh(nil, Self.nowcast(from: 15, [0.6, 0, 0, 0, 0, 0, 0, 0]), at: 15)
        #expect(run.log.isEmpty)
    }

    @Test func aLongerThresholdAnnouncesEarlier() {
        var run = Run()
        run.notices = WeatherNotices(rainThreshold: .seconds(90 * 60))
        run.refresh(nil, Self.nowcast(from: 0, [0, 0, 0, 0, 0, 0.6, 0.6, 0]), at: 0)
        #expect(run.log == ["0: rain"])
    }

    @Test func urgencyFollowsSeverity() {
        #expect(NoticeUrgency(.extreme) == .critical)
        #expect(NoticeUrgency(.severe) == .critical)
        #expect(NoticeUrgency(.moderate) == .normal)
        #expect(NoticeUrgency(.minor) == .normal)
    }
}
