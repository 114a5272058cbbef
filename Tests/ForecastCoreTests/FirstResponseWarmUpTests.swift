@testable import ForecastCore
import Foundation
import Testing

/// The warm-up only saves time if its sample goes all the way through the
/// real handling; a model change that made it fail would go unnoticed
/// (nothing it makes is shown) but for this.
@Suite struct FirstResponseWarmUpTests {
    @Test func sampleDecodesIntoAFullForecast() throws {
        let forecast = try #require(FirstResponseWarmUp.rehearse())
        #expect(forecast.timeZone.identifier == "Europe/Zagreb")
        #expect(forecast.hourly.count == 2)
        #expect(forecast.hourly.map(\.precipitationProbability) == [0, nil])
        #expect(forecast.daily.count == 1)
        #expect(forecast.daily.first?.uvIndexMax == 4.15)
        #expect(forecast.current?.windGusts == nil)
        #expect(forecast.current?.temperature == 12.5)
        // 01:00 in Zagreb (UTC+2 in September) is 23:00 UTC the day before.
        #expect(forecast.current?.time == ISO8601DateFormatter().date(from: "2026-09-28T23:00:00Z"))
        // The store's encoding, which the rehearsal also runs, takes it whole.
        let encoded = try SQLiteStore.encode(forecast, path: "")
        #expect(try SQLiteStore.decoder.decode(Forecast.self, from: encoded) == forecast)
    }
}
