import ForecastCore
import ForecastPresentation
import Foundation
import Testing

/// The next two hours in words: when rain starts and stops, how heavy, snow.
@Suite struct NowcastTextTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)  // a quarter hour, 08:00 UTC
    static let clock = PlaceClock(timeZone: TimeZone(identifier: "UTC")!)

    static func nowcast(_ amounts: [Double], snow: [Double]? = nil) -> Nowcast {
        Nowcast(steps: amounts.enumerated().map { index, amount in
            Nowcast.Step(time: start.addingTimeInterval(TimeInterval(index * 900)), precipitation: amount, snowfall: snow?[index])
        }, stepMinutes: 15)
    }

    @Test(arguments: [
        ([0, 0, 0, 0, 0, 0, 0, 0, 0], 0, "No rain expected in the next 2 hours"),
        ([0, 0, 0.4, 0.6, 0.3, 0, 0, 0, 0], 0, "Rain starting in about 30 min, light, stopping around 09:15"),
        ([0, 0, 0.4, 2.5, 0.3, 0, 0, 0, 0], 0, "Rain starting in about 30 min, heavy, stopping around 09:15"),
        ([0, 0, 0.4, 1.0, 0.3, 0, 0, 0, 0], 0, "Rain starting in about 30 min, moderate, stopping around 09:15"),
        ([0.7, 0.7, 0, 0, 0, 0, 0, 0, 0], 0, "Rain now, moderate, stopping around 08:30"),
        ([0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2], 0, "Rain for the next 2 hours, light"),
        ([0, 0, 0, 0, 0, 0, 0, 0.3, 0.3], 0, "Rain starting in about 105 min, light"),
        ([0, 0.3, 0, 0, 0, 0, 0, 0, 0], 780, "Rain starting in a few minutes, light, stopping around 08:30"),
        // A trace under 0.1 mm is dry; a spell already over is not mentioned.
        ([0.05, 0, 0, 0, 0, 0, 0, 0, 0], 0, "No rain expected in the next 2 hours"),
        ([0.4, 0, 0, 0, 0, 0, 0, 0, 0], 1_000, "No rain expected in the next 2 hours"),
    ] as [([Double], TimeInterval, String)])
    func theSummarySaysWhenAndHowHeavy(amounts: [Double], secondsIn: TimeInterval, expected: String) {
        #expect(NowcastText.summary(Self.nowcast(amounts), now: Self.start.addingTimeInterval(secondsIn), clock: Self.clock) == expected)
    }

    @Test func snowIsCalledSnow() {
        let summary = NowcastText.summary(Self.nowcast([0, 0.3, 0.3, 0, 0], snow: [0, 0.2, 0.2, 0, 0]), now: Self.start, clock: Self.clock)
        #expect(summary == "Snow starting in about 15 min, light, stopping around 08:45")
    }

    @Test func theSparklineShowsEachQuarterHour() {
        let nowcast = Self.nowcast([0, 0.1, 0.5, 1.0, 1.5, 3, 0])
        #expect(NowcastText.sparkline(nowcast, ascii: false) == "▁▂▃▅▆█▁")
        #expect(NowcastText.sparkline(nowcast, ascii: true) == "_.-=##_")
    }
}
