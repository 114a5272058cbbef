import ForecastCore
import LocationProvider

/// Drives the presentation model for one forecast, with a spinner on an
/// interactive stderr while it locates and loads.
struct ForecastLoader {
    let showsProgress: Bool
    private let spinner: Spinner?

    init(showsProgress: Bool) {
        self.showsProgress = showsProgress
        spinner = showsProgress ? Spinner() : nil
    }

    /// For gpsd's progress while waiting for a fix.
    var satelliteReporter: @Sendable (Int, Int) -> Void {
        { [spinner] visible, used in
            spinner?.show("Waiting for a GPS fix from gpsd… \(visible) satellites seen, \(used) used")
        }
    }

    func load(_ request: ForecastRequest, service: any ForecastService) async throws -> Forecast {
        try await drive(ForecastViewModel(service: service), provider: service.provider) { model in await model.load(request) }
    }

    func locateAndLoad(
        authorization: LocationAuthorization, provider: any LocationProvider, service: any ForecastService,
        timeout: Duration, days: Int, units: UnitSystem
    ) async throws -> Forecast {
        try await drive(ForecastViewModel(service: service), provider: service.provider) { model in
            await model.run(authorization: authorization, provider: provider, locateTimeout: timeout, days: days, units: units)
        }
    }

    private func drive(
        _ model: ForecastViewModel, provider: WeatherProvider, _ work: (ForecastViewModel) async -> ForecastViewState
    ) async throws -> Forecast {
        // Subscribe before work starts, so no state is missed.
        let states = await model.states()
        let watcher = Task { [spinner] in
            for await state in states {
                Diagnostics.logger.debug("forecast state: \(state.logName)")
                if let label = state.progressLabel(provider: provider) { spinner?.show(label) } else { await spinner?.stop() }
            }
        }
        let final = await work(model)
        await model.finish()
        await watcher.value
        await spinner?.stop()
        switch final {
        case .loaded(let forecast): return forecast
        case .failed(let error): throw error
        case .locationFailed(let error): throw error
        case .idle, .waitingForAuthorization, .locating, .loading:
            throw ForecastError.invalidInput("The forecast did not finish loading.") // unreachable by the model's contract
        }
    }
}

extension ForecastViewState {
    func progressLabel(provider: WeatherProvider) -> String? {
        switch self {
        case .waitingForAuthorization: "Waiting for location permission…"
        case .locating(.gpsd): "Waiting for a GPS fix from gpsd…"
        case .locating(.ip): "Looking up your approximate location…"
        case .locating: "Reading your stored place…"
        case .loading: "Fetching the forecast from \(provider.name)…"
        case .idle, .loaded, .failed, .locationFailed: nil
        }
    }

    var logName: String {
        switch self {
        case .idle: "idle"
        case .waitingForAuthorization: "waiting for location permission"
        case .locating(let source): "locating with \(source.rawValue)"
        case .loading(let request): "loading \(request.days) days, \(request.units.rawValue)"
        case .loaded(let forecast): "loaded \(forecast.hourly.count) hours, \(forecast.daily.count) days, zone \(forecast.timeZone.identifier)"
        case .failed(let error): "failed: \(error.summary)"
        case .locationFailed(let error): "failed to locate: \(error.summary)"
        }
    }
}
