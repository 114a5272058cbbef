/// The JSON Open-Meteo sends, kept as loose as the API is: sections and
/// variables may be missing, any value may be `null`, and times are strings
/// (`timeformat=iso8601`) or integers (`timeformat=unixtime`).
///
/// The mapping onto `Forecast` (and every check on it) is in
/// `OpenMeteoPayload+Forecast.swift`.
struct OpenMeteoPayload: Decodable, Sendable {
    var latitude: Double
    var longitude: Double
    var utcOffsetSeconds: Int
    var timezone: String
    var elevation: Double?
    var currentUnits: [String: String]?
    var current: [String: JSONScalar]?
    var hourlyUnits: [String: String]?
    var hourly: [String: [JSONScalar]]?
    var dailyUnits: [String: String]?
    var daily: [String: [JSONScalar]]?

    enum CodingKeys: String, CodingKey {
        case latitude, longitude, timezone, elevation, current, hourly, daily
        case utcOffsetSeconds = "utc_offset_seconds"
        case currentUnits = "current_units"
        case hourlyUnits = "hourly_units"
        case dailyUnits = "daily_units"
    }
}

/// One JSON value that is not an object or array.
enum JSONScalar: Decodable, Sendable, Equatable {
    case number(Double)
    case text(String)
    case null

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .text(text)
        } else {
            throw DecodingError.typeMismatch(
                JSONScalar.self,
                .init(codingPath: decoder.codingPath, debugDescription: "expected a number, a string or null")
            )
        }
    }
}

/// The body of an Open-Meteo error: `{"error": true, "reason": "…"}`. Some
/// 429 bodies carry only `reason`, so `error` is not required.
struct OpenMeteoErrorBody: Decodable {
    var reason: String
}
