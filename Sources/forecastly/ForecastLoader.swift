import ForecastCore

/// Drives the presentation model for one forecast, with a spinner on an
/// interactive stderr while it loads.
struct ForecastLoader {
    let service: any ForecastService
    let showsProgress: Bool

    func load(_ request: ForecastRequest) async throws(ForecastError) -> Forecast {
        let model = ForecastViewModel(service: service)
        let spinner = showsProgress ? Spinner(label: "Fetching the forecast from \(service.source.name)…") : nil
        // Subscribe before loading starts, so no state is missed.
        let states = await model.states()
        let watcher = Task {
            for await state in states {
                Diagnostics.logger.debug("forecast state: \(state.logName)")
                if state.isLoading { spinner?.start() } else { await spinner?.stop() }
            }
        }
        let final = await model.load(request)
        await model.finish()
        await watcher.value
        await spinner?.stop()
        switch final {
        case .loaded(let forecast): return forecast
        case .failed(let error): throw error
        case .idle, .waitingForAuthorization, .locating, .loading:
            throw .invalidInput("the forecast did not finish loading") // unreachable by the model's contract
        }
    }
}

extension ForecastViewState {
    var logName: String {
        switch self {
        case .idle: "idle"
        case .waitingForAuthorization: "waiting for location permission"
        case .locating(let source): "locating with \(source.rawValue)"
        case .loading(let request): "loading \(request.days) days, \(request.units.rawValue)"
        case .loaded(let forecast): "loaded \(forecast.hourly.count) hours, \(forecast.daily.count) days, zone \(forecast.timeZone.identifier)"
        case .failed(let error): "failed: \(error.summary)"
        }
    }
}
