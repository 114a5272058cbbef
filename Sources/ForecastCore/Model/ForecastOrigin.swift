public import Foundation

/// How the cache answers a forecast request.
public enum CachePolicy: Sendable, Equatable {
    /// A stored forecast younger than `maxAge` answers without any request;
    /// otherwise fetch, and fall back to the stored one when the network fails.
    case preferStored(maxAge: TimeInterval)
    /// Always fetch (`--refresh`); still fall back when the network fails.
    case refresh

    public static let defaultMaxAge: TimeInterval = 15 * 60
}

/// Where the forecast that was shown came from.
public enum ForecastOrigin: Sendable, Equatable {
    case network
    /// Younger than the freshness window: no request was made.
    case stored(fetchedAt: Date)
    /// The provider said not to ask again before `until` (MET Norway's
    /// `Expires`): no request was made, not even for `--refresh`.
    case held(fetchedAt: Date, until: Date)
    /// The network failed; this is the last stored forecast for the place.
    case stale(fetchedAt: Date, error: ForecastError)
    /// `--offline`: the stored forecast was asked for.
    case offline(fetchedAt: Date)
}

extension ForecastOrigin {
    /// "network", "stored", "held", "stale" or "offline" (the JSON `cache.origin`).
    public var name: String {
        switch self {
        case .network: "network"
        case .stored: "stored"
        case .held: "held"
        case .stale: "stale"
        case .offline: "offline"
        }
    }

    public var fetchedAt: Date? {
        switch self {
        case .network: nil
        case .stored(let date), .held(let date, _), .stale(let date, _), .offline(let date): date
        }
    }
}
