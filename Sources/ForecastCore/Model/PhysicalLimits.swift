public import Foundation

/// What the physical world and the calendar allow, written down once. A
/// provider's answer holding a value outside these is bad data: refused when
/// it is read (exit 65, naming the field), never shown and never stored. A
/// stored forecast is checked again when it is read back, so one written by
/// an older forecastly cannot make every later run fail.
///
/// The limits are wide: the records of the physical world with room to
/// spare, so no real weather is ever refused. Values are checked in the
/// units the answer carries (°F, mph, inches… are converted first).
public enum PhysicalLimits {
    /// Air temperature, °C: the coldest measured is −89.2 (Vostok), the hottest 56.7 (Death Valley).
    public static let temperature = -100.0...70.0
    /// What the temperature feels like, °C: wind chill and heat index reach further.
    public static let apparentTemperature = -130.0...100.0
    /// Wind and gusts, km/h: the strongest gust measured is 408.
    public static let windSpeed = 0.0...500.0
    /// Degrees from north.
    public static let windDirection = 0.0...360.0
    /// Percent: relative humidity and the chance of precipitation.
    public static let percent = 0.0...100.0
    /// Precipitation in one step or one day, mm: the wettest day measured is 1,825.
    public static let precipitation = 0.0...2_000.0
    public static let uvIndex = 0.0...40.0
    /// Pressure at sea level, hPa: the lowest measured is 870 (Typhoon Tip),
    /// the highest 1,084.8 (Tosontsengel).
    public static let pressure = 800.0...1_100.0
    /// Horizontal visibility, metres: far beyond what any model reports.
    public static let visibility = 0.0...500_000.0
    /// Metres above the sea: the Dead Sea shore to above Everest.
    public static let elevation = -500.0...9_000.0
    /// Rain, as a rate, mm/h (the next two hours): far above any measured.
    public static let precipitationRate = 0.0...1_000.0
    /// Snow in one step of the next two hours, cm.
    public static let snowfall = 0.0...100.0
    /// The air-quality indices (EAQI and the US AQI both end well below).
    public static let airQualityIndex = 0.0...1_000.0
    /// A pollutant's concentration, µg/m³.
    public static let concentration = 0.0...20_000.0
    /// Pollen grains per m³.
    public static let pollen = 0.0...100_000.0
    /// The times a forecast may hold: a weather service's calendar, not a counter's overflow.
    public static let times = Date(timeIntervalSince1970: -2_208_988_800)...Date(timeIntervalSince1970: 7_258_118_400)  // 1900…2200

    /// The first value outside its limits: the field (as the JSON document
    /// names it) and why.
    public struct Violation: Error, Sendable, Equatable {
        public var field: String
        public var detail: String
    }

    /// Checks every value of `forecast` in the units it carries.
    public static func check(_ forecast: Forecast) throws(Violation) {
        let units = Conversions(forecast.units)
        try within(forecast.elevation, Self.elevation, "elevation", "m")
        if let now = forecast.current {
            try within(now.time, "current.time")
            try within(now.temperature.map(units.celsius), temperature, "current.temperature", "°C")
            try within(now.apparentTemperature.map(units.celsius), apparentTemperature, "current.apparentTemperature", "°C")
            try within(now.relativeHumidity, percent, "current.humidity", "%")
            try within(now.precipitation.map(units.millimetres), precipitation, "current.precipitation", "mm")
            try within(now.windSpeed.map(units.kilometresPerHour), windSpeed, "current.windSpeed", "km/h")
            try within(now.windGusts.map(units.kilometresPerHour), windSpeed, "current.windGusts", "km/h")
            try within(now.windDirection, windDirection, "current.windDirection", "°")
            try within(now.pressure.map(units.hectopascals), pressure, "current.pressure", "hPa")
            try within(now.dewPoint.map(units.celsius), temperature, "current.dewPoint", "°C")
            try within(now.cloudCover, percent, "current.cloudCover", "%")
            try within(now.visibility.map(units.metres), visibility, "current.visibility", "m")
        }
        try check(forecast.hourly, "hourly", units)
        for (index, day) in forecast.daily.enumerated() { try check(day, "daily[\(index)]", units) }
        if let past = forecast.past {
            try check(past.hours, "past.hourly", units)
            if let yesterday = past.yesterday { try check(yesterday, "yesterday", units) }
        }
    }

