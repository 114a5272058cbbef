public import ForecastlyBase
public import Places

/// What the user asked a forecast for, as given: nothing is looked up yet.
public enum PlaceChoice: Sendable, Hashable {
    /// Coordinates the user typed.
    case typed(Coordinate)
    /// A city by name (`--city` or PLACE).
    case city(PlaceQuery)
    /// A city named by `place` in config.toml (`setting` says the file and
    /// line): chosen already, so never noted as ambiguous, and a name
    /// nothing knows is the file's mistake.
    case configured(PlaceQuery, setting: String)
    /// Wherever the user is, found as `LocatingSettings` says, once the
    /// permission allows it.
    case located(LocatingSettings)

    /// The city's name, given on the command line or in config.toml.
    public var cityQuery: PlaceQuery? {
        switch self {
        case .city(let query), .configured(let query, _): query
        case .typed, .located: nil
        }
    }
}

/// How to locate when no place is given: `--source`, `--gpsd` and `--gps-timeout`.
public struct LocatingSettings: Sendable, Hashable {
    public var source: LocationSourceChoice
    /// The gpsd to ask, when not the environment's or the default.
    public var gpsd: String?
    /// How long to wait for a location (a GPS fix, GeoClue, the IP lookup).
    public var timeout: Duration

    public init(source: LocationSourceChoice = .auto, gpsd: String? = nil, timeout: Duration = .seconds(10)) {
        self.source = source
        self.gpsd = gpsd
        self.timeout = timeout
    }
}

/// The sources `--source` names.
public enum LocationSourceChoice: String, Sendable, Hashable, CaseIterable {
    /// gpsd, then GeoClue, then IP, then the stored place.
    case auto, gpsd, geoclue, ip
    /// The place stored with `location set`.
    case manual

    /// The backends, in the order they are asked.
    public var kinds: [LocationSourceKind] {
        switch self {
        case .auto: [.gpsd, .geoclue, .ip, .manual]
        case .gpsd: [.gpsd]
        case .geoclue: [.geoclue]
        case .ip: [.ip]
        case .manual: [.manual]
        }
    }
}
