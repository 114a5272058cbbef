import Foundation

/// The Moon's phase: how much of it is lit, and where it is in its month.
public struct MoonPhase: Sendable, Hashable, Codable {
    /// The Moon's angle east of the Sun along the ecliptic, 0..<360: 0 new,
    /// 90 first quarter, 180 full, 270 last quarter.
    public var angle: Double
    /// The lit fraction of the disc, 0…1.
    public var illumination: Double

    public init(angle: Double) {
        self.angle = angle
        illumination = (1 - cos(angle * .pi / 180)) / 2
    }

    /// The eight phases people name, each a 45° slice of the month around
    /// its exact moment (a full moon is "full" for about a day and a half
    /// either side).
    public enum Name: String, Sendable, CaseIterable, Codable {
        case new, waxingCrescent, firstQuarter, waxingGibbous, full, waningGibbous, lastQuarter, waningCrescent

        public var words: String {
            switch self {
            case .new: "New moon"
            case .waxingCrescent: "Waxing crescent"
            case .firstQuarter: "First quarter"
            case .waxingGibbous: "Waxing gibbous"
            case .full: "Full moon"
            case .waningGibbous: "Waning gibbous"
            case .lastQuarter: "Last quarter"
            case .waningCrescent: "Waning crescent"
            }
        }
    }

    public var name: Name {
        Name.allCases[Int(((angle + 22.5) / 45).rounded(.down)) % 8]
    }

    public var isWaxing: Bool { angle < 180 }

    /// Days since the new moon (of a synodic month of 29.53 days).
    public var age: Double { angle / 360 * 29.530_589 }

    /// The phase as drawn: the lit side is on the right of a waxing moon in
    /// the northern hemisphere and on the left in the southern, where the
    /// Moon is seen the other way up.
    public func glyph(southernHemisphere: Bool) -> String {
        let northern = ["🌑", "🌒", "🌓", "🌔", "🌕", "🌖", "🌗", "🌘"]
        let index = Name.allCases.firstIndex(of: name) ?? 0
        guard southernHemisphere, index != 0, index != 4 else { return northern[index] }
        return northern[8 - index]
    }
}
