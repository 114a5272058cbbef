/// The units a person may choose for each quantity. Forecasts are asked
/// for and kept in metric units (°C, km/h, hPa, mm, metres); each value is
/// converted for display in one place (`Forecast.converted(to:)`).

/// Temperature: °C or °F.
public enum TemperatureUnit: String, Sendable, Hashable, Codable, CaseIterable {
    case celsius, fahrenheit

    public var symbol: String { self == .celsius ? "°C" : "°F" }

    public func fromCelsius(_ value: Double) -> Double {
        self == .celsius ? value : value * 9 / 5 + 32
    }

    /// A difference of temperatures (no offset): 3 °C warmer is 5.4 °F warmer.
    public func fromCelsiusDifference(_ value: Double) -> Double {
        self == .celsius ? value : value * 9 / 5
    }
}

/// Wind speed: km/h, m/s, mph, knots, or the Beaufort force.
public enum SpeedUnit: String, Sendable, Hashable, Codable, CaseIterable {
    case kmh, ms, mph, knots, beaufort

    public var symbol: String {
        switch self {
        case .kmh: "km/h"
        case .ms: "m/s"
        case .mph: "mph"
        case .knots: "kn"
        case .beaufort: "Bft"
        }
    }

    public func fromKilometresPerHour(_ value: Double) -> Double {
        switch self {
        case .kmh: value
        case .ms: value / 3.6
        // An international mile is 1,609.344 m; a nautical mile 1,852 m.
        case .mph: value / 1.609_344
        case .knots: value / 1.852
        case .beaufort: Double(Beaufort.force(kilometresPerHour: value))
        }
    }
}

/// Air pressure: hPa, inches or millimetres of mercury.
public enum PressureUnit: String, Sendable, Hashable, Codable, CaseIterable {
    case hpa, inhg, mmhg

    public var symbol: String {
        switch self {
        case .hpa: "hPa"
        case .inhg: "inHg"
        case .mmhg: "mmHg"
        }
    }

    public func fromHectopascals(_ value: Double) -> Double {
        switch self {
        case .hpa: value
        // 1 inHg = 3,386.389 Pa and 1 mmHg = 133.322 387 Pa (conventional, at 0 °C).
        case .inhg: value / 33.863_89
        case .mmhg: value / 1.333_223_87
        }
    }

    /// Decimals worth showing: whole hPa and mmHg, hundredths of an inch.
    public var decimals: Int { self == .inhg ? 2 : 0 }
}

/// Precipitation: millimetres or inches.
public enum PrecipitationUnit: String, Sendable, Hashable, Codable, CaseIterable {
    case mm, inch

    public var symbol: String { self == .mm ? "mm" : "in" }

    public func fromMillimetres(_ value: Double) -> Double { self == .mm ? value : value / 25.4 }
}

/// Distance (visibility): kilometres or miles.
public enum DistanceUnit: String, Sendable, Hashable, Codable, CaseIterable {
    case km, mi

    public var symbol: String { self == .km ? "km" : "mi" }

    public func fromMetres(_ value: Double) -> Double { self == .km ? value / 1000 : value / 1_609.344 }
}

/// The Beaufort scale, by the upper limits of its forces in metres per
/// second, as the WMO and the Met Office give them (force 0 below 0.5 m/s,
/// force 12 from 32.7 m/s).
public enum Beaufort {
    /// The first speed (m/s) of forces 1 to 12.
    public static let lowerLimits: [Double] = [0.5, 1.6, 3.4, 5.5, 8.0, 10.8, 13.9, 17.2, 20.8, 24.5, 28.5, 32.7]

    public static func force(metresPerSecond speed: Double) -> Int {
        // The scale is given in tenths of a m/s: a speed counts as its nearest
        // tenth (1.54 m/s as 1.5, force 1; 1.55 as 1.6, force 2).
        let rounded = (speed * 10).rounded() / 10
        return lowerLimits.lastIndex { rounded >= $0 }.map { $0 + 1 } ?? 0
    }

    public static func force(kilometresPerHour speed: Double) -> Int {
        force(metresPerSecond: speed / 3.6)
    }
}
