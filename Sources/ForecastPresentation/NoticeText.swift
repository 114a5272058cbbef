public import ForecastCore
public import ForecastlyLocalization
public import Foundation

/// The words of a notification for what `WeatherNotices` announces, the
/// same words the report uses for the same warning or rain, so that
/// `--watch --notify` and a scenario's transcript say one thing.
public struct NoticeText: Sendable, Equatable {
    /// The notification's first line.
    public var summary: String
    /// What it says below.
    public var body: String

    public init(summary: String, body: String) {
        self.summary = summary
        self.body = body
    }

    /// "Severe: Flood Warning", then until when and who issued it.
    public static func warning(_ alert: WeatherAlert, clock: PlaceClock, now: Date, words: Words = .english) -> NoticeText {
        NoticeText(summary: "\(words(alert.severity.word)): \(AlertText.title(alert))",
                   body: [AlertText.until(alert, clock: clock, now: now, words: words), alert.sender].joined(separator: " · "))
    }

    /// "Rain starting in about 20 min, …", as the report's line for the next two hours.
    public static func rain(_ nowcast: Nowcast, clock: PlaceClock, now: Date, words: Words = .english) -> NoticeText {
        NoticeText(summary: NowcastText.summary(nowcast, now: now, clock: clock, words: words), body: words("The next two hours"))
    }
}
