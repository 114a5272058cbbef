import ForecastCore
public import ForecastlyBase
import Foundation
public import LocationProvider

/// The permission as `location status` shows it.
public struct PermissionStatus: Sendable {
    public var state: AuthorizationState
    public var policy: LocationPolicy
    public var decisionPath: String
    public var policyPath: String
    /// The place stored with `location set`, when there is one.
    public var storedPlace: StoredPlace?
    public var notes: [AppNote]
}

extension Application {
    /// Where the user is (`location show`), once the permission allows it.
    public func locate(_ settings: LocatingSettings, progress: @escaping ProgressReporter = { _ in }) async throws -> (LocationFix, notes: [AppNote]) {
        let (permission, warnings) = await self.permission()
        let log = NoteLog()
        log.add(contentsOf: warnings)
        return try await noting(log) {
            let source = try await locationSource(settings, permission: permission, progress: progress)
            progress(.locating(source.provider.kind))
            return (try await source.provider.currentLocation(timeout: source.timeout), warnings)
        }
    }

    /// The permission, the policy, where they are kept, and the stored place.
    public func permissionStatus() async -> PermissionStatus {
        let (permission, warnings) = await self.permission()
        let stored: StoredPlace? = if case .success(let place?) = context.backends.placeStore.load() { place } else { nil }
        return PermissionStatus(
            state: await permission.authorization.state, policy: await permission.authorization.policy,
            decisionPath: context.records.decisionPath, policyPath: context.records.policyPath, storedPlace: stored, notes: warnings)
    }

    /// The user's own decision (`location allow|deny|reset`), through the
    /// transition table, saved; the state it leads to.
    public func changePermission(_ event: AuthorizationEvent) async throws -> (AuthorizationState, notes: [AppNote]) {
        let (permission, warnings) = await self.permission()
        let log = NoteLog()
        log.add(contentsOf: warnings)
        return try await noting(log) { (try await permission.handle(event), warnings) }
    }

    /// Stores a default place (`location set`): typed coordinates or a city,
    /// never the user's location. Returns it and where it was kept.
    public func storePlace(_ choice: PlaceChoice, name: String?) async throws -> (place: StoredPlace, path: String, notes: [AppNote]) {
        if case .located = choice { throw ForecastError.invalidInput(MessageText("Give the place with --lat and --lon, or --city.")) }
        let log = NoteLog()
        return try await noting(log) { try await storePlace(choice, name: name, log: log) }
    }

    /// Forgets the stored place (`location unset`), even a damaged one: the
    /// place it was, when it could be read, and whether one was stored.
    public func forgetStoredPlace() throws -> (removed: Bool, place: StoredPlace?, path: String) {
        let store = context.backends.placeStore
        let place: StoredPlace? = if case .success(let place?) = store.load() { place } else { nil }
        return (try store.remove(), place, store.path)
    }

    private func storePlace(_ choice: PlaceChoice, name: String?, log: NoteLog) async throws -> (place: StoredPlace, path: String, notes: [AppNote]) {
        let finder = PlaceFinder(application: self, choice: choice, log: log)
        let found: Place
        if let offline = finder.offline() {
            found = offline
        } else if case .place(let place) = try await finder.find(offline: nil, services: services(ServiceSettings()), progress: { _ in }) {
            found = place
        } else {
            throw ForecastError.invalidInput(MessageText("Give the place with --lat and --lon, or --city."))  // a city or coordinates are found as a place
        }
        let place = StoredPlace(coordinate: found.coordinate, name: name ?? found.name)
        let store = context.backends.placeStore
        try store.save(place)
        return (place, store.path, log.all)
    }
}
