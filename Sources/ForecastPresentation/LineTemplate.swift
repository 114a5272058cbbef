public import ForecastCore
public import ForecastlyLocalization
public import ForecastlyBase
public import Foundation
public import Places

/// A one-line output template in the style of wttr.in's `format=`:
/// `%`-placeholders are replaced by values, everything else is kept.
///
/// Parsing happens once, up front, so an unknown placeholder is an input
/// error before any request is made.
public struct LineTemplate: Sendable, Equatable {
    public enum Placeholder: Character, Sendable, CaseIterable {
        case location = "l"
        case glyph = "c"
        case condition = "C"
        case symbol = "i"
        case temperature = "t"
        case feelsLike = "f"
        case humidity = "h"
        case wind = "w"
        case precipitation = "p"
        case precipitationProbability = "o"
        case high = "H"
        case low = "L"
        case uvIndex = "u"
        case sunrise = "S"
        case sunset = "s"
        case localTime = "T"
        case timeZone = "Z"
        case origin = "a"
        case airQuality = "Q"
        case nowcast = "N"
        case alerts = "A"
        case pressure = "P"
        case dewPoint = "d"
        case cloudCover = "k"
        case visibility = "V"
        case moon = "M"
        case dayLength = "D"
        case yesterday = "Y"

        public var help: String {
            switch self {
            case .location: "place name, or coordinates"
            case .glyph: "condition glyph (🌞)"
            case .condition: "condition text (Clear sky)"
            case .symbol: "condition symbol name (sun.max)"
            case .temperature: "temperature now"
            case .feelsLike: "apparent (feels-like) temperature"
            case .humidity: "relative humidity"
            case .wind: "wind speed and direction"
            case .precipitation: "precipitation now"
            case .precipitationProbability: "today's highest chance of precipitation"
            case .high: "today's high"
            case .low: "today's low"
            case .uvIndex: "today's maximum UV index"
            case .sunrise: "sunrise"
            case .sunset: "sunset"
            case .localTime: "local time at the place"
            case .timeZone: "the place's time zone"
            case .origin: "where the location came from (gpsd ±8 m, IP, city name, typed…)"
            case .airQuality: "air quality (Good (EAQI 18))"
            case .nowcast: "the next 2 hours (Rain starting in about 20 min, light)"
            case .alerts: "the worst official warning in force (Severe: Flood Warning +1); empty when none, ? when the warning service failed"
            case .pressure: "pressure at sea level and its 3-hour trend (1013 hPa ↗)"
            case .dewPoint: "dew point"
            case .cloudCover: "cloud cover"
            case .visibility: "visibility"
            case .moon: "the Moon's phase today, at noon (🌔 Waxing gibbous 82%)"
            case .dayLength: "today's length (8 h 52 min)"
            case .yesterday: "now against yesterday at this hour (+3°C); empty without the past"
            }
        }
    }

    enum Part: Sendable, Equatable {
        case literal(String)
        case value(Placeholder)
    }

    /// Suits a status bar: glyph, temperature, wind.
    public static let defaultLine = "%c %t %w"

    let parts: [Part]
    /// The clock the times (%S, %s, %T) are written in.
    public var hourCycle: HourCycle = .twentyFourHour
    /// For a locale that is not UTF-8: a letter for %g, and the whole line in ASCII.
    public var ascii = false
    /// What `%Q`, `%N` and `%A` say.
    public var extras = ForecastExtras()
    private var airQuality: AirQuality? { extras.airQuality }
    private var airQualityScale: AirQualityScale { extras.airQualityScale }
    var alerts: PlaceAlerts? { extras.alerts }
    private var nowcast: Nowcast? { extras.nowcast }

    /// Whether the template shows `placeholder`: a run fetches the extras (`%Q`, `%N`, `%A`) only then.
    public func shows(_ placeholder: Placeholder) -> Bool { parts.contains(.value(placeholder)) }

    /// When the line is read (`%N` is told from it).
    public var now = Date()
    /// `--oneline`: a forecast whose "now" is far from the clock ends with
    /// the time it describes, so a status bar does not pass it off as now.
    public var marksOutdated = false
    /// The language of the words (conditions, the compass, the Moon), the days and the numbers.
    public var words = Words.english


