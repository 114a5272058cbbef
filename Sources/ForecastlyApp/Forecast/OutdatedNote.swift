import ForecastlyBase
import ForecastCore
import ForecastPresentation
import Foundation

/// The one warning an answer far from the clock is shown with: what it
/// describes, how far that is from the machine's clock, and that one of the
/// two is wrong. A Raspberry Pi without a clock battery starts in the past
/// until its time is synchronised; a stale server cache answers from the past.
enum OutdatedNote {
    static func note(for answer: ForecastAnswer, now: Date) -> AppNote? {
        note(for: answer.forecast, air: answer.extras.airQuality, now: now)
    }

    static func note(for forecast: Forecast, air: AirQuality? = nil, now: Date) -> AppNote? {
        let forecastOutdated = forecast.isOutdated(at: now) ? forecast.describedTime(at: now) : nil
        let airOutdated = air.flatMap { $0.isOutdated(at: now) ? $0.time : nil }
        guard let time = forecastOutdated ?? airOutdated, let distance = OutdatedAnswer.distance(of: time, from: now) else { return nil }
        // The date as timedatectl shows the clock's, in every language.
        let clock = PlaceClock(timeZone: forecast.timeZone)
        let values = ["when": "\(clock.localDate(time)) \(clock.time(time))"]
        let age = ["age": [ValueFormat.age(abs(distance))]]
        let before = distance > 0
        let message = switch (forecastOutdated != nil, airOutdated != nil) {
        case (true, true) where before:
            MessageText("The forecast and the air-quality reading describe {when}, {age} before this machine's clock: the answer or the clock is wrong (check the clock with `timedatectl`).", values, messages: age)
        case (true, true):
            MessageText("The forecast and the air-quality reading describe {when}, {age} after this machine's clock: the answer or the clock is wrong (check the clock with `timedatectl`).", values, messages: age)
        case (true, false) where before:
            MessageText("The forecast describes {when}, {age} before this machine's clock: the answer or the clock is wrong (check the clock with `timedatectl`).", values, messages: age)
        case (true, false):
            MessageText("The forecast describes {when}, {age} after this machine's clock: the answer or the clock is wrong (check the clock with `timedatectl`).", values, messages: age)
        case _ where before:
            MessageText("The air-quality reading describes {when}, {age} before this machine's clock: the answer or the clock is wrong (check the clock with `timedatectl`).", values, messages: age)
        default:
            MessageText("The air-quality reading describes {when}, {age} after this machine's clock: the answer or the clock is wrong (check the clock with `timedatectl`).", values, messages: age)
        }
        return .warning(message)
    }
}
