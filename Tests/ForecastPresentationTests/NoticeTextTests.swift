import ForecastCore
import ForecastPresentation
import Foundation
import Testing

/// A notification says what the report's line says: the severity and the
/// headline (the event when the headline is long), until when, who issued it.
@Suite struct NoticeTextTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)  // 08:00 UTC
    static let clock = PlaceClock(timeZone: TimeZone(identifier: "UTC")!)

    static func alert(headline: String, hours: Double) -> WeatherAlert {
        WeatherAlert(id: "w", event: "Flood Warning", severity: .severe, expires: now.addingTimeInterval(hours * 3600), headline: headline,
                     sender: "NWS Honolulu HI", area: .servedForPoint, source: .nws)
    }

    @Test func aWarningIsWordedAsTheReportWordsIt() {
        let short = NoticeText.warning(Self.alert(headline: "Flood Warning for Hilo", hours: 3), clock: Self.clock, now: Self.now)
        #expect(short == NoticeText(summary: "Severe: Flood Warning for Hilo", body: "until 11:00 · NWS Honolulu HI"))
        let long = NoticeText.warning(Self.alert(headline: String(repeating: "a very long headline ", count: 4), hours: 30),
                                      clock: Self.clock, now: Self.now)
        #expect(long.summary == "Severe: Flood Warning")
        #expect(long.body.hasPrefix("until ") && long.body.hasSuffix(" 14:00 · NWS Honolulu HI") && long.body != "until 14:00 · NWS Honolulu HI")
    }

    @Test func rainIsTheNextTwoHoursLine() {
        let nowcast = Nowcast(steps: [0, 0, 0.4, 0.6, 0.3, 0, 0, 0, 0].enumerated().map { index, amount in
            Nowcast.Step(time: Self.now.addingTimeInterval(TimeInterval(index * 900)), precipitation: amount, snowfall: nil)
        }, stepMinutes: 15)
        #expect(NoticeText.rain(nowcast, clock: Self.clock, now: Self.now)
                == NoticeText(summary: "Rain starting in about 30 min, light, stopping around 09:15", body: "The next two hours"))
    }
}
