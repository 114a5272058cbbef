public import ForecastCore
import ForecastlyBase
public import Foundation
public import Places

/// The `--json` output, schema version 1. Documented in the README; keys
/// are never dropped (a missing value is `null`), and new keys may be added
/// without a version change, so scripts should ignore keys they do not know.
public struct ForecastDocument: Encodable, Sendable {
    public static let schemaVersion = 1

    let forecast: Forecast
    let placeName: String?
    let units: MeasurementUnits
    let source: DataSource
    let generatedAt: Date
    let hours: Int?
    let place: GazetteerPlace?
    let origin: ForecastOrigin?
    /// The air, the next two hours and the warnings: each null when not
    /// asked for or not answered.
    public var extras = ForecastExtras()
    private var airQuality: AirQuality? { extras.airQuality }
    private var airQualityScale: AirQualityScale { extras.airQualityScale }
    private var nowcast: Nowcast? { extras.nowcast }
    private var alerts: PlaceAlerts? { extras.alerts }

    /// The document for `forecast`, as of `generatedAt`. `hours` is how many
    /// upcoming hours to include (`nil` for all), `place` the named place
    /// the forecast is for (`--city`, `compare`), `origin` where the
    /// forecast came from (the store, the network).
    public init(
        forecast: Forecast, placeName: String?, units: MeasurementUnits = .metric, source: DataSource, generatedAt: Date,
        hours: Int? = nil, place: GazetteerPlace? = nil, origin: ForecastOrigin? = nil
    ) {
        self.origin = origin
        // Each value in the unit chosen for its quantity, named under `units`.
        self.forecast = forecast.converted(to: units)
        self.place = place
        self.placeName = placeName
        self.units = units
        self.source = source
        self.generatedAt = generatedAt
        self.hours = hours
    }

    /// Pretty-printed UTF-8 JSON with a stable key order.
    public func encoded(oneLine: Bool = false) -> Data { DocumentEncoding.encode(self, empty: "{}", oneLine: oneLine) }

    enum Keys: String, CodingKey {
        case schemaVersion, location, units, current, daily, hourly, source, attribution, generatedAt
        case latitude, longitude, requestedLatitude, requestedLongitude, elevation, timezone, name
        case system, temperature, windSpeed, precipitation, pressure, visibility, dewPoint, cloudCover, pressureTrend
        case time, date, apparentTemperature, humidity, weatherCode, description, symbol, glyph, isDay
        case windDirection, windDirectionCompass, windGusts, precipitationProbability
        case temperatureMax, temperatureMin, precipitationSum, precipitationProbabilityMax, windSpeedMax
        case sunrise, sunset, uvIndexMax, url, license
        case kind, accuracy, accuracyMeters, observedAt
        case place, id, countryCode, countryName, admin1, population
        case cache, origin, fetchedAt, ageSeconds
        case stepHours, provider
        case yesterday, temperatureAtThisHour, temperatureDifference, temperatureMaxDifference
        case sky
        case airQuality, index, scale, value, category, europeanAqi, usAqi, pm2_5, pm10, ozone, nitrogenDioxide, uvIndex, pollen
        case nowcast, summary, stepMinutes, steps, snowfall
        case alerts, alertService, covered, asOf, unplaced, event, severity, urgency, certainty, onset, expires, ends
        case headline, instruction, sender, areas
    }

