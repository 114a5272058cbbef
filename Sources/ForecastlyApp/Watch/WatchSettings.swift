public import ForecastlyLocalization
public import ForecastCore
public import ForecastlyBase
public import Foundation

/// How a watch keeps the forecast current.
public struct WatchSettings: Sendable {
    /// How often it fetches a new forecast.
    public var interval: Duration
    /// How soon it tries again after a failure.
    public var backoff: WatchBackoff
    /// Until the first refresh, a stored forecast younger than this may be shown.
    public var maxAge: TimeInterval
    /// Every fetch asks the network (`--refresh`), within the provider's terms.
    public var refresh: Bool
    /// With notifications on (`--notify`): how soon rain must start to be announced.
    public var notify: NotifySettings?
    /// The clock times in notifications are written in.
    public var hourCycle: HourCycle
    /// End once the location source has ended and its last forecasts are
    /// shown (a replayed route); otherwise a watch goes on at the last position.
    public var endsWithLocations: Bool

    public init(
        interval: Duration = .seconds(600), backoff: WatchBackoff = WatchBackoff(), maxAge: TimeInterval = CachePolicy.defaultMaxAge, refresh: Bool = false,
        notify: NotifySettings? = nil, hourCycle: HourCycle = .twentyFourHour, endsWithLocations: Bool = false
    ) {
        self.interval = interval
        self.backoff = backoff
        self.maxAge = maxAge
        self.refresh = refresh
        self.notify = notify
        self.hourCycle = hourCycle
        self.endsWithLocations = endsWithLocations
    }
}

/// What `--notify` announces, and in which language.
public struct NotifySettings: Sendable, Equatable {
    /// How soon rain must start to be announced.
    public var rainThreshold: Duration
    /// The words notifications are written in (the user's language).
    public var words: Words

    public init(rainThreshold: Duration = .seconds(1800), words: Words = .english) {
        self.rainThreshold = rainThreshold
        self.words = words
    }
}

/// What a watch shows now: the frame, and with a forecast the answer (its
/// place's name, the extras, the notes beside it).
public struct WatchScreen: Sendable {
    public var frame: WatchFrame
    public var answer: ForecastAnswer?
    /// Lines to show beside this frame (an extra that failed, no notification service).
    public var notes: [AppNote]

    public init(frame: WatchFrame, answer: ForecastAnswer? = nil, notes: [AppNote] = []) {
        self.frame = frame
        self.answer = answer
        self.notes = notes
    }
}
