/// A point on the WGS 84 ellipsoid.
///
/// A `Coordinate` can only hold finite values inside the valid ranges, so
/// code that receives one never has to check it again: every way of making
/// one (typed by a user, decoded from a server, read from gpsd) goes through
/// the throwing initializer.
public struct Coordinate: Hashable, Sendable, CustomStringConvertible {
    public let latitude: Double
    public let longitude: Double

    public static let latitudeRange: ClosedRange<Double> = -90...90
    public static let longitudeRange: ClosedRange<Double> = -180...180

    public init(latitude: Double, longitude: Double) throws(CoordinateError) {
        guard latitude.isFinite else { throw .notFinite(axis: .latitude) }
        guard longitude.isFinite else { throw .notFinite(axis: .longitude) }
        guard Self.latitudeRange.contains(latitude) else {
            throw .outOfRange(axis: .latitude, value: latitude)
        }
        guard Self.longitudeRange.contains(longitude) else {
            throw .outOfRange(axis: .longitude, value: longitude)
        }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// "50.4500°N, 30.5200°E": hemisphere letters instead of signs, because
    /// a lone minus sign is easy to miss on a small status bar.
    public var description: String {
        "\(Self.format(abs(latitude)))°\(latitude < 0 ? "S" : "N"), "
            + "\(Self.format(abs(longitude)))°\(longitude < 0 ? "W" : "E")"
    }

    /// Four decimals (about 11 m) is more than any source here delivers.
    static func format(_ value: Double) -> String {
        let scaled = (value * 10_000).rounded()
        let whole = Int(scaled) / 10_000
        let fraction = Int(scaled) % 10_000
        let digits = String(fraction)
        return "\(whole)." + String(repeating: "0", count: 4 - digits.count) + digits
    }
}

public enum CoordinateAxis: String, Sendable {
    case latitude
    case longitude
}

public enum CoordinateError: Error, Hashable, Sendable, CustomStringConvertible {
    case notFinite(axis: CoordinateAxis)
    case outOfRange(axis: CoordinateAxis, value: Double)

    public var description: String {
        switch self {
        case .notFinite(let axis):
            return "\(axis.rawValue) must be a finite number"
        case .outOfRange(.latitude, let value):
            return "latitude must be between -90 and 90; got \(value.asTyped)"
        case .outOfRange(.longitude, let value):
            return "longitude must be between -180 and 180; got \(value.asTyped)"
        }
    }
}

extension CoordinateError: UserFacingError {
    public var summaryMessage: MessageText {
        switch self {
        case .notFinite(.latitude): MessageText("The latitude must be a finite number.")
        case .notFinite(.longitude): MessageText("The longitude must be a finite number.")
        case .outOfRange(.latitude, let value): MessageText("The latitude must be between -90 and 90; got {value}.", ["value": value.asTyped])
        case .outOfRange(.longitude, let value): MessageText("The longitude must be between -180 and 180; got {value}.", ["value": value.asTyped])
        }
    }
    public var adviceMessage: MessageText? { nil }
    public var exitStatus: ExitStatus { .usage }
}

extension Coordinate: Codable {
    enum CodingKeys: String, CodingKey { case latitude, longitude }

    /// Decoding goes through the validating initializer: a stored or
    /// received coordinate out of range is a decoding error, not a value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let latitude = try container.decode(Double.self, forKey: .latitude)
        let longitude = try container.decode(Double.self, forKey: .longitude)
        do {
            try self.init(latitude: latitude, longitude: longitude)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(latitude, forKey: .latitude)
        try container.encode(longitude, forKey: .longitude)
    }
}

import Foundation

extension Coordinate {
    /// Metres along the Earth's surface (haversine on a sphere of the mean radius).
    public func distance(to other: Coordinate) -> Double {
        let radians = Double.pi / 180
        let dLat = (other.latitude - latitude) * radians, dLon = (other.longitude - longitude) * radians
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(latitude * radians) * cos(other.latitude * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * 6_371_008.8 * asin(min(1, h.squareRoot()))
    }
}
