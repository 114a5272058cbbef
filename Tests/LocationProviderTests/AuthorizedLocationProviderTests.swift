import ForecastlyBase
import ForecastlyApp
import ForecastlySimulation
import Foundation
import LocationProvider
import NetworkTransport
import Synchronization
import Testing
import TestSupport

/// Every authorization state with every backend: a request reaches a
/// backend only when authorized (or for the user's own stored place).
@Suite struct AuthorizedLocationProviderTests {
    static let berlin = try! Coordinate(latitude: 52.520008, longitude: 13.404954)

    static let states: [UserDecision?] = [.notDetermined, .denied, .authorized(.full), .authorized(.reduced), nil /* restricted */]
    static let kinds: [LocationSourceKind] = [.gpsd, .ip, .manual]

    func authorization(_ decision: UserDecision?) async -> LocationAuthorization {
        let policy = decision == nil ? LocationPolicy(path: "/etc/forecastly/policy.json", locationEnabled: false, forbiddenSources: []) : .unrestricted
        return await LocationAuthorization.load(store: InMemoryAuthorizationStore(decision: decision ?? .authorized(.full)), policy: policy).0
    }

    @Test(arguments: states, kinds)
    func onlyAuthorizedStatesReachTheBackend(decision: UserDecision?, kind: LocationSourceKind) async throws {
        let backend = SimulatedLocationProvider.fixed(Self.berlin, kind: kind)
        let provider = AuthorizedLocationProvider(backend, authorization: await authorization(decision))
        let result: Result<LocationFix, LocationError>
        do { result = .success(try await provider.currentLocation(timeout: .seconds(1))) } catch { result = .failure(error) }

        switch (decision, kind) {
        case (_, .manual), (.authorized(.full)?, _), (.authorized(.reduced)?, .ip): // an IP fix is city level already
            #expect(try result.get().coordinate == Self.berlin)
            #expect(backend.requestCount == 1)
        case (.authorized(.reduced)?, _):
            let fix = try result.get()
            #expect(fix.coordinate == (try Coordinate(latitude: 52.52, longitude: 13.4)))
            #expect(fix.accuracyMeters == 1_000)
            #expect(backend.requestCount == 1)
        case (.notDetermined?, _):
            #expect(result == .failure(.notDetermined))
            #expect(backend.requestCount == 0)
        case (.denied?, _):
            #expect(result == .failure(.denied))
            #expect(backend.requestCount == 0)
        case (nil, _):
            #expect(result == .failure(.restricted(.policyFile(path: "/etc/forecastly/policy.json"), source: nil)))
            #expect(backend.requestCount == 0)
        }
    }

    /// The real IP backend against a stub that counts requests.
    @Test(arguments: states)
    func noIPRequestLeavesUnlessAuthorized(decision: UserDecision?) async throws {
        try await StubHTTPServer.with(always: .file(Fixtures.url("ipgeo/ipwho_is-8.8.8.8-geoip-comparison.json"))) { server in
            try await withTransport(userAgent: "forecastly-tests") { transport in
                let ip = try IPGeolocationProvider(url: URL(string: server.baseURL)!, transport: transport)
                let provider = AuthorizedLocationProvider(ip, authorization: await authorization(decision))
                _ = try? await provider.currentLocation(timeout: .seconds(5))
                for await _ in provider.updates() {}
                let authorized = if case .authorized? = decision { true } else { false }
                #expect(server.requestCount == (authorized ? 2 : 0))
            }
        }
    }

