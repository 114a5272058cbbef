import Places

/// Finds the place for every command that needs one (`forecast`, `--watch`,
/// `chart`, `notes add`, `location set`): typed coordinates, then a city
/// from the offline index, then a city from the online geocoder, then the
/// user's location once the permission is decided.
struct PlaceFinder {
    let choice: PlaceChoice

    /// The place a forecast is for.
    enum Found {
        /// Known before the forecast: typed coordinates or a city.
        case place(Place)
        /// The user, located while the forecast loads through the permitted source.
        case user(PermittedSource)
    }

    /// The place when it is known without the network: typed coordinates, or
    /// a city the offline index knows (saying which one an ambiguous name
    /// meant). Nil for everything else.
    func offline() -> Place? {
        switch choice {
        case .typed(let coordinate):
            return Place(coordinate: coordinate)
        case .city(let city):
            guard let resolution = PlaceLookup.resolveOffline(city) else { return nil }
            resolution.reportAmbiguity()
            return Place(resolution)
        case .located:
            return nil
        }
    }

    /// The place, with the network when it needs it. `offline` is what
    /// `offline()` found, so a name is looked up and reported only once.
    func find(
        offline: Place?, services: Services, onSatellites: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
    ) async throws -> Found {
        if let offline { return .place(offline) }
        switch choice {
        case .typed(let coordinate):
            return .place(Place(coordinate: coordinate))
        case .city(let city):
            let resolution = try await services.placeResolver().resolve(city)
            resolution.reportAmbiguity()
            return .place(Place(resolution))
        case .located(let settings):
            let sources = await LocationSources.load()
            return .user(try await sources.permittedSource(settings, transport: services.transport, onSatellites: onSatellites))
        }
    }
}
