public import ForecastCore
/// A MET Norway Locationforecast `symbol_code`: one of 41 bases
/// ("lightrainshowers"), and for the bases drawn with a sun or moon a
/// variant suffix ("_day", "_night", "_polartwilight"), read onto the
/// WMO-coded `WeatherCondition` set every provider shares.
public struct MetNorwaySymbol: Sendable, Hashable {
    public enum Variant: String, Sendable {
        case day
        case night
        case polarTwilight = "polartwilight"
    }

    public let condition: WeatherCondition
    public let variant: Variant?

    /// Nil for a code outside MET's list (one MET adds later, or damage):
    /// such a period has no condition rather than a guessed one.
    public init?(code: String) {
        var base = Substring(code)
        var variant: Variant?
        if let underscore = code.lastIndex(of: "_") {
            guard let suffix = Variant(rawValue: String(code[code.index(after: underscore)...])) else { return nil }
            base = code[..<underscore]
            variant = suffix
        }
        guard let condition = Self.conditions[String(base)] else { return nil }
        self.condition = condition
        self.variant = variant
    }

    /// Whether the sun is up as far as the symbol says: yes by day and in
    /// polar twilight, no by night, and unknown for a symbol without a variant.
    public var isDay: Bool? {
        variant.map { $0 != .night }
    }

    /// The 41 bases of MET's legend. Intensity (light, normal, heavy) keeps
    /// its order; sleet is WMO's rain and snow; anything with thunder is a
    /// thunderstorm (MET does not say whether there is hail). The two
    /// misspelt bases ("lightssleet…", "lightssnow…") are MET's own, kept so
    /// as not to break clients, and are matched as sent.
    static let conditions: [String: WeatherCondition] = [
        "clearsky": .clearSky,
        "fair": .mainlyClear,
        "partlycloudy": .partlyCloudy,
        "cloudy": .overcast,
        "fog": .fog,
        "lightrain": .slightRain,
        "rain": .moderateRain,
        "heavyrain": .heavyRain,
        "lightrainshowers": .slightRainShowers,
        "rainshowers": .moderateRainShowers,
        "heavyrainshowers": .violentRainShowers,
        "lightsleet": .slightRainAndSnow,
        "sleet": .rainAndSnow,
        "heavysleet": .rainAndSnow,
        "lightsleetshowers": .slightRainAndSnowShowers,
        "sleetshowers": .rainAndSnowShowers,
        "heavysleetshowers": .rainAndSnowShowers,
        "lightsnow": .slightSnowFall,
        "snow": .moderateSnowFall,
        "heavysnow": .heavySnowFall,
        "lightsnowshowers": .slightSnowShowers,
        "snowshowers": .heavySnowShowers,
        "heavysnowshowers": .heavySnowShowers,
        "lightrainandthunder": .thunderstorm,
        "rainandthunder": .thunderstorm,
        "heavyrainandthunder": .thunderstorm,
        "lightrainshowersandthunder": .thunderstorm,
        "rainshowersandthunder": .thunderstorm,
        "heavyrainshowersandthunder": .thunderstorm,
        "lightsleetandthunder": .thunderstorm,
        "sleetandthunder": .thunderstorm,
        "heavysleetandthunder": .thunderstorm,
        "lightssleetshowersandthunder": .thunderstorm,
        "sleetshowersandthunder": .thunderstorm,
        "heavysleetshowersandthunder": .thunderstorm,
        "lightsnowandthunder": .thunderstorm,
        "snowandthunder": .thunderstorm,
        "heavysnowandthunder": .thunderstorm,
        "lightssnowshowersandthunder": .thunderstorm,
        "snowshowersandthunder": .thunderstorm,
        "heavysnowshowersandthunder": .thunderstorm,
    ]
}
