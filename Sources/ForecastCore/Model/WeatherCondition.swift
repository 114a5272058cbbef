/// What the sky is doing, as a WMO 4677 weather code.
///
/// Every code Open-Meteo documents has a case, and so do the four WMO codes
/// for rain and snow together (sleet, which MET Norway reports and
/// Open-Meteo does not); any other number becomes
/// `.unknown(code:)`, so a new or garbled code is shown as "Unknown (code
/// 42)" instead of crashing or silently passing for clear sky.
public enum WeatherCondition: Sendable, Hashable {
    case clearSky, mainlyClear, partlyCloudy, overcast
    case fog, depositingRimeFog
    case lightDrizzle, moderateDrizzle, denseDrizzle
    case lightFreezingDrizzle, denseFreezingDrizzle
    case slightRain, moderateRain, heavyRain
    case lightFreezingRain, heavyFreezingRain
    case slightSnowFall, moderateSnowFall, heavySnowFall, snowGrains
    case slightRainShowers, moderateRainShowers, violentRainShowers
    case slightSnowShowers, heavySnowShowers
    case slightRainAndSnow, rainAndSnow, slightRainAndSnowShowers, rainAndSnowShowers
    case thunderstorm, thunderstormWithSlightHail, thunderstormWithHeavyHail
    case smoke, haze, dust, squalls, tornado
    case unknown(code: Int)

    /// The documented codes, in table order (API-NOTES.md §3).
    public static let documented: [WeatherCondition] = [
        .clearSky, .mainlyClear, .partlyCloudy, .overcast, .fog, .depositingRimeFog,
        .lightDrizzle, .moderateDrizzle, .denseDrizzle, .lightFreezingDrizzle, .denseFreezingDrizzle,
        .slightRain, .moderateRain, .heavyRain, .lightFreezingRain, .heavyFreezingRain,
        .slightSnowFall, .moderateSnowFall, .heavySnowFall, .snowGrains,
        .slightRainShowers, .moderateRainShowers, .violentRainShowers, .slightSnowShowers, .heavySnowShowers,
        .thunderstorm, .thunderstormWithSlightHail, .thunderstormWithHeavyHail,
    ]

    /// WMO 4677's codes for rain and snow mixed (sleet), which other
    /// providers report: 68 and 69, and as showers 83 and 84.
    public static let sleet: [WeatherCondition] = [.slightRainAndSnow, .rainAndSnow, .slightRainAndSnowShowers, .rainAndSnowShowers]

    /// WMO 4677's codes for what clouds the air without fog or rain
    /// (4 smoke, 5 haze, 6 dust, 18 squalls, 19 funnel cloud or tornado),
    /// which OpenWeather reports and Open-Meteo does not.
    public static let obscuration: [WeatherCondition] = [.smoke, .haze, .dust, .squalls, .tornado]

    private static let byCode: [Int: WeatherCondition] = Dictionary(
        uniqueKeysWithValues: (documented + sleet + obscuration).map { ($0.code, $0) }
    )

    public init(wmoCode: Int) {
        self = Self.byCode[wmoCode] ?? .unknown(code: wmoCode)
    }

    public var code: Int {
        switch self {
        case .clearSky: 0
        case .mainlyClear: 1
        case .partlyCloudy: 2
        case .overcast: 3
        case .fog: 45
        case .depositingRimeFog: 48
        case .lightDrizzle: 51
        case .moderateDrizzle: 53
        case .denseDrizzle: 55
        case .lightFreezingDrizzle: 56
        case .denseFreezingDrizzle: 57
        case .slightRain: 61
        case .moderateRain: 63
        case .heavyRain: 65
        case .lightFreezingRain: 66
        case .heavyFreezingRain: 67
        case .slightSnowFall: 71
        case .moderateSnowFall: 73
        case .heavySnowFall: 75
        case .snowGrains: 77
        case .slightRainShowers: 80
        case .moderateRainShowers: 81
        case .violentRainShowers: 82
        case .slightSnowShowers: 85
        case .slightRainAndSnow: 68
        case .rainAndSnow: 69
        case .slightRainAndSnowShowers: 83
        case .rainAndSnowShowers: 84
        case .heavySnowShowers: 86
        case .thunderstorm: 95
        case .thunderstormWithSlightHail: 96
        case .thunderstormWithHeavyHail: 99
        case .smoke: 4
        case .haze: 5
        case .dust: 6
        case .squalls: 18
        case .tornado: 19
        case .unknown(let code): code
        }
    }

