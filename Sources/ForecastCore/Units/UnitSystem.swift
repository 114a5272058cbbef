/// A whole system of units, as `--units` names it.
public enum UnitSystem: String, Sendable, CaseIterable, Codable {
    /// °C, km/h, hPa, mm, km.
    case metric
    /// °F, mph, inHg, inches, miles.
    case imperial
    /// As Britain reports the weather: °C, mph, hPa, mm, miles.
    case uk

    public var units: MeasurementUnits {
        switch self {
        case .metric: MeasurementUnits(temperature: .celsius, windSpeed: .kmh, pressure: .hpa, precipitation: .mm, distance: .km)
        case .imperial: MeasurementUnits(temperature: .fahrenheit, windSpeed: .mph, pressure: .inhg, precipitation: .inch, distance: .mi)
        case .uk: MeasurementUnits(temperature: .celsius, windSpeed: .mph, pressure: .hpa, precipitation: .mm, distance: .mi)
        }
    }
}

/// The unit each quantity is shown in.
public struct MeasurementUnits: Sendable, Hashable, Codable {
    public var temperature: TemperatureUnit
    public var windSpeed: SpeedUnit
    public var pressure: PressureUnit
    public var precipitation: PrecipitationUnit
    public var distance: DistanceUnit

    public init(temperature: TemperatureUnit, windSpeed: SpeedUnit, pressure: PressureUnit, precipitation: PrecipitationUnit, distance: DistanceUnit) {
        self.temperature = temperature
        self.windSpeed = windSpeed
        self.pressure = pressure
        self.precipitation = precipitation
        self.distance = distance
    }

    public static let metric = UnitSystem.metric.units
}

/// The unit labels of one forecast: what its values are in.
public struct ForecastUnits: Sendable, Hashable, Codable {
    public var temperature: String
    public var windSpeed: String
    public var precipitation: String
    public var pressure: String
    public var distance: String

    public init(temperature: String, windSpeed: String, precipitation: String, pressure: String = "hPa", distance: String = "m") {
        self.temperature = temperature
        self.windSpeed = windSpeed
        self.precipitation = precipitation
        self.pressure = pressure
        self.distance = distance
    }

    public init(_ units: MeasurementUnits) {
        self.init(temperature: units.temperature.symbol, windSpeed: units.windSpeed.symbol, precipitation: units.precipitation.symbol,
                  pressure: units.pressure.symbol, distance: units.distance.symbol)
    }

    /// What every provider is asked in, and its answer kept in: °C, km/h,
    /// mm, hPa, and visibility in metres. Only a display converts it.
    public static let asProvided = ForecastUnits(temperature: "°C", windSpeed: "km/h", precipitation: "mm", pressure: "hPa", distance: "m")

    /// Labels stored before pressure and distance were kept are as provided.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        temperature = try container.decode(String.self, forKey: .temperature)
        windSpeed = try container.decode(String.self, forKey: .windSpeed)
        precipitation = try container.decode(String.self, forKey: .precipitation)
        pressure = try container.decodeIfPresent(String.self, forKey: .pressure) ?? "hPa"
        distance = try container.decodeIfPresent(String.self, forKey: .distance) ?? "m"
    }
}
