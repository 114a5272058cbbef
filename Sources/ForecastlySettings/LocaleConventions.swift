public import ForecastCore
public import ForecastlyBase
import Foundation

/// What the locale says when neither a flag, the environment nor the file
/// does: units from `LC_MEASUREMENT`, the clock from `LC_TIME`, each
/// overridden by `LC_ALL` and falling back to `LANG`, as POSIX orders them.
/// The units follow national weather reporting where it is clear (the
/// README lists the sources): the US's customary units, Britain's mph and
/// miles with °C, m/s for wind in the Nordic countries and Russia, and
/// millimetres of mercury in Russia.
public struct LocaleConventions: Sendable {
    public let units: Setting<UnitSystem>
    /// Each quantity's unit, where the country's practice differs from its system's.
    public let measurement: Setting<MeasurementUnits>
    public let clock: Setting<HourCycle>

    /// The countries that measure in miles and degrees Fahrenheit.
    static let imperialCountries: Set<String> = ["US", "LR", "MM"]
    /// Wind in metres per second: yr.no (MET Norway), SMHI, DMI, FMI, the
    /// Icelandic Met Office and Roshydromet report it so.
    static let metresPerSecondCountries: Set<String> = ["NO", "SE", "DK", "FI", "IS", "RU"]

    public init(environment: [String: String]) {
        if let (variable, value) = Self.locale(for: "LC_MEASUREMENT", in: environment) {
            let country = Self.country(of: value)
            let system = Self.system(of: country)
            units = Setting(system, from: .locale(variable: variable, value: value))
            measurement = Setting(Self.measurement(of: country, system: system), from: .locale(variable: variable, value: value))
        } else {
            units = Setting(.metric, from: .builtIn)
            measurement = Setting(.metric, from: .builtIn)
        }
        if let (variable, value) = Self.locale(for: "LC_TIME", in: environment) {
            clock = Setting(Self.hourCycle(of: value), from: .locale(variable: variable, value: value))
        } else {
            clock = Setting(.twentyFourHour, from: .builtIn)
        }
    }

    static func system(of country: String?) -> UnitSystem {
        guard let country else { return .metric }
        if imperialCountries.contains(country) { return .imperial }
        return country == "GB" ? .uk : .metric
    }

    static func measurement(of country: String?, system: UnitSystem) -> MeasurementUnits {
        var units = system.units
        guard let country else { return units }
        if metresPerSecondCountries.contains(country) { units.windSpeed = .ms }
        if country == "RU" { units.pressure = .mmhg }
        return units
    }

    /// The variable that sets `category`, and its value: LC_ALL, the
    /// category's own, then LANG; empty ones do not count.
    static func locale(for category: String, in environment: [String: String]) -> (String, String)? {
        for variable in ["LC_ALL", category, "LANG"] {
            if let value = environment[variable], !value.isEmpty { return (variable, value) }
        }
        return nil
    }

    /// The language of messages: `LANGUAGE`'s first (unless the locale is
    /// "C"), else `LC_MESSAGES`'s, as gettext reads them: "de" of
    /// "de_DE.UTF-8"; nil for "C", "POSIX" and unset. Warnings that come in
    /// several languages are shown in it, whether or not forecastly has a
    /// catalog for it (MET Norway's in Norwegian).
    public static func language(_ environment: [String: String]) -> String? {
        guard let (_, locale) = locale(for: "LC_MESSAGES", in: environment) else { return nil }
        var value = locale
        if locale != "C", locale != "POSIX", let first = environment["LANGUAGE"]?.split(separator: ":").first { value = String(first) }
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
