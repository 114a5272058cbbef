public import ForecastlyApp
public import ForecastlyBase
public import LocationProvider

/// The location sources of a simulation: one simulated source, whatever
/// `--source` asks for, and no stored place.
public struct SimulatedBackends: LocationBackends {
    public let source: any LocationProvider

    public init(source: any LocationProvider) {
        self.source = source
    }

    public func backend(
        _ kind: LocationSourceKind, settings: LocatingSettings, onSatellites: @escaping @Sendable (Int, Int) -> Void
    ) throws -> any LocationProvider {
        kind == .manual ? ManualLocationProvider(place: nil) : source
    }

    public func describe(_ kind: LocationSourceKind, settings: LocatingSettings) -> String {
        switch source.kind {
        case .gpsd: "a simulated GPS receiver"
        case .geoclue: "a simulated GeoClue location service"
        case .ip: "a simulated IP location service"
        case .manual: "a simulated stored place"
        }
    }

    /// A place store that holds nothing: a simulated user stored no place.
    public var placeStore: PlaceStore { PlaceStore(path: "/nonexistent/forecastly-simulation/place.json") }
}
