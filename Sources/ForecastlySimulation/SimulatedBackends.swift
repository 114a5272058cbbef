public import ForecastlyApp
public import ForecastlyBase
public import LocationProvider

/// The location sources of a simulation: one simulated source, whatever
/// `--source` asks for, and the place in `placeStore` (none, by default).
public struct SimulatedBackends: LocationBackends {
    public let source: any LocationProvider
    public let placeStore: PlaceStore

    public init(source: any LocationProvider, placeStore: PlaceStore = PlaceStore(path: "/nonexistent/forecastly-simulation/place.json")) {
        self.source = source
        self.placeStore = placeStore
    }

    public func backend(
        _ kind: LocationSourceKind, settings: LocatingSettings, onSatellites: @escaping @Sendable (Int, Int) -> Void
    ) throws -> any LocationProvider {
        kind == .manual ? ManualLocationProvider(place: try placeStore.load().get()) : source
    }

    public func describe(_ kind: LocationSourceKind, settings: LocatingSettings) -> MessageText {
        switch source.kind {
        case .gpsd: .verbatim("a simulated GPS receiver")
        case .geoclue: .verbatim("a simulated GeoClue location service")
        case .ip: .verbatim("a simulated IP location service")
        case .manual: .verbatim("a simulated stored place")
        }
    }

}
