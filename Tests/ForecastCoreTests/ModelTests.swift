@testable import ForecastCore
import ForecastlyBase
import ForecastSamples
import Testing

@Suite struct ModelTests {
    @Test(arguments: [0, 17, -1])
    func daysOutOfRangeAreRejectedBeforeAnyRequest(days: Int) {
        #expect {
            _ = try ForecastRequest(coordinate: Sample.zagreb, days: days)
        } throws: { error in
            (error as? ForecastError)?.exitStatus == .usage
        }
    }

    @Test func localDateRoundTripsThroughDayNumbers() {
        for days in stride(from: -719_000, through: 2_900_000, by: 997) { // years 1…9909
            let date = LocalDate(daysSinceEpoch: days)
            #expect(date.daysSinceEpoch == days)
            #expect(LocalDate(iso8601: date.description) == date)
        }
        #expect(LocalDate(year: 2026, month: 11, day: 21)?.isoWeekday == 6) // a Saturday
        #expect(LocalDate(iso8601: "2024-02-29") != nil)
        #expect(LocalDate(iso8601: "2026-02-29") == nil)
    }
}
