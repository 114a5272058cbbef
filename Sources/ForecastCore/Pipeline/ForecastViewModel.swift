import ForecastlyBase
public import LocationProvider

/// The presentation model: runs a `ForecastService` and publishes every
/// state it passes through as an `AsyncSequence`.
///
/// A front end (the CLI, a status-bar app, a test) subscribes with
/// `states()` and draws whatever arrives; it never has to reason about
/// requests in flight.
public actor ForecastViewModel {
    public private(set) var state: ForecastViewState = .idle
    private let service: any ForecastService
    private var subscribers = Broadcast<ForecastViewState>()

    public init(service: any ForecastService) {
        self.service = service
    }

    /// The current state, then every change, until the subscriber stops
    /// iterating or the model is gone.
    public func states() -> AsyncStream<ForecastViewState> {
        subscribers.subscribe(current: state) { [weak self] id in Task { await self?.unsubscribe(id) } }
    }

    /// Loads a forecast and returns the state it ends in: `.loaded` or
    /// `.failed`, never `.loading`, whatever the service does (including
    /// being cancelled).
    @discardableResult
    public func load(_ request: ForecastRequest) async -> ForecastViewState {
        guard apply(.load(request)) else { return state }
        let outcome: ForecastViewEvent
        do {
            outcome = .succeed(try await service.forecast(for: request))
        } catch {
            outcome = .fail(error)
        }
        // A reset while loading wins: the late answer is dropped.
        if state == .loading(request) { apply(outcome) }
        return state
    }

    /// The whole pipeline: waits while the user has not decided whether
    /// forecastly may locate (a prompt is up), locates, then loads the
    /// forecast. Returns `.loaded`, `.failed` or `.locationFailed`, never a
    /// state in between.
    ///
    /// The model never decides the permission: it enforces the decisions
    /// `permission` hands it, and `provider` should be an
    /// `AuthorizedLocationProvider` over the same decisions, which stops a
    /// source the moment they stop permitting it.
    @discardableResult
    public func run(
        permission: any LocatingDecisions, provider: any LocationProvider,
        locateTimeout: Duration, days: Int
    ) async -> ForecastViewState {
        var decided: LocatingDecision?
        for await decision in await permission.decisions(for: [provider.kind]) {
            guard decision == .mustAsk else { decided = decision; break }
            if state != .waitingForAuthorization, !apply(.awaitAuthorization) { return state }
        }
        do throws(LocationError) {
            _ = try (decided ?? .mustAsk).grant()
        } catch {
            if state == .waitingForAuthorization || apply(.locate(provider.kind)) { apply(.failToLocate(error)) }
            return state
        }
        guard apply(.locate(provider.kind)) else { return state }
        let fix: LocationFix
        do {
            fix = try await provider.currentLocation(timeout: locateTimeout)
        } catch {
            apply(.failToLocate(error))
            return state
        }
        let request: ForecastRequest
        do {
            request = try ForecastRequest(coordinate: fix.coordinate, days: days)
        } catch {
            apply(.fail(error))
            return state
        }
        guard apply(.load(request)) else { return state }
        do {
            var forecast = try await service.forecast(for: request)
            forecast.fix = fix
            if state == .loading(request) { apply(.succeed(forecast)) }
        } catch {
            if state == .loading(request) { apply(.fail(error)) }
        }
        return state
    }

    /// Back to `.idle`, dropping any forecast or error.
    public func reset() {
        apply(.reset)
    }

    /// Ends every subscriber's sequence.
    public func finish() { subscribers.finish() }

    @discardableResult
    private func apply(_ event: ForecastViewEvent) -> Bool {
        guard let next = try? state.applying(event) else { return false }
        state = next
        subscribers.send(next)
        return true
    }

    private func unsubscribe(_ id: Int) { subscribers.remove(id) }
}
