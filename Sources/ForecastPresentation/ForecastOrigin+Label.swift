public import ForecastCore
public import Foundation

extension ForecastOrigin {
    /// "fetched 14:05 UTC, 2 h 5 min ago" style label, for the report.
    public func label(now: Date) -> String? {
        guard let fetchedAt else { return nil }
        let age = ValueFormat.age(now.timeIntervalSince(fetchedAt))
        switch self {
        case .network: return nil
        case .stored: return "fetched \(age) ago (fresh enough; --refresh fetches again)"
        case .held(_, let until):
            return "fetched \(age) ago, the newest there is (the provider asks for no new request for \(ValueFormat.age(until.timeIntervalSince(now))))"
        case .stale: return "fetched \(age) ago: STALE, the service could not be reached"
        case .offline: return "fetched \(age) ago (offline)"
        }
    }
}
