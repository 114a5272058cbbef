@testable import ForecastCore
import ForecastlyApp
import ForecastlyTesting
import ForecastlySimulation
import ForecastSamples
import LocationProvider
import Testing

/// Every (state, event) pair of the presentation model's transition table.
@Suite struct ForecastViewStateTests {
    static let forecast = Sample.zagrebForecast
    static let error = ForecastError.emptyData(service: .openMeteo)
    static let locationError = LocationError.denied

    static let states: [ForecastViewState] = [
        .idle, .waitingForAuthorization, .locating(.gpsd), .loading(Sample.request), .loaded(forecast), .failed(error),
        .locationFailed(locationError),
    ]
    static let events: [ForecastViewEvent] = [
        .awaitAuthorization, .locate(.gpsd), .load(Sample.request), .succeed(forecast), .fail(error),
        .failToLocate(locationError), .reset,
    ]

    /// The expected table, written out independently of the implementation.
    static func expected(_ state: ForecastViewState, _ event: ForecastViewEvent) -> ForecastViewState? {
        let settled = state == .idle || state == .loaded(forecast) || state == .failed(error) || state == .locationFailed(locationError)
        switch event {
        case .reset: return .idle
        case .awaitAuthorization: return settled ? .waitingForAuthorization : nil
        case .locate: return settled || state == .waitingForAuthorization ? .locating(.gpsd) : nil
        case .load: return settled || state == .locating(.gpsd) ? .loading(Sample.request) : nil
        case .succeed: return state == .loading(Sample.request) ? .loaded(forecast) : nil
        case .fail:
            return [.waitingForAuthorization, .locating(.gpsd), .loading(Sample.request)].contains(state) ? .failed(error) : nil
        case .failToLocate:
            // Only while waiting for permission or locating: a failure to
            // locate cannot end a load.
            return [.waitingForAuthorization, .locating(.gpsd)].contains(state) ? .locationFailed(locationError) : nil
        }
    }

    @Test(arguments: states, events)
    func transition(from state: ForecastViewState, on event: ForecastViewEvent) throws {
        let result = Result { () throws(InvalidForecastTransition) in try state.applying(event) }
        if let next = Self.expected(state, event) {
            #expect(try result.get() == next)
        } else {
            #expect(throws: InvalidForecastTransition(state: state, event: event)) { try result.get() }
        }
    }

    @Test func failureHoldsNoForecast() throws {
        let loaded = try ForecastViewState.loading(Sample.request).applying(.succeed(Self.forecast))
        let reloading = try loaded.applying(.load(Sample.request))
        let failed = try reloading.applying(.fail(Self.error))
        #expect(failed == .failed(Self.error)) // the earlier forecast is gone, not carried along
    }
}

@Suite struct ForecastViewModelTests {
    @Test func successPublishesIdleLoadingLoaded() async {
        let forecast = Sample.zagrebForecast
        let model = ForecastViewModel(service: ScriptedForecastService { _ in forecast })
        let states = await model.states()
        let final = await model.load(Sample.request)
        await model.finish()
        var seen: [ForecastViewState] = []
        for await state in states { seen.append(state) }
        #expect(seen == [.idle, .loading(Sample.request), .loaded(forecast)])
        #expect(final == .loaded(forecast))
    }

    @Test(arguments: [
        ForecastError.transport(.connectionRefused(host: "127.0.0.1", port: 1), service: .openMeteo),
        .httpStatus(429, reason: "Too many concurrent requests", service: .openMeteo),
        .undecodable(field: "hourly.time", detail: "missing", service: .openMeteo),
        .transport(.cancelled, service: .openMeteo),
    ])
    func loadingAlwaysEndsOnFailure(error: ForecastError) async {
        let model = ForecastViewModel(service: ScriptedForecastService { _ throws(ForecastError) in throw error })
        let states = await model.states()
        let final = await model.load(Sample.request)
        await model.finish()
        var seen: [ForecastViewState] = []
        for await state in states { seen.append(state) }
        #expect(seen == [.idle, .loading(Sample.request), .failed(error)])
        #expect(final == .failed(error))
        #expect(await model.state == .failed(error))
    }

    @Test func refreshAfterFailureDropsTheOldError() async {
        let model = ForecastViewModel(service: ScriptedForecastService { _ throws(ForecastError) in throw .emptyData(service: .openMeteo) })
        await model.load(Sample.request)
        let forecast = Sample.zagrebForecast
        let recovered = ForecastViewModel(service: ScriptedForecastService { _ in forecast })
        #expect(await recovered.load(Sample.request) == .loaded(forecast))
        #expect(await model.state == .failed(.emptyData(service: .openMeteo)))
    }

    /// A model whose service answers only when `release()` is called, and a
    /// load already under way (the model has published `.loading`).
    struct LoadInFlight {
        let model: ForecastViewModel
        let load: Task<ForecastViewState, Never>
        let release: @Sendable () -> Void

        static func start() async -> LoadInFlight {
            let gate = AsyncStream<Void>.makeStream()
            let forecast = Sample.zagrebForecast
            let model = ForecastViewModel(service: ScriptedForecastService { _ in
                for await _ in gate.stream { break }
                return forecast
            })
            var states = await model.states().makeAsyncIterator()
            let load = Task { await model.load(Sample.request) }
            #expect(await states.next() == .idle)
            #expect(await states.next() == .loading(Sample.request))
            return LoadInFlight(model: model, load: load, release: { gate.continuation.yield() })
        }
    }

    @Test func resetWhileLoadingDiscardsTheLateAnswer() async {
        let inFlight = await LoadInFlight.start()
        await inFlight.model.reset()
        inFlight.release()
        #expect(await inFlight.load.value == .idle)
        #expect(await inFlight.model.state == .idle)
    }

    @Test func secondLoadWhileLoadingIsRejected() async {
        let inFlight = await LoadInFlight.start()
        #expect(await inFlight.model.load(Sample.request) == .loading(Sample.request))
        inFlight.release()
        #expect(await inFlight.load.value == .loaded(Sample.zagrebForecast))
    }
}
