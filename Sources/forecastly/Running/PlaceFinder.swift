import ForecastCore
import ForecastlyBase
import LocationProvider
import Places

/// What the user asked a forecast for.
enum PlaceChoice: Sendable {
    case typed(Coordinate)
    case city(PlaceQuery)
    case located(LocatingSettings)
}

/// A place that needs no locating: typed coordinates, or a city found by name.
struct KnownPlace {
    var coordinate: Coordinate
    var name: String?
    var place: GazetteerPlace?
}

/// The place a forecast is for, once found.
enum FoundPlace {
    case known(KnownPlace)
    /// The user, located while the forecast loads: the view model locates
    /// through the permitted source, then loads.
    case located(PermittedSource)
}

/// Finds the place for `forecast`, `--watch` and `notes add` alike: typed
/// coordinates, then a city from the offline index, then a city from the
/// online geocoder, then the user's location after the permission steps.
struct PlaceFinder {
    let choice: PlaceChoice

    /// The place when it is known without the network: typed coordinates, or
    /// a city the offline index knows (saying which one an ambiguous name
    /// meant). Nil for everything else.
    func offline() -> KnownPlace? {
        switch choice {
        case .typed(let coordinate):
            return KnownPlace(coordinate: coordinate, name: nil, place: nil)
        case .city(let city):
            guard let resolution = PlaceLookup.resolveOffline(city) else { return nil }
            resolution.reportAmbiguity()
            return KnownPlace(resolution)
        case .located:
            return nil
        }
    }

    /// The place, with the network when it needs it. `offline` is what
    /// `offline()` found, so a name is looked up and reported only once.
    func find(
        offline: KnownPlace?, services: Services, onSatellites: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
    ) async throws -> FoundPlace {
        if let offline { return .known(offline) }
        switch choice {
        case .typed(let coordinate):
            return .known(KnownPlace(coordinate: coordinate, name: nil, place: nil))
        case .city(let city):
            let resolution = try await services.placeResolver().resolve(city)
            resolution.reportAmbiguity()
            return .known(KnownPlace(resolution))
        case .located(let settings):
            let setup = await LocationSetup.load()
            return .located(try await setup.permittedSource(settings, transport: services.transport, onSatellites: onSatellites))
        }
    }
}

extension KnownPlace {
    init(_ resolution: PlaceResolution) {
        self.init(coordinate: resolution.place.coordinate, name: resolution.place.displayName, place: resolution.place)
    }
}

extension PlaceResolution {
    /// Says on stderr which place an ambiguous name was taken to mean.
    func reportAmbiguity() {
        if let note = ambiguityNote { Terminal.standardError.writeLine("forecastly: note: \(note)") }
    }
}
