public import Foundation

/// An Open-Meteo answer for the hour of `now`: 48 hours and 7 days of
/// plausible weather in UTC, so the scenario's forecasts read like real ones.
public enum OpenMeteoAnswer {
    /// `temperature` is the current one (°C); the place is the one asked about.
    public static func json(now: Date, temperature: Double = 12.5, latitude: Double = 52.52, longitude: Double = 13.41) -> String {
        let hourStart = (now.timeIntervalSince1970 / 3600).rounded(.down) * 3600
        let dayStart = (now.timeIntervalSince1970 / 86_400).rounded(.down) * 86_400
        func stamp(_ seconds: Double, withTime: Bool = true) -> String {
            let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: Date(timeIntervalSince1970: seconds))
            let date = String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
            return withTime ? date + String(format: "T%02d:%02d", parts.hour!, parts.minute!) : date
        }
        let hours = (0..<48).map { hourStart + Double($0) * 3600 }
        let days = (0..<7).map { dayStart + Double($0) * 86_400 }
        func list(_ values: [String]) -> String { "[" + values.joined(separator: ",") + "]" }
        return """
        {"latitude":\(latitude),"longitude":\(longitude),"utc_offset_seconds":0,"timezone":"GMT","elevation":38,\
        "current":{"time":"\(stamp(hourStart))","temperature_2m":\(temperature),"apparent_temperature":10.1,"relative_humidity_2m":70,\
        "precipitation":0,"weather_code":2,"is_day":1,"wind_speed_10m":14.0,"wind_direction_10m":240,"wind_gusts_10m":28.0},\
        "hourly":{"time":\(list(hours.map { "\"\(stamp($0))\"" })),"temperature_2m":\(list(hours.indices.map { String(10 + $0 % 6) })),\
        "precipitation_probability":\(list(hours.indices.map { String($0 * 2 % 100) })),"precipitation":\(list(hours.indices.map { _ in "0" })),\
        "weather_code":\(list(hours.indices.map { _ in "2" })),"is_day":\(list(hours.indices.map { _ in "1" })),\
        "wind_speed_10m":\(list(hours.indices.map { _ in "14" })),"wind_direction_10m":\(list(hours.indices.map { _ in "240" }))},\
        "daily":{"time":\(list(days.map { "\"\(stamp($0, withTime: false))\"" })),"weather_code":\(list(days.map { _ in "3" })),\
        "temperature_2m_max":\(list(days.map { _ in "16" })),"temperature_2m_min":\(list(days.map { _ in "8" })),\
        "precipitation_sum":\(list(days.map { _ in "0" })),"precipitation_probability_max":\(list(days.map { _ in "20" })),\
        "wind_speed_10m_max":\(list(days.map { _ in "20" })),"uv_index_max":\(list(days.map { _ in "3" }))}}
        """
    }
}