    @Test func policyCanForbidIPOnly() async throws {
        let policy = LocationPolicy(path: "/p.json", locationEnabled: true, forbiddenSources: [.ip])
        let (authorization, _) = await LocationAuthorization.load(store: InMemoryAuthorizationStore(decision: .authorized(.full)), policy: policy)
        let ip = SimulatedLocationProvider.fixed(Self.berlin, kind: .ip)
        let gps = SimulatedLocationProvider.fixed(Self.berlin, kind: .gpsd)
        await #expect(throws: LocationError.restricted(.policyFile(path: "/p.json"), source: .ip)) {
            try await AuthorizedLocationProvider(ip, authorization: authorization).currentLocation(timeout: .seconds(1))
        }
        #expect(ip.requestCount == 0)
        #expect(try await AuthorizedLocationProvider(gps, authorization: authorization).currentLocation(timeout: .seconds(1)).source == .gpsd)
    }

    @Test func reducedGrantSaysAccuracyIsLimitedAndRoundsFixes() async throws {
        let provider = AuthorizedLocationProvider(SimulatedLocationProvider.fixed(Self.berlin), authorization: await authorization(.authorized(.reduced)))
        var seen: [LocationUpdate] = []
        for await update in provider.updates() { seen.append(update) }
        #expect(seen.first == .diagnostic(.accuracyLimited))
        guard case .fix(let fix)? = seen.last else { Issue.record("\(seen)"); return }
        #expect(fix.coordinate == (try Coordinate(latitude: 52.52, longitude: 13.4)))
    }

    @Test func updatesReportWhyThereIsNoFix() async throws {
        let provider = AuthorizedLocationProvider(SimulatedLocationProvider.fixed(Self.berlin), authorization: await authorization(.denied))
        var seen: [LocationUpdate] = []
        for await update in provider.updates() { seen.append(update) }
        #expect(seen == [.diagnostic(.authorizationDenied), .diagnostic(.failed(.denied))])
    }
}

@Suite struct AutomaticLocationProviderTests {
    static let berlin = AuthorizedLocationProviderTests.berlin

    @Test func fallsBackFromGpsdToIPToTheStoredPlace() async throws {
        let gpsd = SimulatedLocationProvider(kind: .gpsd, script: [.fail(.gpsdNotRunning(address: "localhost:2947"))])
        let ip = SimulatedLocationProvider(kind: .ip, script: [.fail(.rateLimited(service: "ipwho.is", retryAfterSeconds: 60))])
        let manual = ManualLocationProvider(place: StoredPlace(coordinate: Self.berlin, name: "Home"))
        let fix = try await AutomaticLocationProvider([gpsd, ip, manual]).currentLocation(timeout: .seconds(1))
        #expect(fix.source == .manual)
        #expect(fix.city == "Home")
        #expect(gpsd.requestCount == 1 && ip.requestCount == 1)
    }

    @Test func firstAnswerWins() async throws {
        let gpsd = SimulatedLocationProvider.fixed(Self.berlin, kind: .gpsd)
        let ip = SimulatedLocationProvider.fixed(Self.berlin, kind: .ip)
        #expect(try await AutomaticLocationProvider([gpsd, ip]).currentLocation(timeout: .seconds(1)).source == .gpsd)
        #expect(ip.requestCount == 0)
    }

