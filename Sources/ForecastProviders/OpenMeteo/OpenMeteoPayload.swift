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
    var hourly: [String: JSONColumn]?
    var dailyUnits: [String: String]?
    var daily: [String: JSONColumn]?

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

/// One `hourly`/`daily` array. Decoded whole as numbers or as strings, so a
/// 384-entry time column costs one failed attempt, not one thrown error per
/// entry (which made decoding several times slower).
struct JSONColumn: Decodable, Sendable {
    let values: [JSONScalar]

    init(_ values: [JSONScalar]) { self.values = values }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let numbers = try? container.decode([Double?].self) {
            values = numbers.map { $0.map(JSONScalar.number) ?? .null }
        } else if let texts = try? container.decode([String?].self) {
            values = texts.map { $0.map(JSONScalar.text) ?? .null }
        } else {
            values = try container.decode([JSONScalar].self)
        }
    }

    var count: Int { values.count }
    subscript(index: Int) -> JSONScalar { values[index] }
    var isEmpty: Bool { values.isEmpty }
}

/// The body of an Open-Meteo error: `{"error": true, "reason": "…"}`. Some
/// 429 bodies carry only `reason`, so `error` is not required.
struct OpenMeteoErrorBody: Decodable {
    var reason: String
}
