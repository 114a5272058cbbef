public import ForecastCore
public import ForecastlyBase
import Foundation

/// What the locale says when neither a flag, the environment nor the file
/// does: units from `LC_MEASUREMENT`, the clock from `LC_TIME`, each
/// overridden by `LC_ALL` and falling back to `LANG`, as POSIX orders them.
public struct LocaleConventions: Sendable {
    public let units: Setting<UnitSystem>
    public let clock: Setting<HourCycle>

    /// The countries that measure in miles and degrees Fahrenheit.
    static let imperialCountries: Set<String> = ["US", "LR", "MM"]

    public init(environment: [String: String]) {
        if let (variable, value) = Self.locale(for: "LC_MEASUREMENT", in: environment) {
            let imperial = Self.country(of: value).map(Self.imperialCountries.contains) ?? false
            units = Setting(imperial ? .imperial : .metric, from: .locale(variable: variable, value: value))
        } else {
            units = Setting(.metric, from: .builtIn)
        }
        if let (variable, value) = Self.locale(for: "LC_TIME", in: environment) {
            clock = Setting(Self.hourCycle(of: value), from: .locale(variable: variable, value: value))
        } else {
            clock = Setting(.twentyFourHour, from: .builtIn)
        }
    }

    /// The variable that sets `category`, and its value: LC_ALL, the
    /// category's own, then LANG; empty ones do not count.
    static func locale(for category: String, in environment: [String: String]) -> (String, String)? {
        for variable in ["LC_ALL", category, "LANG"] {
            if let value = environment[variable], !value.isEmpty { return (variable, value) }
        }
        return nil
    }

    /// The language of messages (`LC_MESSAGES`): "de" of "de_DE.UTF-8"; nil
    /// for "C", "POSIX" and unset. Warnings that come in several languages
    /// are shown in it.
    public static func language(_ environment: [String: String]) -> String? {
        guard let (_, value) = locale(for: "LC_MESSAGES", in: environment) else { return nil }
        let language = value.prefix { $0.isLetter }
        return language.count >= 2 && language.count <= 3 && value != "POSIX" ? language.lowercased() : nil
    }

    /// "US" of "en_US.UTF-8@euro"; nil for "C", "POSIX" and "C.UTF-8".
    static func country(of locale: String) -> String? {
        let name = locale.prefix { $0 != "." && $0 != "@" }
        guard let underscore = name.firstIndex(of: "_") else { return nil }
        let country = name[name.index(after: underscore)...]
        return country.count == 2 ? country.uppercased() : nil
    }

    /// Whether people of this locale read "2:05 PM" or "14:05", from the
    /// locale data Foundation carries (CLDR); the C locale keeps 24 hours.
    static func hourCycle(of locale: String) -> HourCycle {
        let name = String(locale.prefix { $0 != "." && $0 != "@" })
        guard country(of: name) != nil else { return .twentyFourHour }
        switch Locale(identifier: name).hourCycle {
        case .oneToTwelve, .zeroToEleven: return .twelveHour
        default: return .twentyFourHour
        }
    }
}
