import ForecastCore
import ForecastlyBase
import ForecastlyTesting
import Foundation
import LocationProvider
import Testing
import WeatherWidget

/// Every permission state the widget can meet, simulated: the decision in
/// memory, a policy, a scripted GPS and a scripted weather service.
@Suite struct PermissionStateTests {
    static let berlin = try! Coordinate(latitude: 52.52, longitude: 13.41)

    /// 3 °C wherever it is asked for.
    static let weather = ScriptedForecastService { request in
        Forecast(coordinate: request.coordinate, requestedCoordinate: request.coordinate, elevation: nil, timeZone: .gmt,
                 units: ForecastUnits(system: request.units), current: CurrentConditions(time: Date(), temperature: 3.2),
                 hourly: [], daily: [])
    }

    @Test func authorizedShowsTheTemperature() async throws {
        let (authorization, _) = await LocationAuthorization.load(
            store: InMemoryAuthorizationStore(decision: .authorized(.full)), policy: .unrestricted)
        let gps = SimulatedLocationProvider.fixed(Self.berlin)
        let widget = WeatherWidget(authorization: authorization, location: gps, weather: Self.weather)
        #expect(await widget.text() == "3°C")
        #expect(gps.requestCount == 1)
    }

    @Test func deniedSaysSoAndNeverLocates() async throws {
        // Any state: a decision in memory, plus a policy (restricted = location disabled).
        let (authorization, _) = await LocationAuthorization.load(
            store: InMemoryAuthorizationStore(decision: .denied), policy: .unrestricted)

        // A scripted source: satellites while searching, a delay, then a fix (or .fail(…)).
        let gps = SimulatedLocationProvider(kind: .gpsd, script: [
            .searching(visible: 7, used: 0), .wait(.seconds(2)),
            .fix(try Coordinate(latitude: 52.52, longitude: 13.41), accuracy: 8),
        ])
        let located = AuthorizedLocationProvider(gps, authorization: authorization)

        let model = ForecastViewModel(service: Self.weather)
        let final = await model.run(authorization: authorization, provider: located,
                                    locateTimeout: .seconds(10), days: 3, units: .metric)
        #expect(final == .locationFailed(.denied))
        #expect(gps.requestCount == 0)  // nothing was located
        try await authorization.handle(.granted(.full))   // the user changes their mind
        #expect(await model.run(authorization: authorization, provider: located,
                                locateTimeout: .seconds(10), days: 3, units: .metric).isLoaded)
    }

    @Test func restrictedByPolicyNamesThePolicyFile() async throws {
        let policy = LocationPolicy(path: "/etc/forecastly/policy.json", locationEnabled: false, forbiddenSources: [])
        let (authorization, _) = await LocationAuthorization.load(
            store: InMemoryAuthorizationStore(decision: .authorized(.full)), policy: policy)
        let gps = SimulatedLocationProvider.fixed(Self.berlin)
        let widget = WeatherWidget(authorization: authorization, location: gps, weather: Self.weather)
        #expect(await widget.text().contains("/etc/forecastly/policy.json"))
        #expect(gps.requestCount == 0)
    }

    @Test func undecidedWaitsForTheAnswerThenLocates() async throws {
        let (authorization, _) = await LocationAuthorization.load(store: InMemoryAuthorizationStore(), policy: .unrestricted)
        let gps = SimulatedLocationProvider.fixed(Self.berlin)
        let widget = WeatherWidget(authorization: authorization, location: gps, weather: Self.weather)
        let shown = Task { await widget.text() }
        try await Task.sleep(for: .milliseconds(100))
        #expect(gps.requestCount == 0)  // the prompt is up: nothing located
        try await authorization.handle(.answered(.allowOnce))
        #expect(await shown.value == "3°C")
        #expect(gps.requestCount == 1)
    }

    @Test func reducedAccuracyGetsAnApproximateFix() async throws {
        let (authorization, _) = await LocationAuthorization.load(
            store: InMemoryAuthorizationStore(decision: .authorized(.reduced)), policy: .unrestricted)
        let located = AuthorizedLocationProvider(SimulatedLocationProvider.fixed(try Coordinate(latitude: 52.520_07, longitude: 13.404_95)),
                                                 authorization: authorization)
        let fix = try await located.currentLocation(timeout: .seconds(1))
        #expect(fix.coordinate.latitude == 52.52 && fix.coordinate.longitude == 13.4)  // about a kilometre
        #expect((fix.accuracyMeters ?? 0) >= 1_000)
    }

    @Test func noFixInTimeSaysHowManySatellitesWereSeen() async throws {
        let (authorization, _) = await LocationAuthorization.load(
            store: InMemoryAuthorizationStore(decision: .authorized(.full)), policy: .unrestricted)
        let gps = SimulatedLocationProvider(kind: .gpsd, script: [.searching(visible: 4, used: 0), .wait(.seconds(30))])
        let model = ForecastViewModel(service: Self.weather)
        let final = await model.run(authorization: authorization, provider: AuthorizedLocationProvider(gps, authorization: authorization),
                                    locateTimeout: .milliseconds(200), days: 1, units: .metric)
        guard case .locationFailed(.noFix(_, 4, 0)) = final else { Issue.record("\(final)"); return }
    }
}

extension ForecastViewState {
    var isLoaded: Bool {
        if case .loaded = self { return true }
        return false
    }
}
