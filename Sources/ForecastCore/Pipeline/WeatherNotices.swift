import ForecastlyBase
public import Foundation

/// What is worth a desktop notification while forecastly watches a place,
/// decided refresh by refresh: a warning issued or upgraded, rain about to
/// start. Each once: a warning is not announced again on every refresh, nor
/// rain while the same rain goes on; a warning's notification is withdrawn
/// when it ends. It only decides; the caller words and sends.
public struct WeatherNotices: Sendable {
    /// How soon rain must start to be announced.
    public var rainThreshold: Duration

    /// One thing to do.
    public enum Event: Sendable, Equatable {
        /// A warning is new, or worse than when it was announced; `replacing`
        /// is the notification it supersedes.
        case warning(WeatherAlert, replacing: UInt32?)
        /// The warning announced with this notification is no longer in force.
        case warningEnded(notification: UInt32)
        /// Rain (or snow) starts within the threshold.
        case rainSoon(NowcastSummary)
    }

    /// The warnings announced, by `key`, with their notification and severity.
    private var announced: [String: (notification: UInt32, severity: AlertSeverity)] = [:]
    /// Announced warnings whose notification id is not known yet.
    private var pending: [String: AlertSeverity] = [:]
    private var rainAnnounced = false
    private var firstRefresh = true

    public init(rainThreshold: Duration = .seconds(30 * 60)) {
        self.rainThreshold = rainThreshold
    }

    /// The same warning across its updates: the NWS gives each update a new
    /// id, so a warning is its service, event and sender ("Flood Watch" by
    /// "NWS Honolulu HI"). A watch that becomes a warning is another event.
    public static func key(_ alert: WeatherAlert) -> String {
        "\(alert.source.rawValue)|\(alert.event)|\(alert.sender)"
    }

    /// What this refresh calls for. `alerts` nil: the warnings could not be
    /// had this time, and nothing announced is withdrawn for that.
    public mutating func refresh(alerts: PlaceAlerts?, nowcast: Nowcast?, now: Date) -> [Event] {
        var events: [Event] = []
        if let alerts {
            var inForce: Set<String> = []
            for alert in alerts.active {
                let key = Self.key(alert)
                guard inForce.insert(key).inserted else { continue }
                if let earlier = announced[key] {
                    if alert.severity > earlier.severity {
                        events.append(.warning(alert, replacing: earlier.notification))
                        announced[key] = nil
                        pending[key] = alert.severity
                    }
                } else if let severity = pending[key] {
                    if alert.severity > severity { pending[key] = alert.severity; events.append(.warning(alert, replacing: nil)) }
                } else {
                    pending[key] = alert.severity
                    events.append(.warning(alert, replacing: nil))
                }
            }
            for (key, shown) in announced where !inForce.contains(key) {
                events.append(.warningEnded(notification: shown.notification))
                announced[key] = nil
            }
            for key in pending.keys where !inForce.contains(key) { pending[key] = nil }
        }
        if let nowcast {
            let summary = NowcastSummary(nowcast, now: now)
            var imminent = false
            var startsNow = false
            if case .precipitation(let start, _, _, _) = summary {
                startsNow = start == nil
                imminent = start.map { $0.timeIntervalSince(now) <= rainThreshold.inSeconds } ?? true
            }
            if imminent {
                // Rain already falling when the watch starts is not news.
                if !rainAnnounced, !(firstRefresh && startsNow) { events.append(.rainSoon(summary)) }
                rainAnnounced = true
            } else {
                rainAnnounced = false
            }
        }
        firstRefresh = false
        return events
    }

    /// The server's id for the notification of `alert`, once it was shown.
    public mutating func shown(_ alert: WeatherAlert, notification: UInt32) {
        let key = Self.key(alert)
        pending[key] = nil
        announced[key] = (notification, alert.severity)
    }
}

/// Where notifications go: the desktop's notification service, or a test's recorder.
public protocol WeatherNotifier: Sendable {
    /// Shows a notification, replacing `replacing` (0: none); returns its id.
    func show(summary: String, body: String, urgency: NoticeUrgency, replacing: UInt32) async throws(NotifierError) -> UInt32
    /// Withdraws a notification.
    func withdraw(_ notification: UInt32) async throws(NotifierError)
}

/// The freedesktop urgency levels.
public enum NoticeUrgency: UInt8, Sendable {
    case low = 0, normal = 1, critical = 2

    /// Severe and extreme warnings are critical; the others normal.
    public init(_ severity: AlertSeverity) {
        self = severity >= .severe ? .critical : .normal
    }
}

/// Why a notification could not be sent, in a sentence.
public struct NotifierError: Error, Sendable, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
}
