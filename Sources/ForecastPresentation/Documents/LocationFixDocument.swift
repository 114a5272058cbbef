public import ForecastlyBase
public import Foundation

/// `location show --json`: one fix. A value the source did not give is `null`.
public struct LocationFixDocument: Encodable, Sendable {
    let fix: LocationFix
    let now: Date

    public init(fix: LocationFix, now: Date) {
        self.fix = fix
        self.now = now
    }

    enum Keys: String, CodingKey {
        case latitude, longitude, source, accuracy, accuracyMeters, ageSeconds, observedAt, city, countryCode
    }

    public func encode(to encoder: any Encoder) throws {
        var node = encoder.container(keyedBy: Keys.self)
        try node.encode(fix.coordinate.latitude, forKey: .latitude)
        try node.encode(fix.coordinate.longitude, forKey: .longitude)
        try node.encode(fix.source.rawValue, forKey: .source)
        try node.encode(fix.accuracy.rawValue, forKey: .accuracy)
        try node.encode(fix.accuracyMeters, forKey: .accuracyMeters)
        // Whole seconds: a fix's age is not measured more finely than that.
        try node.encode(Int(fix.age(at: now).rounded()), forKey: .ageSeconds)
        try node.encode(PlaceClock(timeZone: .gmt).iso8601(fix.timestamp), forKey: .observedAt)
        try node.encode(fix.city, forKey: .city)
        try node.encode(fix.countryCode, forKey: .countryCode)
    }

    public func encoded() -> Data { DocumentEncoding.encode(self, empty: "{}") }
}
