public import ForecastlyBase
import ForecastCore
public import ForecastlyApp
import ForecastlySimulation
public import Foundation
public import LocationProvider
import Synchronization

/// forecastly's application for a test: the permission in memory, a
/// simulated location source, the weather from a `WeatherStub`, the store
/// in memory, and nothing else reachable. Drive it as the CLI does
/// (`forecast`, `watch`, `locate`) and look at what it returns.
public enum TestApplication {
    /// - Parameters:
    ///   - decision: what the user decided.
    ///   - policyDisabled: the administrator turned locating off.
    ///   - location: the only source there is, whatever `--source` asks for.
    ///   - storedPlace: the place stored with `location set`, if any (kept
    ///     in a temporary file).
    ///   - weather: the weather service.
    ///   - asker: who answers the prompt (nobody, by default).
    ///   - clock: what a watch waits on.
    ///   - now: the wall-clock time.
    ///   - records: where the decision and the policy are kept, instead of
    ///     memory holding `decision` and `policyDisabled` (the files of a
    ///     home directory that `forecastly location …` also changes).
    public static func make(
        decision: UserDecision = .notDetermined, policyDisabled: Bool = false, records: (any PermissionRecords)? = nil,
        location: any LocationProvider,
        storedPlace: StoredPlace? = nil,
        weather: WeatherStub = WeatherStub(), asker: any PermissionAsker = NoPermissionAsker(),
        clock: any Clock<Duration> = ContinuousClock(), now: @escaping @Sendable () -> Date = Date.init
    ) -> Application {
        var environment = ProcessInfo.processInfo.environment
        // Every service variable names the stub; the places are the machine's own index.
        for variable in ["FORECASTLY_OPEN_METEO_URL", "FORECASTLY_MET_NORWAY_URL", "FORECASTLY_AIR_QUALITY_URL", "FORECASTLY_NWS_URL",
                         "FORECASTLY_METEOALARM_URL", "FORECASTLY_GEOCODING_URL", "FORECASTLY_IPGEO_URL"] {
            environment[variable] = "http://127.0.0.1:9"
        }
        return Application(context: AppContext(
            environment: environment, transport: weather, store: .inMemory(), places: PlaceBook(environment: environment),
            clock: clock, now: now, backends: SimulatedBackends(source: location, placeStore: placeStore(storedPlace)),
            records: records ?? InMemoryPermissionRecords(decision: decision, policyDisabled: policyDisabled), asker: asker))
    }
}

/// A place store holding `place`, in a file of its own; none when nil.
private func placeStore(_ place: StoredPlace?) -> PlaceStore {
    guard let place else { return PlaceStore(path: "/nonexistent/forecastly-test/place.json") }
    let store = PlaceStore(path: FileManager.default.temporaryDirectory.appendingPathComponent("forecastly-place-\(UUID().uuidString).json").path)
    try? store.save(place)
    return store
}

/// Answers the prompt as a test says, and counts how often it was asked.
public final class ScriptedAnswer: PermissionAsker {
    public let outcome: PermissionPromptOutcome
    private let count = Counter()

    public init(_ outcome: PermissionPromptOutcome) { self.outcome = outcome }

    /// How many times the user was asked.
    public var asked: Int { count.value }

    public func ask(services: MessageText) async -> PermissionPromptOutcome {
        count.increment()
        return outcome
    }
}

private final class Counter: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func increment() { count.withLock { $0 += 1 } }
}
