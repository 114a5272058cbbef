import ForecastCore
import ForecastlyBase
import ForecastStore
import Foundation
import LocationProvider
import Places

/// Finds the place for a run: typed coordinates, then a city from the
/// offline index, then a city from the online geocoder, then the user's
/// location once the permission allows it.
struct PlaceFinder {
    let application: Application
    let choice: PlaceChoice
    let log: NoteLog

    /// The place a forecast is for.
    enum Found {
        /// Known before the forecast: typed coordinates or a city.
        case place(Place)
        /// The user, located through the permitted source.
        case user(LocationSource)
    }

    /// The place when it is known without the network: typed coordinates, or
    /// a city the offline index knows (noting which one an ambiguous name
    /// meant). Nil for everything else.
    func offline() -> Place? {
        switch choice {
        case .typed(let coordinate):
            return Place(coordinate: coordinate)
        case .city(let city):
            guard let resolution = application.context.places.resolveOffline(city) else { return nil }
            note(resolution)
            return Place(resolution)
        case .configured(let city, _):
            return application.context.places.resolveOffline(city).map(Place.init)
        case .located:
            return nil
        }
    }

    /// Offline, a typed city `offline()` did not find but the index would
    /// suggest names for ("Kyyv"): said as a run with the network says it
    /// ("Did you mean Kyiv, UA?"), not as "nothing is stored for Kyyv". Nil
    /// when it suggests nothing, as the name may be a place only the online
    /// lookup knows.
    func misspelledOffline() -> PlaceResolutionError? {
        guard case .city(let city) = choice else { return nil }
        let suggestions = application.context.places.suggestionsOffline(city)
        guard !suggestions.isEmpty else { return nil }
        return .notFound(query: city.description, suggestions: suggestions, onlineFailure: nil)
    }

    /// The place, with the network when it needs it. `offline` is what
    /// `offline()` found, so a name is looked up and noted only once.
    func find(
        offline: Place?, services: Services, waitingIsFine: Bool = false, progress: @escaping ProgressReporter
    ) async throws -> Found {
        if let offline { return .place(offline) }
        switch choice {
        case .typed(let coordinate):
            return .place(Place(coordinate: coordinate))
        case .city(let city):
            let resolution = try await services.placeResolver().resolve(city)
            note(resolution)
            return .place(Place(resolution))
        case .configured(let city, let setting):
            let resolver = try services.placeResolver()
            do throws(PlaceResolutionError) {
                return .place(Place(try await resolver.resolve(city)))
            } catch {
                throw ConfiguredPlaceNotFound(error, setting: setting)
            }
        case .located(let settings):
            let (permission, warnings) = await application.permission()
            log.add(contentsOf: warnings)
            return .user(try await application.locationSource(settings, permission: permission, waitingIsFine: waitingIsFine, progress: progress))
        }
    }

    /// Which place an ambiguous name was taken to mean, once: a name that
    /// meant the same place in the last month has been told already (the
    /// store keeps what was said beside its forecasts).
    private func note(_ resolution: PlaceResolution) {
        guard let note = resolution.ambiguityMessage else { return }
        let store = application.context.store.cache(log)
        let now = application.context.now()
        let key = resolution.query.description.lowercased()
        if let told = try? store?.extra(Self.noteKind, key: key, as: Int.self), told.value == resolution.place.id, told.isFresh(at: now) {
            return
        }
        log.add(.note(note))
        try? store?.save(resolution.place.id, kind: Self.noteKind, key: key, fetchedAt: now, validUntil: now.addingTimeInterval(30 * 86_400))
    }

    private static let noteKind = "placeNote"
}


extension PlaceFinder {
    /// The place for a command that needs only where (`alerts`, `sky`): the
    /// one named, or the user located once, under the permission.
    func place(services: Services, progress: @escaping ProgressReporter) async throws -> Place {
        switch try await find(offline: offline(), services: services, progress: progress) {
        case .place(let known):
            return known
        case .user(let source):
            progress(.locating(source.provider.kind))
            let fix = try await source.provider.currentLocation(timeout: source.timeout)
            return Place(coordinate: fix.coordinate, name: fix.placeName)
        }
    }
}
