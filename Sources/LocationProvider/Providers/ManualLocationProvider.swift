public import ForecastlyBase
public import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A place the user stored with `forecastly location set`.
public struct StoredPlace: Sendable, Hashable, Codable {
    public var latitude: Double
    public var longitude: Double
    public var name: String?

    public init(coordinate: Coordinate, name: String?) {
        latitude = coordinate.latitude
        longitude = coordinate.longitude
        self.name = name
    }

    public var coordinate: Coordinate? { try? Coordinate(latitude: latitude, longitude: longitude) }
}

/// `$XDG_CONFIG_HOME/forecastly/place.json`, written atomically (0600).
public struct PlaceStore: Sendable {
    public let path: String

    public init(path: String) { self.path = path }
    public init(directories: XDGDirectories) { self.init(path: directories.config + "/place.json") }

    /// The stored place; a damaged file is reported with its path, not guessed at.
    public func load() -> Result<StoredPlace?, LocationError> {
        guard let data = FileManager.default.contents(atPath: path) else { return .success(nil) }
        guard let place = try? JSONDecoder().decode(StoredPlace.self, from: data), place.coordinate != nil else {
            return .failure(.storedPlaceUnreadable(path: path))
        }
        return .success(place)
    }

    public func save(_ place: StoredPlace) throws(AuthorizationStoreError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            try AtomicFile.write(Array((try? encoder.encode(place)) ?? Data()) + [0x0A], to: path)
        } catch {
            throw AuthorizationStoreError(path: error.path, reason: error.reason, what: .storedPlace, code: error.code)
        }
    }

    /// Removes the stored place, readable or damaged; false when none was stored.
    public func remove() throws(AuthorizationStoreError) -> Bool {
        guard unlink(path) != 0 else { return true }
        let code = errno
        guard code != ENOENT else { return false }
        throw AuthorizationStoreError(path: path, reason: String(cString: strerror(code)).lowercased(), what: .storedPlaceRemoval, code: code)
    }
}

/// The stored default place. Always allowed: the user typed it.
public struct ManualLocationProvider: LocationProvider {
    public let place: StoredPlace?
    private let clock: @Sendable () -> Date

    public init(place: StoredPlace?, clock: @escaping @Sendable () -> Date = Date.init) {
        self.place = place
        self.clock = clock
    }

    public var kind: LocationSourceKind { .manual }

    public func currentLocation(timeout: Duration) async throws(LocationError) -> LocationFix {
        guard let place, let coordinate = place.coordinate else { throw .noStoredPlace }
        return LocationFix(coordinate: coordinate, accuracyMeters: nil, source: .manual, timestamp: clock(), city: place.name)
    }

    public func updates() -> AsyncStream<LocationUpdate> {
        AsyncStream { continuation in
            if let place, let coordinate = place.coordinate {
                continuation.yield(.fix(LocationFix(coordinate: coordinate, accuracyMeters: nil, source: .manual, timestamp: clock(), city: place.name)))
            } else {
                continuation.yield(.diagnostic(.failed(.noStoredPlace)))
            }
            continuation.finish()
        }
    }
}
