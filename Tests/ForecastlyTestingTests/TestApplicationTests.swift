import ForecastCore
import ForecastlyApp
import ForecastlyBase
import ForecastlySimulation
import ForecastlyTesting
import Foundation
import LocationProvider
import Testing

/// The test doubles a program's tests build on: the weather stub answers as
/// Open-Meteo does and counts what it is asked; the test application runs
/// forecastly's own code over them.
@Suite struct TestApplicationTests {
    static let berlin = try! Coordinate(latitude: 52.52, longitude: 13.41)

    @Test func theStubAnswersAsOpenMeteoAndCounts() async throws {
        let weather = WeatherStub(temperature: -4)
        let app = TestApplication.make(decision: .authorized(.full), location: SimulatedLocationProvider.fixed(Self.berlin), weather: weather)
        let answer = try await app.forecast(ForecastSettings(place: .located(LocatingSettings(source: .gpsd)), days: 2))
        #expect(answer.forecast.current?.temperature == -4)
        #expect(answer.forecast.provider == .openMeteo)
        #expect(weather.requests.count == 1)
        #expect(weather.requests.first?.query?.contains("latitude=52.52") == true)
    }

    @Test func aFailingStubIsTheServicesError() async throws {
        let weather = WeatherStub()
        weather.fail(status: 429)
        let app = TestApplication.make(location: SimulatedLocationProvider.fixed(Self.berlin), weather: weather)
        let settings = ForecastSettings(place: .typed(Self.berlin), days: 1, service: ServiceSettings(fallback: false))
        let error = await #expect(throws: ForecastError.self) { try await app.forecast(settings) }
        #expect(error?.exitStatus == .temporaryFailure)
    }

    @Test func theScriptedAnswerIsCounted() async {
        let asker = ScriptedAnswer(.answered(.deny))
        #expect(await asker.ask(services: .verbatim("a test")) == .answered(.deny))
        #expect(asker.asked == 1)
    }
}
