import ForecastCore
import ForecastlyApp
import ForecastlyBase
import ForecastlySimulation
import ForecastlyTesting
import LocationProvider
import Testing

/// The application's forecast: the permission decided and asked for once,
/// the stored place as what is left when locating is not permitted, and the
/// store answering before any request.
@Suite struct ForecastRunTests {
    static let kyiv = try! Coordinate(latitude: 50.45, longitude: 30.52)
    static let here = ForecastSettings(place: .located(LocatingSettings(source: .gpsd, timeout: .seconds(2))), days: 1)

    @Test func undecidedAsksOnceAndLocatesAfterAnAllow() async throws {
        let gps = SimulatedLocationProvider.fixed(Self.kyiv)
        let asker = ScriptedAnswer(.answered(.allow))
        let weather = WeatherStub()
        let app = TestApplication.make(location: gps, weather: weather, asker: asker)
        let answer = try await app.forecast(Self.here)
        #expect(asker.asked == 1)
        #expect(gps.requestCount == 1 && weather.requests.count == 1)
        #expect(answer.forecast.requestedCoordinate == Self.kyiv)
        #expect(answer.forecast.fix?.source == .gpsd)
        #expect(await app.permission().0.authorization.state.isAuthorized)
    }

    @Test(arguments: [
        (PermissionPromptOutcome.cannotAsk, LocationError.notDetermined),
        (.noAnswer, .notAnswered),
        (.answered(.deny), .denied),
    ])
    func noAllowMeansNothingIsLocatedOrFetched(outcome: PermissionPromptOutcome, error: LocationError) async throws {
        let gps = SimulatedLocationProvider.fixed(Self.kyiv)
        let weather = WeatherStub()
        let app = TestApplication.make(location: gps, weather: weather, asker: ScriptedAnswer(outcome))
        await #expect(throws: error) { try await app.forecast(Self.here) }
        #expect(gps.requestCount == 0 && weather.requests.isEmpty)
    }

    @Test func deniedWithAStoredPlaceShowsTheStoredPlace() async throws {
        let gps = SimulatedLocationProvider.fixed(Self.kyiv)
        let weather = WeatherStub()
        let app = TestApplication.make(decision: .denied, location: gps, storedPlace: StoredPlace(coordinate: Self.kyiv, name: "Kyiv"),
                                       weather: weather)
        // `auto` asks gpsd, GeoClue and IP only with permission; the stored place needs none.
        let answer = try await app.forecast(ForecastSettings(place: .located(LocatingSettings(source: .auto)), days: 1))
        #expect(answer.forecast.fix?.source == .manual)
        #expect(gps.requestCount == 0)
        #expect(weather.requests.count == 1)
    }

    @Test func aFreshStoredForecastIsShownWithoutARequest() async throws {
        let weather = WeatherStub(temperature: 7)
        let app = TestApplication.make(location: SimulatedLocationProvider.fixed(Self.kyiv), weather: weather)
        let typed = ForecastSettings(place: .typed(Self.kyiv), days: 1)
        let first = try await app.forecast(typed)
        #expect(first.origin == .network)
        weather.fail(status: 503)
        let second = try await app.forecast(typed)
        guard case .stored = second.origin else { Issue.record("\(second.origin)"); return }
        #expect(weather.requests.count == 1)
        #expect(second.forecast.current?.temperature == 7)
    }

    @Test func aServiceThatFailsShowsTheStoredForecastAsStale() async throws {
        let weather = WeatherStub()
        let app = TestApplication.make(location: SimulatedLocationProvider.fixed(Self.kyiv), weather: weather)
        let typed = ForecastSettings(place: .typed(Self.kyiv), days: 1, service: ServiceSettings(fallback: false), cache: .refresh)
        _ = try await app.forecast(typed)
        weather.fail(status: 503)
        let answer = try await app.forecast(typed)
        guard case .stale(_, .httpStatus(503, _, _)) = answer.origin else { Issue.record("\(answer.origin)"); return }
        #expect(weather.requests.count == 2)
    }
}
