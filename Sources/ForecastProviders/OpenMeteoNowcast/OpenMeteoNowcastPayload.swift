import ForecastCore
import ForecastlyBase
import Foundation

/// The JSON of `/v1/forecast?minutely_15=precipitation,snowfall`.
struct OpenMeteoNowcastPayload: Decodable {
    var utc_offset_seconds: Int
    var minutely_15: Series?

    struct Series: Decodable {
        var time: [String]
        var precipitation: [Double?]
        var snowfall: [Double?]?
    }

    /// What can fall in a quarter hour: more than the heaviest rain ever
    /// measured (about 200 mm in 15 minutes) is not weather.
    /// The limits are the model's, written down once (`PhysicalLimits`).
    typealias Plausible = PhysicalLimits

    func nowcast() throws(InvalidPayload) -> Nowcast {
        guard (-18 * 3600...18 * 3600).contains(utc_offset_seconds) else {
            throw InvalidPayload(field: "utc_offset_seconds", detail: "\(utc_offset_seconds) is not an offset from UTC")
        }
        guard let series = minutely_15 else { throw InvalidPayload(field: "minutely_15", detail: "it is missing") }
        guard !series.time.isEmpty else { throw InvalidPayload(field: "minutely_15.time", detail: "it is empty") }
        guard series.precipitation.count == series.time.count, series.snowfall.map({ $0.count == series.time.count }) ?? true else {
            throw InvalidPayload(field: "minutely_15.precipitation", detail: "it has \(series.precipitation.count) values for \(series.time.count) times")
        }
        var steps: [Nowcast.Step] = []
        var previous: Int?
        for (index, text) in series.time.enumerated() {
            guard let wall = WallClockTime.secondsSinceEpoch(text) else {
                throw InvalidPayload(field: "minutely_15.time[\(index)]", detail: "“\(text.strippingTerminalControls(limit: 30))” is not a time")
            }
            if let previous, wall - previous != 900 {
                throw InvalidPayload(field: "minutely_15.time[\(index)]", detail: "the steps are not 15 minutes apart")
            }
            previous = wall
            // A missing value is a gap the service has no data for: nothing is made up.
            guard let amount = series.precipitation[index] else { continue }
            // As a rate: a quarter hour holds a quarter of an hour's rain.
            guard amount.isFinite, Plausible.precipitationRate.contains(amount * 4) else {
                throw InvalidPayload(field: "minutely_15.precipitation[\(index)]", detail: "\(amount) mm is not what can fall in 15 minutes")
            }
            let snow = series.snowfall?[index]
            if let snow, !(snow.isFinite && Plausible.snowfall.contains(snow)) {
                throw InvalidPayload(field: "minutely_15.snowfall[\(index)]", detail: "\(snow) cm is not what can fall in 15 minutes")
            }
            steps.append(Nowcast.Step(time: Date(timeIntervalSince1970: TimeInterval(wall - utc_offset_seconds)), precipitation: amount, snowfall: snow))
        }
        return Nowcast(steps: steps, stepMinutes: 15)
    }
}
