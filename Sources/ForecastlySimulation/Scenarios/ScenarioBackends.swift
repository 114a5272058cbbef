import ForecastlyApp
import ForecastlyBase
import LocationProvider

/// A scenario's location sources: gpsd, GeoClue and the IP service, each a
/// source of its own that the timeline drives (`{"location": …, "source":
/// "ip"}`), and the stored place the story starts with.
final class ScenarioBackends: LocationBackends, Sendable {
    static let kinds: [LocationSourceKind] = [.gpsd, .geoclue, .ip]

    let sources: [LocationSourceKind: ScenarioLocationSource]
    let placeStore: PlaceStore

    init(placeStore: PlaceStore) {
        sources = Dictionary(uniqueKeysWithValues: Self.kinds.map { ($0, ScenarioLocationSource(kind: $0)) })
        self.placeStore = placeStore
    }

    subscript(kind: LocationSourceKind) -> ScenarioLocationSource { sources[kind] ?? sources[.gpsd]! }

    func backend(
        _ kind: LocationSourceKind, settings: LocatingSettings, onSatellites: @escaping @Sendable (Int, Int) -> Void
    ) throws -> any LocationProvider {
        kind == .manual ? ManualLocationProvider(place: try placeStore.load().get()) : self[kind]
    }

    func describe(_ kind: LocationSourceKind, settings: LocatingSettings) -> MessageText {
        switch kind {
        case .gpsd: .verbatim("a simulated GPS receiver")
        case .geoclue: .verbatim("a simulated GeoClue location service")
        case .ip: .verbatim("a simulated IP location service")
        case .manual: .verbatim("a simulated stored place")
        }
    }

    /// Whether any source is locating now.
    var isRunning: Bool { sources.values.contains { $0.isRunning } }
    /// Times locating started, over every source.
    var starts: Int { sources.values.reduce(0) { $0 + $1.starts } }
    /// Times each source was asked.
    var requests: [LocationSourceKind: Int] { sources.mapValues(\.starts) }
    /// The sources locating now.
    var running: [LocationSourceKind] { Self.kinds.filter { self[$0].isRunning } }
}
