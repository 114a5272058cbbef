public import ForecastCore
public import ForecastlyBase
public import Foundation
public import Places

/// The Sun and the Moon at a place for the coming days.
public struct SkyAnswer: Sendable {
    /// From today in the place's calendar.
    public var days: [SkyDay]
    /// The Sun the day before the first, for how the first day's length changed.
    public var dayBefore: SunDay
    public var coordinate: Coordinate
    /// What the place is called, as people read it.
    public var placeLabel: PlaceLabel?
    /// The same in English, as JSON keeps it.
    public var placeName: String? { placeLabel?.description }
    public var timeZone: TimeZone
    public var notes: [AppNote]
    public var unwrittenCaches: [CacheProblem]

    /// South of the equator the Moon's lit side is drawn on the other hand.
    public var isSouthernHemisphere: Bool { coordinate.latitude < 0 }
}

extension Application {
    /// The sky at the place for `days` days from `first` (today in the
    /// place's calendar when nil; any day, past or future) (`forecastly
    /// sky`): computed on this machine, so no weather service is asked;
    /// only finding the place may ask the geocoder or a location source,
    /// under the same permission as a forecast.
    public func sky(
        at choice: PlaceChoice, days: Int, from first: LocalDate? = nil, progress: @escaping ProgressReporter = { _ in }
    ) async throws -> SkyAnswer {
        let log = NoteLog()
        return try await noting(log) { try await sky(at: choice, days: days, from: first, log: log, progress: progress) }
    }

    private func sky(at choice: PlaceChoice, days: Int, from first: LocalDate?, log: NoteLog, progress: @escaping ProgressReporter) async throws -> SkyAnswer {
        let finder = PlaceFinder(application: self, choice: choice, log: log)
        let place = try await finder.place(services: services(ServiceSettings()), progress: progress)
        let zone = context.places.timeZone(at: place.coordinate)
        let now = context.now()
        let today = first ?? LocalDate(daysSinceEpoch: Int(((now.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: now))) / 86_400).rounded(.down)))
        return SkyAnswer(
            days: Almanac.days(from: today, count: days, at: place.coordinate, timeZone: zone),
            dayBefore: Almanac.sun(LocalDate(daysSinceEpoch: today.daysSinceEpoch - 1), at: place.coordinate, timeZone: zone),
            coordinate: place.coordinate,
            placeLabel: context.places.label(given: place.name, at: place.coordinate), timeZone: zone,
            notes: log.all, unwrittenCaches: unwrittenCaches(log))
    }
}
