public import ForecastlyBase
public import Foundation

/// The air at a place now: an air-quality index, the pollutants people
/// look up, the UV index, and the pollen counts a service publishes (in
/// Europe, in season; empty elsewhere).
public struct AirQuality: Sendable, Hashable, Codable {
    public var time: Date
    /// The European Air Quality Index (0 to 100 and above).
    public var europeanIndex: Int?
    /// The US EPA Air Quality Index (0 to 500).
    public var usIndex: Int?
    /// Particulate matter, µg/m³.
    public var pm2_5: Double?
    public var pm10: Double?
    /// µg/m³.
    public var ozone: Double?
    public var nitrogenDioxide: Double?
    public var uvIndex: Double?
    /// Grains per m³, only the kinds the service gave a value for.
    public var pollen: [Pollen: Double]
    /// The grid point the service answered for.
    public var coordinate: Coordinate

    public init(time: Date, coordinate: Coordinate, europeanIndex: Int? = nil, usIndex: Int? = nil, pm2_5: Double? = nil, pm10: Double? = nil,
                ozone: Double? = nil, nitrogenDioxide: Double? = nil, uvIndex: Double? = nil, pollen: [Pollen: Double] = [:]) {
        self.time = time
        self.coordinate = coordinate
        self.europeanIndex = europeanIndex
        self.usIndex = usIndex
        self.pm2_5 = pm2_5
        self.pm10 = pm10
        self.ozone = ozone
        self.nitrogenDioxide = nitrogenDioxide
        self.uvIndex = uvIndex
        self.pollen = pollen
    }

    /// The index's value, on the scale asked for.
    public func index(_ scale: AirQualityScale) -> Int? {
        scale == .european ? europeanIndex : usIndex
    }
}

/// The kinds of pollen CAMS Europe forecasts.
public enum Pollen: String, Sendable, Hashable, Codable, CaseIterable {
    case alder, birch, grass, mugwort, olive, ragweed

    /// A word for a count, from the thresholds pollen services use
    /// (grains/m³: under 10 low, under 50 moderate, under 200 high, else very high).
    public static func level(_ grains: Double) -> String {
        switch grains {
        case ..<10: "low"
        case ..<50: "moderate"
        case ..<200: "high"
        default: "very high"
        }
    }
}

/// Which air-quality index to show: the European (EEA) one in Europe, the
/// US EPA one elsewhere, unless the user chooses.
public enum AirQualityScale: String, Sendable, Hashable, Codable, CaseIterable {
    case european
    case us

    /// The index for a place, by its time zone's region: "Europe/…" is European.
    public static func forPlace(timeZone: String) -> AirQualityScale {
        timeZone.hasPrefix("Europe/") || timeZone.hasPrefix("Atlantic/Canary") || timeZone == "Atlantic/Reykjavik" ? .european : .us
    }

    /// "EAQI", "US AQI".
    public var label: String { self == .european ? "EAQI" : "US AQI" }

    /// The index's own word for a value: the EEA's bands (20, 40, 60, 80,
    /// 100) or the EPA's (50, 100, 150, 200, 300).
    public func category(_ value: Int) -> String {
        switch self {
        case .european:
            switch value {
            case ..<20: "Good"
            case ..<40: "Fair"
            case ..<60: "Moderate"
            case ..<80: "Poor"
            case ..<100: "Very poor"
            default: "Extremely poor"
            }
        case .us:
            switch value {
            case ...50: "Good"
            case ...100: "Moderate"
            case ...150: "Unhealthy for sensitive groups"
            case ...200: "Unhealthy"
            case ...300: "Very unhealthy"
            default: "Hazardous"
            }
        }
    }
}

/// Where air quality comes from: a seam, as `ForecastService` is for the forecast.
public protocol AirQualityService: Sendable {
    func airQuality(at coordinate: Coordinate) async throws(ForecastError) -> AirQuality
}