    public func encode(to encoder: any Encoder) throws {
        let clock = PlaceClock(timeZone: forecast.timeZone)
        var root = encoder.container(keyedBy: Keys.self)
        try root.encode(Self.schemaVersion, forKey: .schemaVersion)

        var location = root.nestedContainer(keyedBy: Keys.self, forKey: .location)
        try location.encode(forecast.coordinate.latitude, forKey: .latitude)
        try location.encode(forecast.coordinate.longitude, forKey: .longitude)
        try location.encode(forecast.requestedCoordinate.latitude, forKey: .requestedLatitude)
        try location.encode(forecast.requestedCoordinate.longitude, forKey: .requestedLongitude)
        try location.encode(forecast.elevation, forKey: .elevation)
        try location.encode(forecast.timeZone.identifier, forKey: .timezone)
        try location.encode(placeName, forKey: .name)
        var origin = location.nestedContainer(keyedBy: Keys.self, forKey: .source)
        if let place {
            try Self.encodeOrigin(kind: "city", accuracy: .reduced, into: &origin)
            var node = location.nestedContainer(keyedBy: Keys.self, forKey: .place)
            try node.encode(place.id, forKey: .id)
            try node.encode(place.name, forKey: .name)
            try node.encode(place.countryCode, forKey: .countryCode)
            try node.encode(place.countryName, forKey: .countryName)
            try node.encode(place.admin1, forKey: .admin1)
            try node.encode(place.population, forKey: .population)
            try node.encode(place.coordinate.latitude, forKey: .latitude)
            try node.encode(place.coordinate.longitude, forKey: .longitude)
            try node.encode(place.timeZone, forKey: .timezone)
        } else if let fix = forecast.fix {
            try Self.encodeOrigin(kind: fix.source.rawValue, accuracy: fix.accuracy, meters: fix.accuracyMeters,
                                  observedAt: PlaceClock(timeZone: .gmt).iso8601(fix.timestamp), into: &origin)
        } else {
            try Self.encodeOrigin(kind: "typed", accuracy: .full, into: &origin)
        }

        var units = root.nestedContainer(keyedBy: Keys.self, forKey: .units)
        // The system's name when every unit is its; "custom" when chosen one by one.
        try units.encode(UnitSystem.allCases.first { $0.units == self.units }?.rawValue ?? "custom", forKey: .system)
        try units.encode(forecast.units.temperature, forKey: .temperature)
        try units.encode(forecast.units.windSpeed, forKey: .windSpeed)
        try units.encode(forecast.units.precipitation, forKey: .precipitation)
        try units.encode(forecast.units.pressure, forKey: .pressure)
        try units.encode(forecast.units.distance, forKey: .visibility)

        if let current = forecast.current {
            var node = root.nestedContainer(keyedBy: Keys.self, forKey: .current)
            try node.encode(clock.iso8601(current.time), forKey: .time)
            try node.encode(current.temperature, forKey: .temperature)
            try node.encode(current.apparentTemperature, forKey: .apparentTemperature)
            try node.encode(current.relativeHumidity, forKey: .humidity)
            try node.encode(current.precipitation, forKey: .precipitation)
            try Self.encodeCondition(current.weatherCode, isDay: current.isDay, into: &node)
            try node.encode(current.isDay, forKey: .isDay)
            try node.encode(current.windSpeed, forKey: .windSpeed)
            try node.encode(current.windDirection, forKey: .windDirection)
            try node.encode(current.windGusts, forKey: .windGusts)
            try node.encode(current.pressure, forKey: .pressure)
            try node.encode(forecast.pressureTrend?.rawValue, forKey: .pressureTrend)
            try node.encode(current.dewPoint, forKey: .dewPoint)
            try node.encode(current.cloudCover, forKey: .cloudCover)
            try node.encode(current.visibility, forKey: .visibility)
            let glyph = current.condition?.glyph(isDay: current.isDay ?? true, moon: forecast.moonPhase(at: current.time),
                                                 southernHemisphere: forecast.isSouthernHemisphere)
            try node.encode(glyph, forKey: .glyph)
        } else {
            try root.encodeNil(forKey: .current)
        }

        var daily = root.nestedUnkeyedContainer(forKey: .daily)
        for day in forecast.daily {
            var node = daily.nestedContainer(keyedBy: Keys.self)
            try node.encode(day.date.description, forKey: .date)
            try Self.encodeCondition(day.weatherCode, isDay: true, into: &node)
            try node.encode(day.temperatureMax, forKey: .temperatureMax)
            try node.encode(day.temperatureMin, forKey: .temperatureMin)
            try node.encode(day.precipitationSum, forKey: .precipitationSum)
            try node.encode(day.precipitationProbabilityMax, forKey: .precipitationProbabilityMax)
            try node.encode(day.windSpeedMax, forKey: .windSpeedMax)
            try node.encode(day.sunrise.map(clock.iso8601), forKey: .sunrise)
            try node.encode(day.sunset.map(clock.iso8601), forKey: .sunset)
            try node.encode(day.uvIndexMax, forKey: .uvIndexMax)
        }

        var hourly = root.nestedUnkeyedContainer(forKey: .hourly)
        let upcoming = forecast.upcomingHours()
        for hour in upcoming.prefix(hours ?? upcoming.count) {
            var node = hourly.nestedContainer(keyedBy: Keys.self)
            try node.encode(clock.iso8601(hour.time), forKey: .time)
            try node.encode(hour.temperature, forKey: .temperature)
            try node.encode(hour.precipitationProbability, forKey: .precipitationProbability)
            try node.encode(hour.precipitation, forKey: .precipitation)
            try Self.encodeCondition(hour.weatherCode, isDay: hour.isDay, into: &node)
            try node.encode(hour.isDay, forKey: .isDay)
            try node.encode(hour.windSpeed, forKey: .windSpeed)
            try node.encode(hour.windDirection, forKey: .windDirection)
            try node.encode(hour.stepHours ?? 1, forKey: .stepHours)
            try node.encode(hour.pressure, forKey: .pressure)
            try node.encode(hour.dewPoint, forKey: .dewPoint)
            try node.encode(hour.cloudCover, forKey: .cloudCover)
            try node.encode(hour.visibility, forKey: .visibility)
        }
        try encodeYesterday(into: &root)
        try encodeSky(into: &root, clock: clock)

        var source = root.nestedContainer(keyedBy: Keys.self, forKey: .source)
        try source.encode(forecast.provider.rawValue, forKey: .provider)
        try source.encode(self.source.name, forKey: .name)
        try source.encode(self.source.url, forKey: .url)
        try source.encode(self.source.license, forKey: .license)
        try root.encode(self.source.attribution, forKey: .attribution)
        try root.encode(PlaceClock(timeZone: .gmt).iso8601(generatedAt), forKey: .generatedAt)
        try encodeAirQuality(into: &root, clock: clock)
        try encodeNowcast(into: &root, clock: clock)
        try Self.encode(alerts, into: &root, clock: clock)

        // Where this forecast came from: fetched now, or the store (and how old it is).
        if let stored = self.origin {
            var cache = root.nestedContainer(keyedBy: Keys.self, forKey: .cache)
            try cache.encode(stored.name, forKey: .origin)
            if let fetchedAt = stored.fetchedAt {
                try cache.encode(PlaceClock(timeZone: .gmt).iso8601(fetchedAt), forKey: .fetchedAt)
                try cache.encode(Int(max(0, generatedAt.timeIntervalSince(fetchedAt)).rounded()), forKey: .ageSeconds)
            } else {
                try cache.encodeNil(forKey: .fetchedAt)
                try cache.encode(0, forKey: .ageSeconds)
            }
        }
    }

