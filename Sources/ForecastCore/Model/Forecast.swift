public import ForecastlyBase
public import Foundation

/// A forecast for one place, ready to present: times are real instants,
/// the place's time zone is known, and every value the service may leave
/// out is optional.
public struct Forecast: Sendable, Equatable, Codable {
    /// The grid point the service answered for (it may differ from the
    /// request by a kilometre or two).
    public var coordinate: Coordinate
    /// The coordinate that was asked for.
    public var requestedCoordinate: Coordinate
    public var elevation: Double?
    /// The place's IANA time zone; all local times are shown in it.
    public var timeZone: TimeZone
    public var units: ForecastUnits
    public var current: CurrentConditions?
    public var hourly: [HourlyForecast]
    public var daily: [DailyForecast]
    /// What was observed before now, where the provider sends it with the
    /// forecast (Open-Meteo's `past_days`): yesterday, and the last hours.
    public var past: PastWeather?
    /// Where the coordinate came from, when it was located (source, accuracy, age).
    public var fix: LocationFix?
    /// The service that made this forecast: it is credited under it.
    public var provider: WeatherProvider

    public init(
        coordinate: Coordinate, requestedCoordinate: Coordinate, elevation: Double?, timeZone: TimeZone,
        units: ForecastUnits, current: CurrentConditions?, hourly: [HourlyForecast], daily: [DailyForecast],
        provider: WeatherProvider
    ) {
        self.provider = provider
        self.coordinate = coordinate
        self.requestedCoordinate = requestedCoordinate
        self.elevation = elevation
        self.timeZone = timeZone
        self.units = units
        self.current = current
        self.hourly = hourly
        self.daily = daily
    }

    /// The hours from the current one on (the service starts at local midnight).
    public func upcomingHours(from now: Date? = nil) -> ArraySlice<HourlyForecast> {
        guard let reference = now ?? current?.time else { return hourly[...] }
        let hourStart = reference.addingTimeInterval(-3599)
        return hourly.drop { $0.time < hourStart }
    }

    /// The daily entry for the day of `current`, or the first day.
    public var today: DailyForecast? { daily.first }

    enum CodingKeys: String, CodingKey {
        case coordinate, requestedCoordinate, elevation, timeZone, units, current, hourly, daily, past, fix, provider
    }

    /// A provider is stored with its description and credit as they were
    /// when the forecast was fetched.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        coordinate = try container.decode(Coordinate.self, forKey: .coordinate)
        requestedCoordinate = try container.decode(Coordinate.self, forKey: .requestedCoordinate)
        elevation = try container.decodeIfPresent(Double.self, forKey: .elevation)
        timeZone = try container.decode(TimeZone.self, forKey: .timeZone)
        units = try container.decode(ForecastUnits.self, forKey: .units)
        current = try container.decodeIfPresent(CurrentConditions.self, forKey: .current)
        hourly = try container.decode([HourlyForecast].self, forKey: .hourly)
        daily = try container.decode([DailyForecast].self, forKey: .daily)
        past = try container.decodeIfPresent(PastWeather.self, forKey: .past)
        fix = try container.decodeIfPresent(LocationFix.self, forKey: .fix)
        provider = try container.decode(WeatherProvider.self, forKey: .provider)
    }
}

public struct CurrentConditions: Sendable, Equatable, Codable {
    public var time: Date
    public var temperature: Double?
    public var apparentTemperature: Double?
    public var relativeHumidity: Double?
    public var precipitation: Double?
    public var weatherCode: Int?
    public var isDay: Bool?
    public var windSpeed: Double?
    public var windDirection: Double?
    public var windGusts: Double?
    /// At sea level, hPa (in the forecast's units once converted).
    public var pressure: Double?
    public var dewPoint: Double?
    /// Percent of the sky.
    public var cloudCover: Double?
    /// Metres (in the forecast's distance unit once converted).
    public var visibility: Double?

