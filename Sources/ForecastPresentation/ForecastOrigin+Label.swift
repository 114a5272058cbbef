public import ForecastCore
public import ForecastlyLocalization
public import Foundation

extension ForecastOrigin {
    /// "fetched 14:05 UTC, 2 h 5 min ago" style label, for the report.
    public func label(now: Date, words: Words = .english) -> String? {
        guard let fetchedAt else { return nil }
        let age = words.age(now.timeIntervalSince(fetchedAt))
        switch self {
        case .network: return nil
        case .stored: return words("fetched {age} ago (fresh enough; --refresh fetches again)", ["age": age])
        case .held(_, let until):
            return words("fetched {age} ago, the newest there is (the provider asks for no new request for {wait})",
                         ["age": age, "wait": words.age(until.timeIntervalSince(now))])
        case .stale: return words("fetched {age} ago: STALE, the service could not be reached", ["age": age])
        case .offline: return words("fetched {age} ago (offline)", ["age": age])
        }
    }
}
