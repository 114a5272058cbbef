import ForecastlyApp
import ForecastlyBase
import ForecastlySimulation
import ForecastlyTesting
import LocationProvider
import Testing
import WeatherWidget

/// Every permission state the widget can meet, simulated: the decision in
/// memory, a policy, a scripted GPS and the weather from a stub.
@Suite struct PermissionStateTests {
    static let berlin = try! Coordinate(latitude: 52.52, longitude: 13.41)

    @Test func authorizedShowsTheTemperature() async throws {
        let gps = SimulatedLocationProvider.fixed(Self.berlin)
        let app = TestApplication.make(decision: .authorized(.full), location: gps, weather: WeatherStub(temperature: 3.2))
        #expect(await WeatherWidget(app).text() == "3°C")
        #expect(gps.requestCount == 1)
    }

    @Test func deniedSaysSoAndNeverLocates() async throws {
        // A scripted source: satellites while searching, a delay, then a fix (or .fail(…)).
        let gps = SimulatedLocationProvider(kind: .gpsd, script: [
            .searching(visible: 7, used: 0), .wait(.seconds(2)),
            .fix(try Coordinate(latitude: 52.52, longitude: 13.41), accuracy: 8),
        ])
        let weather = WeatherStub()
        let app = TestApplication.make(decision: .denied, location: gps, weather: weather)
        #expect(await WeatherWidget(app).text().contains("denied"))
        #expect(gps.requestCount == 0)  // nothing was located
        #expect(weather.requests.isEmpty)  // nothing was fetched
    }

    @Test func restrictedByPolicyNamesThePolicyFile() async throws {
        let gps = SimulatedLocationProvider.fixed(Self.berlin)
        let app = TestApplication.make(decision: .authorized(.full), policyDisabled: true, location: gps)
        #expect(await WeatherWidget(app).text().contains(InMemoryPermissionRecords.policyFile))
        #expect(gps.requestCount == 0)
    }

    @Test func undecidedAsksThenLocates() async throws {
        let gps = SimulatedLocationProvider.fixed(Self.berlin)
        let asker = ScriptedAnswer(.answered(.allowOnce))
        let app = TestApplication.make(location: gps, asker: asker)
        #expect(await WeatherWidget(app).text() == "3°C")
        #expect(asker.asked == 1 && gps.requestCount == 1)
        #expect(await app.permission().0.authorization.state.decisionToRemember == .notDetermined)  // once: not remembered
    }

    @Test func undecidedWithNobodyToAskLocatesNothing() async throws {
        let gps = SimulatedLocationProvider.fixed(Self.berlin)
        let app = TestApplication.make(location: gps)
        #expect(await WeatherWidget(app).text().contains("not decided yet"))
        #expect(gps.requestCount == 0)
    }

    @Test func reducedAccuracyGetsAnApproximateFix() async throws {
        let gps = SimulatedLocationProvider.fixed(try Coordinate(latitude: 52.520_07, longitude: 13.404_95))
        let app = TestApplication.make(decision: .authorized(.reduced), location: gps)
        let (fix, _) = try await app.locate(LocatingSettings(source: .gpsd))
        #expect(fix.coordinate.latitude == 52.52 && fix.coordinate.longitude == 13.4)  // about a kilometre
        #expect((fix.accuracyMeters ?? 0) >= 1_000)
    }

    @Test func noFixInTimeSaysHowManySatellitesWereSeen() async throws {
        // The receiver's wait and the timeout pass on a clock that does not wait.
        let gps = SimulatedLocationProvider(kind: .gpsd, script: [.searching(visible: 4, used: 0), .wait(.seconds(30))], clock: InstantClock())
        let app = TestApplication.make(decision: .authorized(.full), location: gps)
        await #expect(throws: LocationError.noFix(timeoutSeconds: 0.2, satellitesSeen: 4, satellitesUsed: 0)) {
            try await app.locate(LocatingSettings(source: .gpsd, timeout: .milliseconds(200)))
        }
    }
}