    @Test func everyReasonIsKept() async {
        let gpsd = SimulatedLocationProvider(kind: .gpsd, script: [.fail(.gpsdNotRunning(address: "localhost:2947"))])
        let manual = ManualLocationProvider(place: nil)
        await #expect(throws: LocationError.allSourcesFailed([.gpsdNotRunning(address: "localhost:2947"), .noStoredPlace])) {
            try await AutomaticLocationProvider([gpsd, manual]).currentLocation(timeout: .seconds(1))
        }
    }

    /// Watching: the first source that delivers keeps the stream, so every
    /// later gpsd fix (the user moving) comes through.
    @Test func updatesFollowTheFirstSourceThatDelivers() async throws {
        let moved = try Coordinate(latitude: 52.60, longitude: 13.41)
        let gpsd = SimulatedLocationProvider(kind: .gpsd, script: [.fix(Self.berlin, accuracy: 5), .fix(moved, accuracy: 5)])
        let ip = SimulatedLocationProvider.fixed(Self.berlin, kind: .ip)
        var fixes: [Coordinate] = []
        for await update in AutomaticLocationProvider([gpsd, ip]).updates() {
            if case .fix(let fix) = update { fixes.append(fix.coordinate) }
        }
        #expect(fixes == [Self.berlin, moved])
        #expect(ip.requestCount == 0)

        let failing = SimulatedLocationProvider(kind: .gpsd, script: [.fail(.gpsdNotRunning(address: "localhost:2947"))])
        var sources: [LocationSourceKind] = []
        var ended: LocationError?
        for await update in AutomaticLocationProvider([failing, ip]).updates() {
            if case .fix(let fix) = update { sources.append(fix.source) }
            if case .diagnostic(.failed(let error)) = update { ended = error }
        }
        #expect(sources == [.ip])
        #expect(ended == nil)

        var reasons: LocationError?
        for await update in AutomaticLocationProvider([failing, ManualLocationProvider(place: nil)]).updates() {
            if case .diagnostic(.failed(let error)) = update { reasons = error }
        }
        #expect(reasons == .allSourcesFailed([.gpsdNotRunning(address: "localhost:2947"), .noStoredPlace]))
    }

    /// A source that never fixes and never fails while watching (gpsd that
    /// is not running, retried for ever) hands over after the first-fix
    /// timeout: a status bar is not kept waiting for ever. (Never handing
    /// over would hang the test: the time limit makes that a failure, without
    /// timing a run on a busy machine.)
    @Test(.timeLimit(.minutes(1))) func watchingMovesOnFromASourceThatNeverFixes() async throws {
        let silent = SimulatedLocationProvider(kind: .gpsd, script: [.searching(visible: 3, used: 0), .wait(.seconds(600))])
        let ip = SimulatedLocationProvider.fixed(Self.berlin, kind: .ip)
        var sources: [LocationSourceKind] = []
        for await update in AutomaticLocationProvider([silent, ip], firstFixTimeout: .milliseconds(300)).updates() {
            if case .fix(let fix) = update { sources.append(fix.source) }
        }
        #expect(sources == [.ip])

        var ended: LocationError?
        for await update in AutomaticLocationProvider([silent], firstFixTimeout: .milliseconds(300)).updates() {
            if case .diagnostic(.failed(let error)) = update { ended = error }
        }
        #expect(ended == .noFix(timeoutSeconds: 0.3, satellitesSeen: nil, satellitesUsed: nil))
    }

    /// Each source that failed before a later one answered is told to the
    /// caller (`--verbose` logs it), once, whether locating once or watching.
    @Test func everySourceThatFailedIsTold() async throws {
        let failing = SimulatedLocationProvider(kind: .gpsd, script: [.fail(.gpsdNotRunning(address: "localhost:2947"))])
        let ip = SimulatedLocationProvider.fixed(Self.berlin, kind: .ip)
        let told = Mutex<[String]>([])
        let chain = AutomaticLocationProvider([failing, ip]) { source, error in told.withLock { $0.append("\(source.rawValue): \(error)") } }
        #expect(try await chain.currentLocation(timeout: .seconds(1)).source == .ip)
        for await _ in chain.updates() {}
        #expect(told.withLock { $0 } == Array(repeating: "gpsd: \(LocationError.gpsdNotRunning(address: "localhost:2947"))", count: 2))
    }

    /// The chain carries out the plan: a refusal ends it before any source
    /// is asked, even the stored place after them.
    @Test func aPlanThatRefusesEndsTheChain() async throws {
        let ip = SimulatedLocationProvider.fixed(Self.berlin, kind: .ip)
        let manual = ManualLocationProvider(place: StoredPlace(coordinate: Self.berlin, name: nil))
        let (authorization, _) = await LocationAuthorization.load(store: InMemoryAuthorizationStore(decision: .denied), policy: .unrestricted)
        let chain = AutomaticLocationProvider([ip, manual], permission: Permission(authorization: authorization))
        await #expect(throws: LocationError.denied) { try await chain.currentLocation(timeout: .seconds(1)) }
        #expect(ip.requestCount == 0)
    }

    /// A source the policy forbids is skipped, with the policy as its reason; the next is asked.
    @Test func aSourceThePlanLeavesOutIsSkipped() async throws {
        let gpsd = SimulatedLocationProvider.fixed(Self.berlin, kind: .gpsd)
        let ip = SimulatedLocationProvider.fixed(Self.berlin, kind: .ip)
        let noGPS = LocationPolicy(path: "/etc/forecastly/policy.json", locationEnabled: true, forbiddenSources: [.gpsd])
        let (authorization, _) = await LocationAuthorization.load(store: InMemoryAuthorizationStore(decision: .authorized(.full)), policy: noGPS)
        let chain = AutomaticLocationProvider([gpsd, ip], permission: Permission(authorization: authorization))
        #expect(try await chain.currentLocation(timeout: .seconds(1)).source == .ip)
        #expect(gpsd.requestCount == 0)
    }

    /// GeoClue says the desktop's switch is off: the guard hands that to the
    /// state machine as an event, and the next plan ends the chain (no IP
    /// lookup after the desktop said no), in one run and while watching.
    @Test func aRestrictionABackendMeetsEndsTheChainThroughThePlan() async throws {
        let geoclue = SimulatedLocationProvider(kind: .geoclue, script: [.fail(.restricted(.desktopSwitchOff, source: .geoclue))])
        let ip = SimulatedLocationProvider.fixed(Self.berlin, kind: .ip)
        let (authorization, _) = await LocationAuthorization.load(store: InMemoryAuthorizationStore(decision: .authorized(.full)), policy: .unrestricted)
        let permission = Permission(authorization: authorization)
        let chain = AutomaticLocationProvider([AuthorizedLocationProvider(geoclue, permission: permission),
                                               AuthorizedLocationProvider(ip, permission: permission)], permission: permission)
        await #expect(throws: LocationError.restricted(.desktopSwitchOff, source: nil)) { try await chain.currentLocation(timeout: .seconds(1)) }
        #expect(ip.requestCount == 0)
        guard case .restricted(_, .desktopSwitchOff) = await authorization.state else { Issue.record("\(await authorization.state)"); return }
        var ended: LocationError?
        for await update in chain.updates() {
            if case .diagnostic(.failed(let error)) = update { ended = error }
        }
        #expect(ended == .restricted(.desktopSwitchOff, source: nil))
        #expect(ip.requestCount == 0)
    }
}

