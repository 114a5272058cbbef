public import Foundation

/// The sky over a place on one of its days: the Sun's dawn, rise, set and
/// dusk, the length of the day, and the Moon's rise, set and phase.
/// Computed on the machine (`Almanac`), never asked of a service.
public struct SkyDay: Sendable, Hashable, Codable {
    public var date: LocalDate
    public var sun: SunDay
    public var moon: MoonDay

    public init(date: LocalDate, sun: SunDay, moon: MoonDay) {
        self.date = date
        self.sun = sun
        self.moon = moon
    }
}

/// The Sun on one day. Near the poles a day may have no rise or set: the
/// Sun is up all day (polar day) or never (polar night); that is a state,
/// not a failure.
public struct SunDay: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable {
        /// It rises and sets (or does one of the two, on the days a polar day begins or ends).
        case risesAndSets
        /// Above the horizon all day.
        case polarDay
        /// Below the horizon all day.
        case polarNight
    }

    public var kind: Kind
    /// Civil dawn: the Sun 6° below the horizon, rising.
    public var dawn: Date?
    public var sunrise: Date?
    public var sunset: Date?
    /// Civil dusk: the Sun 6° below the horizon, setting.
    public var dusk: Date?
    /// How long the Sun is above the horizon this day.
    public var dayLength: TimeInterval

    public init(kind: Kind, dawn: Date?, sunrise: Date?, sunset: Date?, dusk: Date?, dayLength: TimeInterval) {
        self.kind = kind
        self.dawn = dawn
        self.sunrise = sunrise
        self.sunset = sunset
        self.dusk = dusk
        self.dayLength = dayLength
    }
}

/// The Moon on one day: when it rises and sets (either may not happen on a
/// given day), and its phase at the day's middle.
public struct MoonDay: Sendable, Hashable, Codable {
    public var moonrise: Date?
    public var moonset: Date?
    public var phase: MoonPhase
    /// On a day it neither rises nor sets (near the poles): whether it is
    /// up all day (true) or down all day (false); nil on other days.
    public var upAllDay: Bool?

    public init(moonrise: Date?, moonset: Date?, phase: MoonPhase, upAllDay: Bool? = nil) {
        self.moonrise = moonrise
        self.moonset = moonset
        self.phase = phase
        self.upAllDay = moonrise == nil && moonset == nil ? upAllDay : nil
    }
}
