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
