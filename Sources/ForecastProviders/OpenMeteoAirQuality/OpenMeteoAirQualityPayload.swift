import ForecastCore
import ForecastlyBase
import Foundation

/// The JSON of `/v1/air-quality` with `current=…`: the forecast API's
/// envelope (grid point, offset, zone) and one object of current values.
struct OpenMeteoAirQualityPayload: Decodable {
    var latitude: Double
    var longitude: Double
    var utc_offset_seconds: Int
    var current: Current?

    struct Current: Decodable {
        /// The place's wall-clock time, `YYYY-MM-DDTHH:MM`.
        var time: String
        var european_aqi: Double?
        var us_aqi: Double?
        var pm2_5: Double?
        var pm10: Double?
        var ozone: Double?
        var nitrogen_dioxide: Double?
        var uv_index: Double?
        var alder_pollen: Double?
        var birch_pollen: Double?
        var grass_pollen: Double?
        var mugwort_pollen: Double?
        var olive_pollen: Double?
        var ragweed_pollen: Double?

        static let requested = [
            "european_aqi", "us_aqi", "pm2_5", "pm10", "ozone", "nitrogen_dioxide", "uv_index",
            "alder_pollen", "birch_pollen", "grass_pollen", "mugwort_pollen", "olive_pollen", "ragweed_pollen",
        ]
    }

    /// What the air can hold, decided here once: a value outside it is bad
    /// data, never shown. Indexes as their scales run (EAQI past 100 is
    /// "extremely poor"; the EPA's ends at 500); concentrations up to what
    /// a dust storm or a wildfire has been measured to give.
    /// The limits are the model's, written down once (`PhysicalLimits`).
    typealias Plausible = PhysicalLimits

    func airQuality() throws(InvalidPayload) -> AirQuality {
        guard let coordinate = try? Coordinate(latitude: latitude, longitude: longitude) else {
            throw InvalidPayload(field: "latitude", detail: "\(latitude), \(longitude) is not a place on Earth")
        }
        guard (-18 * 3600...18 * 3600).contains(utc_offset_seconds) else {
            throw InvalidPayload(field: "utc_offset_seconds", detail: "\(utc_offset_seconds) is not an offset from UTC")
        }
        guard let current else { throw InvalidPayload(field: "current", detail: "it is missing") }
        guard let wall = WallClockTime.secondsSinceEpoch(current.time) else {
            throw InvalidPayload(field: "current.time", detail: "“\(current.time.strippingTerminalControls(limit: 30))” is not a time")
        }
        func checked(_ value: Double?, _ field: String, _ range: ClosedRange<Double>) throws(InvalidPayload) -> Double? {
            guard let value else { return nil }
            guard value.isFinite, range.contains(value) else {
                throw InvalidPayload(field: "current.\(field)", detail: "\(value) is outside what the air can hold (\(Int(range.lowerBound))…\(Int(range.upperBound)))")
            }
            return value
        }
        var pollen: [Pollen: Double] = [:]
        let counts: [(Pollen, Double?)] = [
            (.alder, current.alder_pollen), (.birch, current.birch_pollen), (.grass, current.grass_pollen),
            (.mugwort, current.mugwort_pollen), (.olive, current.olive_pollen), (.ragweed, current.ragweed_pollen),
        ]
        for (kind, count) in counts {
            if let count = try checked(count, "\(kind.rawValue)_pollen", Plausible.pollen) { pollen[kind] = count }
        }
        let air = AirQuality(
            time: Date(timeIntervalSince1970: TimeInterval(wall - utc_offset_seconds)),
            coordinate: coordinate,
            europeanIndex: try checked(current.european_aqi, "european_aqi", Plausible.airQualityIndex).map { Int($0.rounded()) },
            usIndex: try checked(current.us_aqi, "us_aqi", Plausible.airQualityIndex).map { Int($0.rounded()) },
            pm2_5: try checked(current.pm2_5, "pm2_5", Plausible.concentration),
            pm10: try checked(current.pm10, "pm10", Plausible.concentration),
            ozone: try checked(current.ozone, "ozone", Plausible.concentration),
            nitrogenDioxide: try checked(current.nitrogen_dioxide, "nitrogen_dioxide", Plausible.concentration),
            uvIndex: try checked(current.uv_index, "uv_index", Plausible.uvIndex),
            pollen: pollen)
        guard air.europeanIndex != nil || air.usIndex != nil || air.pm2_5 != nil || air.pm10 != nil || air.ozone != nil
            || air.nitrogenDioxide != nil || air.uvIndex != nil || !air.pollen.isEmpty
        else { throw InvalidPayload(field: "current", detail: "it holds no air-quality value") }
        return air
    }
}