    public init(
        time: Date, temperature: Double? = nil, apparentTemperature: Double? = nil, relativeHumidity: Double? = nil,
        precipitation: Double? = nil, weatherCode: Int? = nil, isDay: Bool? = nil, windSpeed: Double? = nil,
        windDirection: Double? = nil, windGusts: Double? = nil, pressure: Double? = nil, dewPoint: Double? = nil,
        cloudCover: Double? = nil, visibility: Double? = nil
    ) {
        self.pressure = pressure
        self.dewPoint = dewPoint
        self.cloudCover = cloudCover
        self.visibility = visibility
        self.time = time
        self.temperature = temperature
        self.apparentTemperature = apparentTemperature
        self.relativeHumidity = relativeHumidity
        self.precipitation = precipitation
        self.weatherCode = weatherCode
        self.isDay = isDay
        self.windSpeed = windSpeed
        self.windDirection = windDirection
        self.windGusts = windGusts
    }

    public var condition: WeatherCondition? { weatherCode.map(WeatherCondition.init(wmoCode:)) }
}

public struct HourlyForecast: Sendable, Equatable, Codable {
    public var time: Date
    public var temperature: Double?
    public var precipitationProbability: Double?
    public var precipitation: Double?
    public var weatherCode: Int?
    public var isDay: Bool?
    public var windSpeed: Double?
    public var windDirection: Double?
    /// The hours this step stands for when more than one: MET Norway's
    /// steps widen to six hours after about two days, OpenWeather's free
    /// forecast has three-hour steps. Precipitation is that period's total.
    public var stepHours: Int?
    /// At sea level, hPa (in the forecast's units once converted).
    public var pressure: Double?
    public var dewPoint: Double?
    /// Percent of the sky.
    public var cloudCover: Double?
    /// Metres (in the forecast's distance unit once converted).
    public var visibility: Double?

    public init(
        time: Date, temperature: Double? = nil, precipitationProbability: Double? = nil, precipitation: Double? = nil,
        weatherCode: Int? = nil, isDay: Bool? = nil, windSpeed: Double? = nil, windDirection: Double? = nil,
        stepHours: Int? = nil, pressure: Double? = nil, dewPoint: Double? = nil, cloudCover: Double? = nil, visibility: Double? = nil
    ) {
        self.stepHours = stepHours
        self.pressure = pressure
        self.dewPoint = dewPoint
        self.cloudCover = cloudCover
        self.visibility = visibility
        self.time = time
        self.temperature = temperature
        self.precipitationProbability = precipitationProbability
        self.precipitation = precipitation
        self.weatherCode = weatherCode
        self.isDay = isDay
        self.windSpeed = windSpeed
        self.windDirection = windDirection
    }

    public var condition: WeatherCondition? { weatherCode.map(WeatherCondition.init(wmoCode:)) }
}

public struct DailyForecast: Sendable, Equatable, Codable {
    public var date: LocalDate
    public var weatherCode: Int?
    public var temperatureMax: Double?
    public var temperatureMin: Double?
    public var precipitationSum: Double?
    public var precipitationProbabilityMax: Double?
    public var windSpeedMax: Double?
    public var sunrise: Date?
    public var sunset: Date?
    public var uvIndexMax: Double?

    public init(
        date: LocalDate, weatherCode: Int? = nil, temperatureMax: Double? = nil, temperatureMin: Double? = nil,
        precipitationSum: Double? = nil, precipitationProbabilityMax: Double? = nil, windSpeedMax: Double? = nil,
        sunrise: Date? = nil, sunset: Date? = nil, uvIndexMax: Double? = nil
    ) {
        self.date = date
        self.weatherCode = weatherCode
        self.temperatureMax = temperatureMax
        self.temperatureMin = temperatureMin
        self.precipitationSum = precipitationSum
        self.precipitationProbabilityMax = precipitationProbabilityMax
        self.windSpeedMax = windSpeedMax
        self.sunrise = sunrise
        self.sunset = sunset
        self.uvIndexMax = uvIndexMax
    }

    public var condition: WeatherCondition? { weatherCode.map(WeatherCondition.init(wmoCode:)) }
}

/// What was observed before the forecast's "now", where the provider sends
/// it: the hours of yesterday and today so far, and yesterday as a day.
public struct PastWeather: Sendable, Equatable, Codable {
    /// Hours before the current one, oldest first.
    public var hours: [HourlyForecast]
    /// Yesterday, as the day's high and low.
    public var yesterday: DailyForecast?

    public init(hours: [HourlyForecast], yesterday: DailyForecast?) {
        self.hours = hours
        self.yesterday = yesterday
    }
}