    /// `yesterday`: null where the provider sends no past; else yesterday at
    /// this hour and its high, and how today differs (positive: warmer).
    private func encodeYesterday(into root: inout KeyedEncodingContainer<Keys>) throws {
        guard let yesterday = forecast.yesterday else {
            try root.encodeNil(forKey: .yesterday)
            return
        }
        var node = root.nestedContainer(keyedBy: Keys.self, forKey: .yesterday)
        try node.encode(yesterday.temperatureThen, forKey: .temperatureAtThisHour)
        // A difference of two tenths is a tenth, not 0.7999999999999999.
        let tenths = { (value: Double?) in value.map { ($0 * 10).rounded() / 10 } }
        try node.encode(tenths(yesterday.temperatureDifference), forKey: .temperatureDifference)
        try node.encode(yesterday.highThen, forKey: .temperatureMax)
        try node.encode(tenths(yesterday.highDifference), forKey: .temperatureMaxDifference)
    }

    /// `sky`: each forecast day's Sun and Moon, computed for the place.
    private func encodeSky(into root: inout KeyedEncodingContainer<Keys>, clock: PlaceClock) throws {
        let dayBefore = forecast.daily.first.map { Almanac.sun(LocalDate(daysSinceEpoch: $0.date.daysSinceEpoch - 1),
                                                               at: forecast.requestedCoordinate, timeZone: forecast.timeZone) }
        try root.encode(SkyDays(days: forecast.sky(), dayBefore: dayBefore, clock: clock, southernHemisphere: forecast.isSouthernHemisphere),
                        forKey: .sky)
    }

    /// `airQuality`: null, or the index on its scale with its word, each
    /// value, the pollen counted, and whom to credit.
    private func encodeAirQuality(into root: inout KeyedEncodingContainer<Keys>, clock: PlaceClock) throws {
        guard let air = airQuality else {
            try root.encodeNil(forKey: .airQuality)
            return
        }
        var node = root.nestedContainer(keyedBy: Keys.self, forKey: .airQuality)
        try node.encode(clock.iso8601(air.time), forKey: .time)
        var index = node.nestedContainer(keyedBy: Keys.self, forKey: .index)
        try index.encode(airQualityScale.rawValue, forKey: .scale)
        try index.encode(air.index(airQualityScale), forKey: .value)
        try index.encode(air.index(airQualityScale).map(airQualityScale.category), forKey: .category)
        try node.encode(air.europeanIndex, forKey: .europeanAqi)
        try node.encode(air.usIndex, forKey: .usAqi)
        try node.encode(air.pm2_5, forKey: .pm2_5)
        try node.encode(air.pm10, forKey: .pm10)
        try node.encode(air.ozone, forKey: .ozone)
        try node.encode(air.nitrogenDioxide, forKey: .nitrogenDioxide)
        try node.encode(air.uvIndex, forKey: .uvIndex)
        try node.encode(Dictionary(uniqueKeysWithValues: air.pollen.map { ($0.key.rawValue, $0.value) }), forKey: .pollen)
        try node.encode(DataSource.openMeteoAirQuality.attribution, forKey: .attribution)
    }