    public init(_ template: String) throws(ForecastError) {
        guard !template.isEmpty else {
            throw .invalidInput(MessageText("--format needs a template, such as \"{example}\".", ["example": Self.defaultLine]))
        }
        var parts: [Part] = []
        var literal = ""
        var characters = template.makeIterator()
        while let character = characters.next() {
            guard character == "%" else { literal.append(character); continue }
            guard let code = characters.next() else {
                throw .invalidInput(MessageText("--format ends with a lone '%'; write %% for a percent sign."))
            }
            if code == "%" { literal.append("%"); continue }
            guard let placeholder = Placeholder(rawValue: code) else {
                let known = Placeholder.allCases.map { "%\($0.rawValue)" }.joined(separator: " ")
                throw .invalidInput(MessageText("--format has an unknown placeholder %{code}; known: {known} %%.", ["code": "\(code)", "known": known]))
            }
            if !literal.isEmpty { parts.append(.literal(literal)); literal = "" }
            parts.append(.value(placeholder))
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        self.parts = parts
    }

    /// `place` is the gazetteer's entry when the place was named (`%a` says so).
    public func render(_ forecast: Forecast, placeName: String?, place: GazetteerPlace? = nil) -> String {
        let line = parts.map { part in
            switch part {
            case .literal(let text): text
            case .value(let placeholder): value(placeholder, forecast: forecast, placeName: placeName, named: place != nil)
            }
        }.joined()
        var marked = line
        if marksOutdated, forecast.isOutdated(at: now), let time = forecast.describedTime(at: now) {
            let clock = PlaceClock(timeZone: forecast.timeZone, hourCycle: hourCycle)
            marked += " (" + words("as of {time}", ["time": "\(words.day(clock.localDate(time))) \(clock.time(time))"]) + ")"
        }
        return ascii ? ASCIIText.fold(marked) : marked
    }

    private func value(_ placeholder: Placeholder, forecast: Forecast, placeName: String?, named: Bool) -> String {
        let now = forecast.current
        let today = forecast.today
        let units = forecast.units
        let clock = PlaceClock(timeZone: forecast.timeZone, hourCycle: hourCycle)
        let isDay = now?.isDay ?? true
        switch placeholder {
        case .location: return placeName ?? forecast.requestedCoordinate.description
        case .glyph:
            guard let condition = now?.condition else { return ValueFormat.missing }
            if ascii { return String(condition.asciiGlyph) }
            let moon = isDay ? nil : now.flatMap { forecast.moonPhase(at: $0.time) }
            return condition.glyph(isDay: isDay, moon: moon, southernHemisphere: forecast.isSouthernHemisphere)
        case .condition: return now?.condition.map(words.condition) ?? ValueFormat.missing
        case .symbol: return now?.condition?.symbolName(isDay: isDay) ?? ValueFormat.missing
        case .temperature: return ValueFormat.temperature(now?.temperature, unit: units.temperature)
        case .feelsLike: return ValueFormat.temperature(now?.apparentTemperature, unit: units.temperature)
        case .humidity: return ValueFormat.percent(now?.relativeHumidity)
        case .wind: return words.wind(now?.windSpeed, direction: now?.windDirection, unit: units.windSpeed)
        case .precipitation: return words.precipitation(now?.precipitation, unit: units.precipitation)
        case .precipitationProbability: return ValueFormat.percent(today?.precipitationProbabilityMax)
        case .high: return ValueFormat.temperature(today?.temperatureMax, unit: units.temperature)
        case .low: return ValueFormat.temperature(today?.temperatureMin, unit: units.temperature)
        case .uvIndex: return today?.uvIndexMax.map { ValueFormat.decimal($0, places: 0) } ?? ValueFormat.missing
        case .sunrise: return today?.sunrise.map(clock.time) ?? ValueFormat.missing
        case .sunset: return today?.sunset.map(clock.time) ?? ValueFormat.missing
        case .localTime: return now.map { clock.time($0.time) } ?? ValueFormat.missing
        case .timeZone: return forecast.timeZone.identifier
        case .origin: return forecast.fix?.sourceSummary(words: words) ?? words(named ? "city name" : "typed coordinates")
        case .airQuality: return airQuality.flatMap { AirQualityText.index($0, scale: airQualityScale, words: words) } ?? ValueFormat.missing
        case .nowcast: return nowcast.map { NowcastText.summary($0, now: self.now, clock: clock, words: words) } ?? ValueFormat.missing
        case .alerts: return alerts.map { AlertText.short($0, words: words) } ?? (extras.alertsUnknown ? "?" : "")
        case .pressure:
            guard let pressure = now?.pressure else { return ValueFormat.missing }
            let trend = forecast.pressureTrend.map { " " + $0.arrow(ascii: ascii) } ?? ""
            return words.pressure(pressure, unit: units.pressure) + trend
        case .dewPoint: return ValueFormat.temperature(now?.dewPoint, unit: units.temperature)
        case .cloudCover: return ValueFormat.percent(now?.cloudCover)
        case .visibility: return words.visibility(now?.visibility, unit: units.distance)
        case .moon:
            // Today's figure, at the day's noon, as the report, the tooltip, `sky` and the JSON give it: one figure everywhere.
            return forecast.sky(days: 1).first.map { SkyText.moon($0.moon.phase, ascii: ascii, southernHemisphere: forecast.isSouthernHemisphere, words: words) }
                ?? ValueFormat.missing
        case .dayLength: return forecast.sky(days: 1).first.map { SkyText.dayLength($0.sun.dayLength, words: words) } ?? ValueFormat.missing
        case .yesterday: return forecast.yesterday?.temperatureDifference.map { YesterdayText.signed($0, unit: units.temperature, ascii: ascii) } ?? ""
        }
    }
}
