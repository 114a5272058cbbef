public import ForecastlyApp
public import LocationProvider

/// What `forecastly simulate` runs: forecastly's own application, with the
/// permission held in memory and one simulated source, over the services of
/// `base` (the real ones, for `--authorization` and `--track`).
public enum Simulation {
    /// `base`'s application whose user decided `decision` (and whose
    /// administrator turned locating off, when `policyDisabled`), located by
    /// `source` whatever `--source` asks for.
    public static func application(
        _ base: AppContext, decision: UserDecision, policyDisabled: Bool = false, source: any LocationProvider
    ) -> Application {
        var context = base
        context.records = InMemoryPermissionRecords(decision: decision, policyDisabled: policyDisabled)
        context.backends = SimulatedBackends(source: source)
        return Application(context: context)
    }
}

extension Simulation {
    /// `route` through the watch of `base`'s application, allowed in memory:
    /// a screen at the start and at every move of more than 3 km, `speed`
    /// times faster than recorded. The screens end when the route has and
    /// its last forecast is shown.
    public static func replay(
        _ route: Track, speed: Double, on base: AppContext, forecast: ForecastSettings
    ) async throws -> AsyncStream<WatchScreen> {
        let application = application(base, decision: .authorized(.full), source: SimulatedLocationProvider(track: route, speed: speed))
        return try await application.watch(forecast, watching: WatchSettings(interval: .seconds(86_400), refresh: true, endsWithLocations: true))
    }
}
