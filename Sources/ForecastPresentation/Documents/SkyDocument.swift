public import ForecastCore
public import ForecastlyBase
public import Foundation

/// `sky --json`: the place and its days' Sun and Moon, each day as the
/// forecast document's `sky` array has it.
public struct SkyDocument: Encodable, Sendable {
    let days: SkyDays
    let coordinate: Coordinate
    let placeName: String?

    public init(days: [SkyDay], dayBefore: SunDay?, coordinate: Coordinate, placeName: String?, timeZone: TimeZone) {
        self.days = SkyDays(days: days, dayBefore: dayBefore, clock: PlaceClock(timeZone: timeZone), southernHemisphere: coordinate.latitude < 0)
        self.coordinate = coordinate
        self.placeName = placeName
    }

    enum Keys: String, CodingKey { case schemaVersion, location, latitude, longitude, timezone, name, sky }

    public func encode(to encoder: any Encoder) throws {
        var root = encoder.container(keyedBy: Keys.self)
        try root.encode(ForecastDocument.schemaVersion, forKey: .schemaVersion)
        var location = root.nestedContainer(keyedBy: Keys.self, forKey: .location)
        try location.encode(coordinate.latitude, forKey: .latitude)
        try location.encode(coordinate.longitude, forKey: .longitude)
        try location.encode(days.clock.timeZone.identifier, forKey: .timezone)
        try location.encode(placeName, forKey: .name)
        try root.encode(days, forKey: .sky)
    }

    public func encoded() -> Data { DocumentEncoding.encode(self, empty: "{}") }
}

/// Days of the sky as JSON: each day's Sun (its kind, civil dawn, sunrise,
/// sunset, civil dusk, the day's length and its change since the day
/// before) and Moon (phase, illumination, glyph, moonrise, moonset).
struct SkyDays: Encodable, Sendable {
    let days: [SkyDay]
    /// The day before the first, for the first day's change; nil leaves it null.
    let dayBefore: SunDay?
    let clock: PlaceClock
    let southernHemisphere: Bool

    enum Keys: String, CodingKey {
        case date, sun, dawn, sunrise, sunset, dusk, dayLengthSeconds, dayLengthChangeSeconds, moon, phase, illumination, glyph, moonrise, moonset, allDay
    }

    func encode(to encoder: any Encoder) throws {
        var list = encoder.unkeyedContainer()
        var previous = dayBefore
        for day in days {
            var node = list.nestedContainer(keyedBy: Keys.self)
            try node.encode(day.date.description, forKey: .date)
            try node.encode(day.sun.kind.rawValue, forKey: .sun)
            try node.encode(day.sun.dawn.map(clock.iso8601), forKey: .dawn)
            try node.encode(day.sun.sunrise.map(clock.iso8601), forKey: .sunrise)
            try node.encode(day.sun.sunset.map(clock.iso8601), forKey: .sunset)
            try node.encode(day.sun.dusk.map(clock.iso8601), forKey: .dusk)
            try node.encode(Int(day.sun.dayLength.rounded()), forKey: .dayLengthSeconds)
            try node.encode(previous.map { Int(day.dayLengthChange(since: $0).rounded()) }, forKey: .dayLengthChangeSeconds)
            var moon = node.nestedContainer(keyedBy: Keys.self, forKey: .moon)
            try moon.encode(day.moon.phase.name.rawValue, forKey: .phase)
            try moon.encode((day.moon.phase.illumination * 1000).rounded() / 1000, forKey: .illumination)
            try moon.encode(day.moon.phase.glyph(southernHemisphere: southernHemisphere), forKey: .glyph)
            try moon.encode(day.moon.moonrise.map(clock.iso8601), forKey: .moonrise)
            try moon.encode(day.moon.moonset.map(clock.iso8601), forKey: .moonset)
            try moon.encode(day.moon.upAllDay.map { $0 ? "up" : "down" }, forKey: .allDay)
            previous = day.sun
        }
    }
}