    private static func check(_ hours: [HourlyForecast], _ name: String, _ units: Conversions) throws(Violation) {
        for (index, hour) in hours.enumerated() {
            let field = "\(name)[\(index)]"
            try within(hour.time, "\(field).time")
            try within(hour.temperature.map(units.celsius), temperature, "\(field).temperature", "°C")
            try within(hour.precipitationProbability, percent, "\(field).precipitationProbability", "%")
            try within(hour.precipitation.map(units.millimetres), precipitation, "\(field).precipitation", "mm")
            try within(hour.windSpeed.map(units.kilometresPerHour), windSpeed, "\(field).windSpeed", "km/h")
            try within(hour.windDirection, windDirection, "\(field).windDirection", "°")
            try within(hour.pressure.map(units.hectopascals), pressure, "\(field).pressure", "hPa")
            try within(hour.dewPoint.map(units.celsius), temperature, "\(field).dewPoint", "°C")
            try within(hour.cloudCover, percent, "\(field).cloudCover", "%")
            try within(hour.visibility.map(units.metres), visibility, "\(field).visibility", "m")
        }
    }

    private static func check(_ day: DailyForecast, _ field: String, _ units: Conversions) throws(Violation) {
        try within(day.temperatureMax.map(units.celsius), temperature, "\(field).temperatureMax", "°C")
        try within(day.temperatureMin.map(units.celsius), temperature, "\(field).temperatureMin", "°C")
        try within(day.precipitationSum.map(units.millimetres), precipitation, "\(field).precipitationSum", "mm")
        try within(day.precipitationProbabilityMax, percent, "\(field).precipitationProbabilityMax", "%")
        try within(day.windSpeedMax.map(units.kilometresPerHour), windSpeed, "\(field).windSpeedMax", "km/h")
        try within(day.uvIndexMax, uvIndex, "\(field).uvIndexMax", "")
        if let sunrise = day.sunrise { try within(sunrise, "\(field).sunrise") }
        if let sunset = day.sunset { try within(sunset, "\(field).sunset") }
    }

    private static func within(_ value: Double?, _ limits: ClosedRange<Double>, _ field: String, _ unit: String) throws(Violation) {
        guard let value else { return }
        guard value.isFinite, limits.contains(value) else {
            let shown = value.isFinite && abs(value) < 1e9 ? String(format: "%.1f", value) : "\(value)"
            throw Violation(field: field, detail: "\(shown)\(unit.isEmpty ? "" : " " + unit) is outside what the world allows "
                            + "(\(Int(limits.lowerBound))…\(Int(limits.upperBound))\(unit.isEmpty ? "" : " " + unit))")
        }
    }

    private static func within(_ date: Date, _ field: String) throws(Violation) {
        guard times.contains(date) else {
            throw Violation(field: field, detail: "\(date.timeIntervalSince1970) s since 1970 is not a time between the years 1900 and 2200")
        }
    }

    /// The answer's units, as the limits' metric ones.
    struct Conversions {
        let fahrenheit: Bool
        let windFactor: Double
        let inches: Bool
        let pressure: PressureUnit
        let distance: String

        init(_ units: ForecastUnits) {
            pressure = PressureUnit.allCases.first { $0.symbol == units.pressure } ?? .hpa
            distance = units.distance
            fahrenheit = units.temperature.contains("F")
            let wind = units.windSpeed.lowercased()
            windFactor = wind.hasPrefix("mp") ? 1.609344 : wind == "m/s" ? 3.6 : wind.hasPrefix("kn") || wind == "kt" ? 1.852 : 1
            inches = units.precipitation.lowercased().hasPrefix("in")
        }

        func celsius(_ value: Double) -> Double { fahrenheit ? (value - 32) * 5 / 9 : value }
        func kilometresPerHour(_ value: Double) -> Double { value * windFactor }
        func millimetres(_ value: Double) -> Double { inches ? value * 25.4 : value }
        func hectopascals(_ value: Double) -> Double { value / pressure.fromHectopascals(1) }
        func metres(_ value: Double) -> Double { distance == "km" ? value * 1000 : distance == "mi" ? value * 1609.344 : value }
    }
}

extension Forecast {
    /// The forecast, if every value is within `PhysicalLimits`; otherwise the
    /// answer of `service` is bad data naming the field. Every provider's
    /// reader ends with it.
    public func checked(service: ServiceName) throws(ForecastError) -> Forecast {
        do {
            try PhysicalLimits.check(self)
        } catch {
            throw .undecodable(field: error.field, detail: error.detail, service: service)
        }
        return self
    }
}
