import ForecastlyBase
import Foundation

/// Reads the answer of an IP geolocation service, recognising the format
/// from the body itself: ipapi.co, ipwho.is, ipinfo.io and ip-api.com all
/// work without being named. A failure flag in the body (`status: "fail"`,
/// `success: false`, `error: true` or an `error` object) is an error even
/// when the HTTP status is 200.
enum IPGeolocationResponse {
    struct Place: Equatable {
        var latitude: Double
        var longitude: Double
        var city: String?
        var countryCode: String?
    }

    enum Outcome: Equatable {
        case place(Place)
        /// The service's own words, or ours when it has none.
        case failed(reason: MessageText)
        /// Not an answer in any format this reads.
        case unreadable(reason: MessageText)
        case rateLimited
    }

    static func interpret(_ body: [UInt8]) -> Outcome {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else {
            let text = String(decoding: body.prefix(200), as: UTF8.self)
            if text.lowercased().contains("rate limit") { return .rateLimited }
            return .unreadable(reason: MessageText("not a JSON object"))
        }
        if let failure = failure(in: object) { return failure }
        guard let (latitude, longitude) = coordinates(in: object) else {
            return .failed(reason: MessageText("the answer has no coordinates"))
        }
        return .place(Place(
            latitude: latitude,
            longitude: longitude,
            city: text(object["city"]),
            countryCode: countryCode(in: object)
        ))
    }

    private static func failure(in object: [String: Any]) -> Outcome? {
        let message = text(object["message"]) ?? text(object["reason"])
        if let status = object["status"] as? String, status.lowercased() == "fail" {   // ip-api.com
            return .failed(reason: .verbatim(message ?? "status fail"))
        }
        if let success = object["success"] as? Bool, !success {                         // ipwho.is
            return .failed(reason: .verbatim(message ?? "success false"))
        }
        if let error = object["error"] as? Bool, error {                                // ipapi.co
            if text(object["reason"])?.lowercased().contains("ratelimit") == true { return .rateLimited }
            return .failed(reason: .verbatim(message ?? "error true"))
        }
        if let error = object["error"] as? [String: Any] {                              // ipinfo.io
            return .failed(reason: .verbatim(text(error["message"]) ?? text(error["title"]) ?? "error"))
        }
        return nil
    }

    private static func coordinates(in object: [String: Any]) -> (Double, Double)? {
        if let latitude = number(object["latitude"]), let longitude = number(object["longitude"]) { return (latitude, longitude) }
        if let latitude = number(object["lat"]), let longitude = number(object["lon"]) { return (latitude, longitude) }
        if let loc = object["loc"] as? String {                                          // ipinfo.io: "lat,lon"
            let parts = loc.split(separator: ",").map { Double($0.trimmingWhitespace()) }
            if parts.count == 2, let latitude = parts[0], let longitude = parts[1] { return (latitude, longitude) }
        }
        return nil
    }

    private static func countryCode(in object: [String: Any]) -> String? {
        for key in ["country_code", "countryCode"] { if let code = text(object[key]) { return code } }
        if let country = text(object["country"]), country.count == 2 { return country }  // ipinfo.io: ISO code only
        return nil
    }

    private static func number(_ value: Any?) -> Double? {
        switch value {
        case let number as NSNumber: return number.doubleValue
        case let text as String: return Double(text)
        default: return nil
        }
    }

    private static func text(_ value: Any?) -> String? {
        guard let string = value as? String, !string.isEmpty else { return nil }
        return string
    }
}
