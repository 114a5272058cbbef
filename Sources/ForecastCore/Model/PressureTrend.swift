import Foundation

/// Which way the pressure at sea level went over the last three hours, as a
/// barometer's reader says it: more than 1 hPa either way is rising or
/// falling, less is steady.
public enum PressureTrend: String, Sendable, Hashable, Codable {
    case rising, steady, falling

    /// Hectopascals in three hours beyond which the pressure is not steady.
    public static let threshold = 1.0

    /// "↗", "→", "↘" (ASCII: "+", "=", "-").
    public func arrow(ascii: Bool) -> String {
        switch self {
        case .rising: ascii ? "+" : "↗"
        case .steady: ascii ? "=" : "→"
        case .falling: ascii ? "-" : "↘"
        }
    }
}

extension Forecast {
    /// The trend from the hour three hours before now to now, where the
    /// provider sent the past hours (Open-Meteo); nil elsewhere. The same
    /// in any unit the pressure is shown in.
    public var pressureTrend: PressureTrend? {
        guard let now = current, let pressure = now.pressure,
              let earlier = past?.hours.last(where: { abs($0.time.timeIntervalSince(now.time.addingTimeInterval(-3 * 3600))) <= 1800 })?.pressure,
              let unit = PressureUnit.allCases.first(where: { $0.symbol == units.pressure })
        else { return nil }
        let threshold = unit.fromHectopascals(PressureTrend.threshold)
        let change = pressure - earlier
        return change > threshold ? .rising : change < -threshold ? .falling : .steady
    }
}
