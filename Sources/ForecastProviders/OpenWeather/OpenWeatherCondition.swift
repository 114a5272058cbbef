import ForecastCore
/// OpenWeather's condition ids (`weather[].id`, 2xx thunder to 8xx clouds)
/// read onto the WMO-coded `WeatherCondition` set every provider shares.
/// The id is the stable code; `main` and `description` are display text
/// (translated with `lang`) and are never read.
enum OpenWeatherCondition {
    /// Nil for an id outside OpenWeather's table (762, volcanic ash, has no
    /// WMO counterpart either): such a step has no condition rather than a
    /// guessed one.
    static func condition(id: Int) -> WeatherCondition? {
        switch id {
        case 200...232: .thunderstorm // OpenWeather does not say whether there is hail
        case 300, 310: .lightDrizzle
        case 301, 311: .moderateDrizzle
        case 302, 312: .denseDrizzle
        case 313, 321: .slightRainShowers
        case 314: .moderateRainShowers
        case 500: .slightRain
        case 501: .moderateRain
        case 502, 503, 504: .heavyRain
        case 511: .lightFreezingRain
        case 520: .slightRainShowers
        case 521, 531: .moderateRainShowers
        case 522: .violentRainShowers
        case 600: .slightSnowFall
        case 601: .moderateSnowFall
        case 602: .heavySnowFall
        case 611, 616: .rainAndSnow
        case 612: .slightRainAndSnowShowers
        case 613: .rainAndSnowShowers
        case 615: .slightRainAndSnow
        case 620, 621: .slightSnowShowers
        case 622: .heavySnowShowers
        case 701, 741: .fog
        case 711: .smoke
        case 721: .haze
        case 731, 751, 761: .dust
        case 771: .squalls
        case 781: .tornado
        case 800: .clearSky
        case 801: .mainlyClear
        case 802: .partlyCloudy
        case 803, 804: .overcast
        default: nil
        }
    }

    /// Day or night from the icon's letter ("10d", "04n"); nil for any other icon.
    static func isDay(icon: String?) -> Bool? {
        switch icon?.last {
        case "d": true
        case "n": false
        default: nil
        }
    }
}
