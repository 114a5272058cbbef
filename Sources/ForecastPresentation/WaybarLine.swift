public import ForecastCore
public import ForecastlyBase
import Foundation
public import Places

/// `--waybar`: one JSON object on one line, as Waybar's custom module reads
/// it (`"return-type": "json"`): `text` (the one-liner), `tooltip` (the next
/// hours and days, a few lines), `class` (the condition, such as `rain` or
/// `clear-night`, `stale` for a forecast shown from an old stored one
/// because the service failed, or from the store with `--offline`,
/// `outdated` for one whose "now" is hours from the clock, and
/// `alert-SEVERITY` (`alert-severe`) while a warning is in force,
/// `alerts-unknown` when the warning service failed, `warning` while the
/// run has a warning of its own, said in the tooltip: a GPS that has
/// fallen silent, a damaged file)
/// and `alt` (the condition, for format-icons).
public struct WaybarLine: Sendable {
    public var forecast: Forecast
    public var placeName: String?
    /// The gazetteer's entry, when the place was named.
    public var place: GazetteerPlace?
    public var template: LineTemplate
    /// Where the forecast came from; nil for one just fetched.
    public var origin: ForecastOrigin?
    /// The run's warnings, in the reader's words: a status bar has no stderr to read.
    public var warnings: [String] = []

    public init(forecast: Forecast, placeName: String?, place: GazetteerPlace? = nil, template: LineTemplate, origin: ForecastOrigin? = nil) {
        self.forecast = forecast
        self.placeName = placeName
        self.place = place
        self.template = template
        self.origin = origin
    }

    /// A stored forecast shown because the service failed, or with `--offline`.
    var isStale: Bool {
        switch origin {
        case .stale?, .offline?: true
        default: false
        }
    }

    struct Object: Encodable {
        var text: String
        var tooltip: String
        var `class`: [String]
        var alt: String
    }

    public func render() -> String {
        let now = forecast.current
        let condition = now?.condition
        let kind = condition.map { $0.cssClass(isDay: now?.isDay ?? true) } ?? "unknown"
        let object = Object(
            text: template.render(forecast, placeName: placeName, place: place),
            tooltip: tooltip(),
            class: [kind] + (isStale ? ["stale"] : []) + (forecast.isOutdated(at: template.now) ? ["outdated"] : [])
                + (template.alerts.flatMap(AlertText.waybarClass).map { [$0] } ?? [])
                + (template.extras.alertsUnknown ? ["alerts-unknown"] : []) + (warnings.isEmpty ? [] : ["warning"]),
            alt: kind)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // One line always: the encoder escapes every newline inside the strings.
        let line = (try? encoder.encode(object)).map { String(decoding: $0, as: UTF8.self) } ?? #"{"text":"?"}"#
        return line + "\n"
    }

    /// A run that could not show a forecast, as a line Waybar shows rather
    /// than going blank: a warning sign, why in the tooltip, and classes
    /// `error` and what kind (`denied`, `unavailable`, `temporary`,
    /// `bad-data`, `failed`) for the bar's style.
    public static func failure(_ why: String, status: ExitStatus) -> String {
        let kind = switch status {
        case .noPermission: "denied"
        case .unavailable: "unavailable"
        case .temporaryFailure: "temporary"
        case .dataError: "bad-data"
        default: "failed"
        }
        let object = Object(text: "⚠", tooltip: why.strippingTerminalControls(limit: 1_000), class: ["error", kind], alt: "error")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return ((try? encoder.encode(object)).map { String(decoding: $0, as: UTF8.self) } ?? #"{"text":"⚠","class":["error"]}"#) + "\n"
    }

    /// The place, four hours and three days: what fits a tooltip.
    func tooltip() -> String {
        let clock = PlaceClock(timeZone: forecast.timeZone, hourCycle: template.hourCycle)
        let units = forecast.units
        let words = template.words
        var lines = [placeName ?? forecast.requestedCoordinate.description]
        if forecast.isOutdated(at: template.now), let time = forecast.describedTime(at: template.now) {
            lines.append("(" + words("as of {time}: not now", ["time": "\(words.day(clock.localDate(time))) \(clock.time(time))"]) + ")")
        }
        for hour in forecast.upcomingHours().prefix(4) {
            let glyph = hour.condition?.glyph(isDay: hour.isDay ?? true) ?? " "
            lines.append("\(clock.time(hour.time)) \(glyph) \(ValueFormat.temperature(hour.temperature, unit: units.temperature)) "
                         + "\(ValueFormat.percent(hour.precipitationProbability))")
        }
        for day in forecast.daily.prefix(3) {
            lines.append("\(words.day(day.date)) \(day.condition?.glyph() ?? " ") "
                         + "\(ValueFormat.temperature(day.temperatureMax, unit: units.temperature)) / "
                         + "\(ValueFormat.temperature(day.temperatureMin, unit: units.temperature))")
        }
        for alert in template.alerts?.active ?? [] {
            lines.append("⚠ \(words(alert.severity.word)): \(alert.event) \(AlertText.until(alert, clock: clock, now: template.now, words: words))")
        }
        if let difference = forecast.yesterday?.temperatureDifference {
            lines.append(YesterdayText.difference(difference, unit: units.temperature, atThisHour: true, words: template.words))
        }
        // The sky: the Moon, and how long the day is.
        if let today = forecast.sky(days: 1).first {
            lines.append(SkyText.moon(today.moon.phase, ascii: false, southernHemisphere: forecast.isSouthernHemisphere, words: template.words)
                         + " · " + template.words("Day {length}", ["length": SkyText.dayLength(today.sun.dayLength, words: template.words)]))
        }
        switch origin {
        case .stale?: lines.append("(" + words("stored forecast: the service could not be reached") + ")")
        // Asked for: the service was not tried, so only the forecast's age is said.
        case .offline?: origin?.label(now: template.now, words: words).map { lines.append($0) }
        default: break
        }
        lines += warnings.map { "⚠ " + $0 }
        lines.append(forecast.provider.source.attribution)
        if let source = template.alerts?.active.first?.source { lines.append(source.credit.attribution) }
        // A place name can come from a network service: no control characters.
        return lines.map { $0.strippingTerminalControls(limit: 200) }.joined(separator: "\n")
    }
}

extension WeatherCondition {
    /// A CSS class for status bars: what the sky does, and night where it shows.
    public func cssClass(isDay: Bool) -> String {
        switch self {
        case .clearSky, .mainlyClear: isDay ? "clear" : "clear-night"
        case .partlyCloudy: isDay ? "partly-cloudy" : "partly-cloudy-night"
        case .overcast: "cloudy"
        case .fog, .depositingRimeFog: "fog"
        case .smoke, .haze, .dust: "haze"
        case .lightDrizzle, .moderateDrizzle, .denseDrizzle: "drizzle"
        case .lightFreezingDrizzle, .denseFreezingDrizzle, .lightFreezingRain, .heavyFreezingRain: "freezing-rain"
        case .slightRain, .moderateRain, .heavyRain, .slightRainShowers, .moderateRainShowers, .violentRainShowers: "rain"
        case .slightRainAndSnow, .rainAndSnow, .slightRainAndSnowShowers, .rainAndSnowShowers: "sleet"
        case .slightSnowFall, .moderateSnowFall, .heavySnowFall, .snowGrains, .slightSnowShowers, .heavySnowShowers: "snow"
        case .thunderstorm, .thunderstormWithSlightHail, .thunderstormWithHeavyHail: "thunderstorm"
        case .squalls, .tornado: "wind"
        case .unknown: "unknown"
        }
    }
}
