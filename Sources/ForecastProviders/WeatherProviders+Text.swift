public import ForecastCore
import ForecastlyBase

/// What `--help`, `about` and the settings' template say of the providers,
/// worded from the registrations, so that none of them lists providers by hand.
extension WeatherProviders {
    /// "Open-Meteo, MET Norway or OpenWeather".
    public static var namesListed: String { listed(all.map(\.provider.name)) }

    /// "open-meteo, met-norway or openweather".
    public static var idsListed: String { listed(all.map(\.provider.id)) }

    /// "Weather data by Open-Meteo.com (CC BY 4.0), MET Norway (CC BY 4.0) or OpenWeather (CC BY-SA 4.0)".
    public static var credits: String {
        let prefix = "Weather data by "
        return prefix + listed(all.map { registration in
            let attribution = registration.provider.source.attribution
            return attribution.hasPrefix(prefix) ? String(attribution.dropFirst(prefix.count)) : attribution
        })
    }

    /// One line per provider: its id, a few words and its licence.
    public static func helpLines(indent: String) -> [String] {
        let width = (all.map(\.provider.id.count).max() ?? 0) + 2
        return all.map { registration in
            let provider = registration.provider
            return indent + provider.id.padded(to: width) + "\(provider.brief) (\(provider.source.license))"
        }
    }

    /// Who stands in for whom: "When Open-Meteo or MET Norway is unavailable, the other one answers".
    public static var fallbackSentence: String {
        let standing = all.map(\.provider).filter { $0.fallbackID != nil }
        let mutual = standing.count == 2 && standing[0].fallbackID == standing[1].id && standing[1].fallbackID == standing[0].id
        if mutual { return "When \(standing[0].name) or \(standing[1].name) is unavailable, the other one answers" }
        return standing.compactMap { provider in fallback(for: provider).map { "when \(provider.name) is unavailable, \($0.name) answers" } }
            .joined(separator: "; ")
    }

    /// Every paid plan a key may include, with its provider.
    public static var plans: [(provider: WeatherProvider, plan: ProviderPlan)] {
        all.flatMap { registration in registration.provider.plans.map { (registration.provider, $0) } }
    }

    /// The plans the user's key includes: those given (`--plan`), and those whose variable is 1.
    public static func plans(given: Set<String>, environment: [String: String]) -> Set<String> {
        given.union(plans.filter { environment[$0.plan.environmentVariable] == "1" }.map(\.plan.id))
    }

    /// "A, B or C". Written out: the root help's abstract says it on every
    /// run, and `joined(separator:)` on the slice `dropLast()` made is the
    /// stack's generic code, whose first use looks its types up at run time
    /// (2.6% of a stored answer under perf).
    private static func listed(_ items: [String]) -> String {
        var text = ""
        for (index, item) in items.enumerated() {
            if index > 0 { text += index == items.count - 1 ? " or " : ", " }
            text += item
        }
        return text
    }
}
