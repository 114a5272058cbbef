import ForecastCore
import ForecastPresentation
import Foundation

/// The one warning an answer far from the clock is shown with: what it
/// describes, how far that is from the machine's clock, and that one of the
/// two is wrong. A Raspberry Pi without a clock battery starts in the past
/// until its time is synchronised; a stale server cache answers from the past.
enum OutdatedNote {
    static func note(for answer: ForecastAnswer, now: Date) -> AppNote? {
        let forecast = answer.forecast
        var outdated: [String] = []
        var time: Date?
        if forecast.isOutdated(at: now), let described = forecast.describedTime(at: now) {
            outdated.append("The forecast")
            time = described
        }
        if let air = answer.extras.airQuality, air.isOutdated(at: now) {
            outdated.append(outdated.isEmpty ? "The air-quality reading" : "the air-quality reading")
            time = time ?? air.time
        }
        guard let time, let distance = OutdatedAnswer.distance(of: time, from: now) else { return nil }
        let clock = PlaceClock(timeZone: forecast.timeZone)
        let when = "\(clock.day(clock.localDate(time))) \(clock.time(time))"
        let direction = distance > 0 ? "before" : "after"
        let verb = outdated.count > 1 ? "describe" : "describes"
        return .warning(
            "\(outdated.joined(separator: " and ")) \(verb) \(when), \(ValueFormat.age(abs(distance))) \(direction) this machine's clock: "
                + "the answer or the clock is wrong (check the clock with `timedatectl`).")
    }
}
