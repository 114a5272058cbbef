@testable import ForecastCore
import ForecastlyBase
import ForecastlyApp
import ForecastlyTesting
import ForecastlySimulation
import ForecastSamples
import Foundation
import LocationProvider
import Testing

/// The pipeline authorization → location → forecast with mocks for every
/// authorization state: a simulated location source and a scripted service.
@Suite struct ForecastPipelineTests {
    static let kyiv = try! Coordinate(latitude: 50.45, longitude: 30.52)

    final class CountingService: ForecastService, @unchecked Sendable {
        private let lock = NSLock()
        private var requests: [ForecastRequest] = []
        var calls: [ForecastRequest] { lock.withLock { requests } }
        var provider: WeatherProvider { .openMeteo }
        func forecast(for request: ForecastRequest) async throws(ForecastError) -> Forecast {
            lock.withLock { requests.append(request) }
            return Sample.zagrebForecast
        }
    }

    func run(decision: UserDecision, policy: LocationPolicy = .unrestricted, script: [SimulatedLocationProvider.Step]? = nil)
        async -> (states: [ForecastViewState], service: CountingService, backend: SimulatedLocationProvider) {
        let store = InMemoryAuthorizationStore(decision: decision)
        let (authorization, _) = await LocationAuthorization.load(store: store, policy: policy)
        let backend = SimulatedLocationProvider(kind: .gpsd, script: script ?? [.fix(Self.kyiv, accuracy: 6)])
        let service = CountingService()
        let model = ForecastViewModel(service: service)
        let states = await model.states()
        await model.run(authorization: authorization, provider: AuthorizedLocationProvider(backend, authorization: authorization),
                        locateTimeout: .seconds(1), days: 3)
        await model.finish()
        var seen: [ForecastViewState] = []
        for await state in states { seen.append(state) }
        return (seen, service, backend)
    }

    @Test func authorizedLocatesThenLoads() async throws {
        let (states, service, backend) = await run(decision: .authorized(.full))
        // Already decided: no prompt, so no waiting for one.
        #expect(states.count == 4)
        #expect(states.prefix(2) == [.idle, .locating(.gpsd)])
        guard case .loaded(let forecast) = states.last else { Issue.record("\(states)"); return }
        #expect(forecast.fix?.source == .gpsd)
        #expect(forecast.fix?.accuracyMeters == 6)
        #expect(service.calls.map(\.coordinate) == [Self.kyiv])
        #expect(service.calls.first?.days == 3)
        #expect(backend.requestCount == 1)
    }

    @Test(arguments: [
        (UserDecision.denied, LocationPolicy.unrestricted, LocationError.denied),
        (.authorized(.full), LocationPolicy(path: "/etc/p.json", locationEnabled: false, forbiddenSources: []),
         .restricted(.policyFile(path: "/etc/p.json"), source: nil)),
    ])
    func deniedAndRestrictedFailWithoutLocatingOrFetching(decision: UserDecision, policy: LocationPolicy, error: LocationError) async {
        let (states, service, backend) = await run(decision: decision, policy: policy)
        #expect(states.last == .locationFailed(error))
        #expect(service.calls.isEmpty)
        #expect(backend.requestCount == 0)
        #expect(error.exitStatus == .noPermission)
    }

    @Test func waitsForTheAnswerToThePrompt() async throws {
        let store = InMemoryAuthorizationStore()
        let (authorization, _) = await LocationAuthorization.load(store: store, policy: .unrestricted)
        let backend = SimulatedLocationProvider.fixed(Self.kyiv)
        let model = ForecastViewModel(service: CountingService())
        var states = await model.states().makeAsyncIterator()
        let running = Task {
            await model.run(authorization: authorization, provider: AuthorizedLocationProvider(backend, authorization: authorization),
                            locateTimeout: .seconds(1), days: 1)
        }
        #expect(await states.next() == .idle)
        #expect(await states.next() == .waitingForAuthorization)
        #expect(backend.requestCount == 0) // nothing located while the prompt is open
        try await authorization.handle(.answered(.allowOnce))
        #expect(await states.next() == .locating(.gpsd))
        guard case .loaded = await running.value else { Issue.record("not loaded"); return }
        #expect(await store.saveCount == 0) // "allow once" is not remembered
    }

    @Test func locationFailureEndsInFailed() async {
        let (states, service, _) = await run(decision: .authorized(.full), script: [.searching(visible: 4, used: 0), .wait(.seconds(5))])
        guard case .locationFailed(.noFix(_, 4, 0)) = states.last else { Issue.record("\(states)"); return }
        #expect(service.calls.isEmpty)
    }

    @Test func theUsersOwnPlaceNeedsNoPermission() async throws {
        let model = ForecastViewModel(service: CountingService())
        let place = ManualLocationProvider(place: StoredPlace(coordinate: Self.kyiv, name: "Kyiv"))
        // Undecided, and no one to ask: a stored place is decided on without asking.
        let (authorization, _) = await LocationAuthorization.load(store: InMemoryAuthorizationStore(), policy: .unrestricted)
        let final = await model.run(authorization: authorization, provider: place, locateTimeout: .seconds(1), days: 1)
        guard case .loaded(let forecast) = final else { Issue.record("\(final)"); return }
        #expect(forecast.fix?.source == .manual)
        #expect(forecast.fix?.city == "Kyiv")
    }
}