    /// `nowcast`: null, or the summary and every step.
    private func encodeNowcast(into root: inout KeyedEncodingContainer<Keys>, clock: PlaceClock) throws {
        guard let nowcast else {
            try root.encodeNil(forKey: .nowcast)
            return
        }
        var node = root.nestedContainer(keyedBy: Keys.self, forKey: .nowcast)
        try node.encode(NowcastText.summary(nowcast, now: generatedAt, clock: clock), forKey: .summary)
        try node.encode(nowcast.stepMinutes, forKey: .stepMinutes)
        var steps = node.nestedUnkeyedContainer(forKey: .steps)
        for step in nowcast.steps {
            var entry = steps.nestedContainer(keyedBy: Keys.self)
            try entry.encode(clock.iso8601(step.time), forKey: .time)
            try entry.encode(step.precipitation, forKey: .precipitation)
            try entry.encode(step.snowfall, forKey: .snowfall)
        }
    }

    /// `alerts`: null when not asked, else the warnings in force at the
    /// place (worst first); `alertService`: null when not asked, else which
    /// service covers the place (`covered` false: none does, never "no
    /// warnings"), as of when, and how many of the country's warnings name
    /// regions forecastly cannot place.
    static func encode(_ alerts: PlaceAlerts?, into root: inout KeyedEncodingContainer<Keys>, clock: PlaceClock) throws {
        guard let alerts else {
            try root.encodeNil(forKey: .alerts)
            try root.encodeNil(forKey: .alertService)
            return
        }
        var list = root.nestedUnkeyedContainer(forKey: .alerts)
        for alert in alerts.active {
            var node = list.nestedContainer(keyedBy: Keys.self)
            try node.encode(alert.id, forKey: .id)
            try node.encode(alert.event, forKey: .event)
            try node.encode(alert.severity.rawValue, forKey: .severity)
            try node.encode(alert.urgency, forKey: .urgency)
            try node.encode(alert.certainty, forKey: .certainty)
            try node.encode(alert.onset.map(clock.iso8601), forKey: .onset)
            try node.encode(clock.iso8601(alert.expires), forKey: .expires)
            try node.encode(alert.ends.map(clock.iso8601), forKey: .ends)
            try node.encode(alert.headline, forKey: .headline)
            try node.encode(alert.description, forKey: .description)
            try node.encode(alert.instruction, forKey: .instruction)
            try node.encode(alert.sender, forKey: .sender)
            try node.encode(alert.areas, forKey: .areas)
            try node.encode(alert.link, forKey: .url)
            try node.encode(alert.source.rawValue, forKey: .source)
        }
        var service = root.nestedContainer(keyedBy: Keys.self, forKey: .alertService)
        switch alerts {
        case .noService:
            try service.encode(false, forKey: .covered)
            try service.encodeNil(forKey: .name)
            try service.encodeNil(forKey: .asOf)
            try service.encode(0, forKey: .unplaced)
            try service.encodeNil(forKey: .attribution)
        case .covered(let coverage):
            try service.encode(true, forKey: .covered)
            try service.encode(coverage.source.name, forKey: .name)
            try service.encode(PlaceClock(timeZone: .gmt).iso8601(coverage.asOf), forKey: .asOf)
            try service.encode(coverage.unplaced.count, forKey: .unplaced)
            try service.encode(coverage.source.credit.attribution, forKey: .attribution)
        }
    }

    /// `location.source`: what located the forecast, and how precisely.
    private static func encodeOrigin(
        kind: String, accuracy: LocationAccuracy, meters: Double? = nil, observedAt: String? = nil,
        into node: inout KeyedEncodingContainer<Keys>
    ) throws {
        try node.encode(kind, forKey: .kind)
        try node.encode(accuracy.rawValue, forKey: .accuracy)
        try node.encode(meters, forKey: .accuracyMeters)
        try node.encode(observedAt, forKey: .observedAt)
    }

    private static func encodeCondition(_ code: Int?, isDay: Bool?, into node: inout KeyedEncodingContainer<Keys>) throws {
        let condition = code.map(WeatherCondition.init(wmoCode:))
        try node.encode(code, forKey: .weatherCode)
        try node.encode(condition?.description, forKey: .description)
        try node.encode(condition?.symbolName(isDay: isDay ?? true), forKey: .symbol)
    }
}
