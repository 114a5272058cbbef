import ForecastCore

/// Drives the presentation model for one forecast, with a spinner on an
/// interactive stderr while it loads.
struct ForecastLoader {
    let service: any ForecastService
    let showsProgress: Bool

    func load(_ request: ForecastRequest) async throws(ForecastError) -> Forecast {
        let model = ForecastViewModel(service: service)
        let spinner = showsProgress ? Spinner(label: "Fetching the forecast from \(service.source.name)…") : nil
        let watcher = Task {
            for await state in await model.states() {
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
        case .idle, .loading: throw .invalidInput("the forecast did not finish loading") // unreachable by the model's contract
        }
    }
}
