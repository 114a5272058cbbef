public import ForecastlyBase
public import Foundation

/// Precipitation for the next two hours in short steps (Open-Meteo's 15
/// minutes; MET Norway's Nowcast has 5), from now on.
public struct Nowcast: Sendable, Hashable, Codable {
    public struct Step: Sendable, Hashable, Codable {
        public var time: Date
        /// Millimetres that fall in this step (water equivalent).
        public var precipitation: Double
        /// Of which snow, in centimetres, where the service says.
        public var snowfall: Double?

        public init(time: Date, precipitation: Double, snowfall: Double? = nil) {
            self.time = time
            self.precipitation = precipitation
            self.snowfall = snowfall
        }
    }

    public var steps: [Step]
    public var stepMinutes: Int

    public init(steps: [Step], stepMinutes: Int) {
        self.steps = steps
        self.stepMinutes = stepMinutes
    }

    /// How long the nowcast looks ahead.
    public static let horizon: Duration = .seconds(2 * 3600)

    /// A step's rate in mm per hour.
    public func rate(_ step: Step) -> Double { step.precipitation * 60 / Double(stepMinutes) }
}

/// What the next two hours hold, in words a person reads at a glance.
public enum NowcastSummary: Sendable, Hashable {
    case dry
    /// Rain (or snow) from `start` (nil: now) until `end` (nil: beyond the nowcast), at its heaviest `intensity`.
    case precipitation(start: Date?, end: Date?, intensity: Intensity, snow: Bool)

    /// The American Meteorological Society's bands for rain, mm/h.
    public enum Intensity: String, Sendable, Hashable, Comparable {
        case light, moderate, heavy

        init(rate: Double) {
            self = rate < 2.5 ? .light : rate < 7.6 ? .moderate : .heavy
        }

        public static func < (a: Intensity, b: Intensity) -> Bool {
            let order: [Intensity] = [.light, .moderate, .heavy]
            return order.firstIndex(of: a)! < order.firstIndex(of: b)!
        }
    }

    /// A step falling slower than this (mm/h) is dry: a trace, 0.1 mm in
    /// a quarter hour, the least the services report.
    static let wetRate = 0.4

    /// The first spell of precipitation in the steps still ahead of `now`.
    public init(_ nowcast: Nowcast, now: Date) {
        let ahead = nowcast.steps.filter { $0.time.addingTimeInterval(TimeInterval(nowcast.stepMinutes * 60)) > now }
        func wet(_ step: Nowcast.Step) -> Bool { nowcast.rate(step) >= Self.wetRate }
        guard let first = ahead.firstIndex(where: wet) else {
            self = .dry
            return
        }
        let spell = ahead[first...].prefix(while: wet)
        let afterSpell = ahead.index(first, offsetBy: spell.count)
        let intensity = spell.map { Intensity(rate: nowcast.rate($0)) }.max() ?? .light
        let snow = spell.contains { ($0.snowfall ?? 0) > 0 }
        self = .precipitation(start: ahead[first].time <= now ? nil : ahead[first].time,
                              end: afterSpell < ahead.endIndex ? ahead[afterSpell].time : nil, intensity: intensity, snow: snow)
    }
}

/// Where the next two hours come from: a seam, as `ForecastService` is.
public protocol NowcastService: Sendable {
    func nowcast(at coordinate: Coordinate) async throws(ForecastError) -> Nowcast
}
