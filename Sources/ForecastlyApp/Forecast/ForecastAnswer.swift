public import ForecastCore
public import ForecastlyBase
public import Foundation
public import Places

/// A forecast as a run answers it: what to show, where it came from, and
/// what to say beside it.
public struct ForecastAnswer: Sendable {
    public var forecast: Forecast
    /// What the place is called, as people read it ("Kyiv, UA", "near
    /// Bielefeld, DE (3 km)", said in their language and units).
    public var placeLabel: PlaceLabel?
    /// The same in English, as JSON and the store keep it.
    public var placeName: String? { placeLabel?.description }
    /// The gazetteer's entry, for a named place.
    public var place: GazetteerPlace?
    /// The network, the store (fresh, held, stale) or `--offline`.
    public var origin: ForecastOrigin
    /// The air, the next two hours and the warnings, as far as asked for and answered.
    public var extras: ForecastExtras
    /// Lines to show beside it: which place a name meant, that another
    /// provider answered, that an extra could not be had.
    public var notes: [AppNote]
    /// Caches that could not be written: the answer is whole without them.
    public var unwrittenCaches: [CacheProblem]
    /// The point asked about: the typed coordinates, the city's or the fix's.
    /// A stored forecast may answer for a nearby point of the same cell.
    public var coordinate: Coordinate

    public init(
        forecast: Forecast, placeLabel: PlaceLabel?, place: GazetteerPlace? = nil, origin: ForecastOrigin,
        extras: ForecastExtras = ForecastExtras(), notes: [AppNote] = [], unwrittenCaches: [CacheProblem] = [], coordinate: Coordinate? = nil
    ) {
        self.coordinate = coordinate ?? forecast.requestedCoordinate
        self.forecast = forecast
        self.placeLabel = placeLabel
        self.place = place
        self.origin = origin
        self.extras = extras
        self.notes = notes
        self.unwrittenCaches = unwrittenCaches
    }

    /// The warning a stale forecast is shown with: why the service failed,
    /// and how old the stored one is.
    public var staleness: (error: ForecastError, fetchedAt: Date)? {
        guard case .stale(let fetchedAt, let error) = origin else { return nil }
        return (error, fetchedAt)
    }
}
