import ForecastCore
import ForecastlyBase
import ForecastlyLocalization
import ForecastPresentation
import Foundation

/// `--watch --notify`: after each refresh, the notifications
/// `WeatherNotices` calls for, worded as the report words them, handed to
/// the notifier. A desktop without a notification service gives one note,
/// once, and the watch goes on.
actor WatchNotifications {
    private let notifier: any WeatherNotifier
    private let hourCycle: HourCycle
    private let words: Words
    private var notices: WeatherNotices
    private var saidWhyNot = false

    init(notifier: any WeatherNotifier, settings: NotifySettings, hourCycle: HourCycle) {
        self.notifier = notifier
        self.hourCycle = hourCycle
        words = settings.words
        notices = WeatherNotices(rainThreshold: settings.rainThreshold)
    }

    /// Sends what this refresh calls for; the note to show when the notifier failed.
    func refresh(_ answers: ExtraAnswers, timeZone: TimeZone, now: Date) async -> AppNote? {
        let clock = PlaceClock(timeZone: timeZone, hourCycle: hourCycle)
        var note: AppNote?
        // A failed fetch is not "no warnings": nothing is withdrawn for it.
        let alerts = answers.alerts.error == nil ? answers.alerts.value : nil
        for event in notices.refresh(alerts: alerts, nowcast: answers.nowcast.value, now: now) {
            do throws(NotifierError) {
                switch event {
                case .warning(let alert, let replacing):
                    let text = NoticeText.warning(alert, clock: clock, now: now, words: words)
                    let id = try await notifier.show(summary: text.summary, body: text.body,
                                                     urgency: NoticeUrgency(alert.severity), replacing: replacing ?? 0)
                    notices.shown(alert, notification: id)
                case .warningEnded(let id):
                    try await notifier.withdraw(id)
                case .rainSoon:
                    guard let nowcast = answers.nowcast.value else { continue }
                    let text = NoticeText.rain(nowcast, clock: clock, now: now, words: words)
                    _ = try await notifier.show(summary: text.summary, body: text.body, urgency: .normal, replacing: 0)
                }
            } catch {
                if !saidWhyNot { note = .note(MessageText("No desktop notifications: {reason}; the watch goes on.", ["reason": error.message])) }
                saidWhyNot = true
            }
        }
        return note
    }
}