@Suite struct SimulatedLocationProviderTests {
    @Test func timeoutReportsSatellitesSeen() async {
        let provider = SimulatedLocationProvider(script: [.searching(visible: 9, used: 2), .wait(.milliseconds(50)), .fix(AuthorizedLocationProviderTests.berlin, accuracy: 4)])
        await #expect(throws: LocationError.noFix(timeoutSeconds: 0.01, satellitesSeen: 9, satellitesUsed: 2)) {
            try await provider.currentLocation(timeout: .milliseconds(10))
        }
    }

    @Test func updatesPlayTheScriptInOrder() async {
        let berlin = AuthorizedLocationProviderTests.berlin
        let provider = SimulatedLocationProvider(script: [.searching(visible: 5, used: 0), .unavailable("no fix yet"), .fix(berlin, accuracy: 12)])
        var seen: [LocationUpdate] = []
        for await update in provider.updates() { seen.append(update) }
        #expect(seen.count == 3)
        #expect(seen[0] == .diagnostic(.searching(satellitesVisible: 5, satellitesUsed: 0)))
        guard case .fix(let fix) = seen[2] else { Issue.record("no fix"); return }
        #expect(fix.gps?.satellitesVisible == 5)
        #expect(fix.accuracyMeters == 12)
    }
}