    public var description: String {
        switch self {
        case .clearSky: "Clear sky"
        case .mainlyClear: "Mainly clear"
        case .partlyCloudy: "Partly cloudy"
        case .overcast: "Overcast"
        case .fog: "Fog"
        case .depositingRimeFog: "Depositing rime fog"
        case .lightDrizzle: "Light drizzle"
        case .moderateDrizzle: "Moderate drizzle"
        case .denseDrizzle: "Dense drizzle"
        case .lightFreezingDrizzle: "Light freezing drizzle"
        case .denseFreezingDrizzle: "Dense freezing drizzle"
        case .slightRain: "Slight rain"
        case .moderateRain: "Moderate rain"
        case .heavyRain: "Heavy rain"
        case .lightFreezingRain: "Light freezing rain"
        case .heavyFreezingRain: "Heavy freezing rain"
        case .slightSnowFall: "Slight snow fall"
        case .moderateSnowFall: "Moderate snow fall"
        case .heavySnowFall: "Heavy snow fall"
        case .snowGrains: "Snow grains"
        case .slightRainShowers: "Slight rain showers"
        case .moderateRainShowers: "Moderate rain showers"
        case .violentRainShowers: "Violent rain showers"
        case .slightSnowShowers: "Slight snow showers"
        case .heavySnowShowers: "Heavy snow showers"
        case .slightRainAndSnow: "Slight rain and snow"
        case .rainAndSnow: "Rain and snow"
        case .slightRainAndSnowShowers: "Slight rain and snow showers"
        case .rainAndSnowShowers: "Rain and snow showers"
        case .thunderstorm: "Thunderstorm"
        case .thunderstormWithSlightHail: "Thunderstorm with slight hail"
        case .thunderstormWithHeavyHail: "Thunderstorm with heavy hail"
        case .smoke: "Smoke"
        case .haze: "Haze"
        case .dust: "Dust or sand"
        case .squalls: "Squalls"
        case .tornado: "Tornado"
        case .unknown(let code): "Unknown (code \(code))"
        }
    }

    /// An SF Symbols-style name, so Apple-platform front ends can show the
    /// system icon and others can map the same names to their own icons.
    public func symbolName(isDay: Bool = true) -> String {
        switch self {
        case .clearSky: isDay ? "sun.max" : "moon.stars"
        case .mainlyClear, .partlyCloudy: isDay ? "cloud.sun" : "cloud.moon"
        case .overcast: "cloud"
        case .fog, .depositingRimeFog: "cloud.fog"
        case .lightDrizzle, .moderateDrizzle, .denseDrizzle: "cloud.drizzle"
        case .lightFreezingDrizzle, .denseFreezingDrizzle, .lightFreezingRain, .heavyFreezingRain: "cloud.sleet"
        case .slightRainAndSnow, .rainAndSnow, .slightRainAndSnowShowers, .rainAndSnowShowers: "cloud.sleet"
        case .slightRain, .moderateRain: "cloud.rain"
        case .heavyRain: "cloud.heavyrain"
        case .slightSnowFall, .moderateSnowFall, .heavySnowFall, .snowGrains: "cloud.snow"
        case .slightRainShowers, .moderateRainShowers, .violentRainShowers: isDay ? "cloud.sun.rain" : "cloud.moon.rain"
        case .slightSnowShowers, .heavySnowShowers: "cloud.snow"
        case .thunderstorm: "cloud.bolt"
        case .thunderstormWithSlightHail, .thunderstormWithHeavyHail: "cloud.bolt.rain"
        case .smoke: "smoke"
        case .haze: isDay ? "sun.haze" : "moon.haze"
        case .dust: isDay ? "sun.dust" : "moon.dust"
        case .squalls: "wind"
        case .tornado: "tornado"
        case .unknown: "questionmark.circle"
        }
    }

    /// A glyph for terminals. Every glyph is an emoji in emoji presentation
    /// (a wide code point, or "☁" with VS16), which terminals draw two cells
    /// wide, so table columns stay aligned.
    public func glyph(isDay: Bool = true) -> String {
        switch self {
        case .clearSky: isDay ? "🌞" : "🌙"
        case .mainlyClear, .partlyCloudy: isDay ? "⛅" : "🌙"
        case .overcast: "☁️"
        case .fog, .depositingRimeFog: "🌁"
        case .lightDrizzle, .moderateDrizzle, .denseDrizzle: "💧"
        case .lightFreezingDrizzle, .denseFreezingDrizzle, .lightFreezingRain, .heavyFreezingRain: "🧊"
        case .slightRainAndSnow, .rainAndSnow, .slightRainAndSnowShowers, .rainAndSnowShowers: "🧊"
        case .slightRain, .moderateRain, .heavyRain: "☔"
        case .slightSnowFall, .moderateSnowFall, .heavySnowFall, .snowGrains: "⛄"
        case .slightRainShowers, .moderateRainShowers, .violentRainShowers: "🌂"
        case .slightSnowShowers, .heavySnowShowers: "⛄"
        case .thunderstorm, .thunderstormWithSlightHail, .thunderstormWithHeavyHail: "⚡"
        case .smoke, .haze, .dust: "🌫️"
        case .squalls: "💨"
        case .tornado: "🌪️"
        case .unknown: "❔"
        }
    }

    public var isKnown: Bool {
        if case .unknown = self { return false }
        return true
    }
}
