public import Foundation

/// A complete forecast (every variable forecastly asks for), in the exact
/// shape Open-Meteo sends, for presentation tests. Kyiv, 21 Nov 2026.
public enum FullResponse {
    public static func json(units: String = "metric") -> String {
        let imperial = units == "imperial"
        let t = imperial ? "°F" : "°C"
        let w = imperial ? "mp/h" : "km/h"
        let p = imperial ? "inch" : "mm"
        var hours: [String] = []
        var temps: [String] = []
        var probabilities: [String] = []
        var amounts: [String] = []
        var codes: [String] = []
        var isDay: [String] = []
        var speeds: [String] = []
        var directions: [String] = []
        for hour in 0..<48 {
            let day = 21 + (hour + 7) / 24
            let clock = (hour + 7) % 24
            hours.append("\"2026-11-\(day)T\(clock < 10 ? "0" : "")\(clock):00\"")
            let celsius = 2.0 + Double((hour * 7) % 9) - 3.5
            temps.append(String(imperial ? celsius * 9 / 5 + 32 : celsius))
            probabilities.append(String((hour * 13) % 100))
            amounts.append(hour % 5 == 0 ? (imperial ? "0.012" : "0.3") : "0.00")
            codes.append(String([3, 61, 2, 45, 71, 0, 80, 95][hour % 8]))
            isDay.append((7...15).contains(clock) ? "1" : "0")
            speeds.append(String(Double(5 + hour % 20)))
            directions.append(String((hour * 37) % 360))
        }
        func list(_ values: [String]) -> String { "[" + values.joined(separator: ",") + "]" }
        let days = (0..<7).map { "\"2026-11-\(21 + $0)\"" }
        func f(_ c: Double) -> String { String(imperial ? (c * 9 / 5 + 32) : c) }
        return """
        {"latitude":50.45,"longitude":30.5,"generationtime_ms":0.4,"utc_offset_seconds":7200,"timezone":"Europe/Kyiv","timezone_abbreviation":"GMT+2","elevation":169.0,
        "current_units":{"time":"iso8601","interval":"seconds","temperature_2m":"\(t)","apparent_temperature":"\(t)","relative_humidity_2m":"%","precipitation":"\(p)","weather_code":"wmo code","is_day":"","wind_speed_10m":"\(w)","wind_direction_10m":"°","wind_gusts_10m":"\(w)"},
        "current":{"time":"2026-11-21T07:15","interval":900,"temperature_2m":\(f(-1.4)),"apparent_temperature":\(f(-5.8)),"relative_humidity_2m":87,"precipitation":0.00,"weather_code":71,"is_day":1,"wind_speed_10m":14.6,"wind_direction_10m":315,"wind_gusts_10m":31.0},
        "hourly_units":{"time":"iso8601","temperature_2m":"\(t)","precipitation_probability":"%","precipitation":"\(p)","weather_code":"wmo code","is_day":"","wind_speed_10m":"\(w)","wind_direction_10m":"°"},
        "hourly":{"time":\(list(hours)),"temperature_2m":\(list(temps)),"precipitation_probability":\(list(probabilities)),"precipitation":\(list(amounts)),"weather_code":\(list(codes)),"is_day":\(list(isDay)),"wind_speed_10m":\(list(speeds)),"wind_direction_10m":\(list(directions))},
        "daily_units":{"time":"iso8601","weather_code":"wmo code","temperature_2m_max":"\(t)","temperature_2m_min":"\(t)","precipitation_sum":"\(p)","precipitation_probability_max":"%","wind_speed_10m_max":"\(w)","sunrise":"iso8601","sunset":"iso8601","uv_index_max":""},
        "daily":{"time":\(list(days)),"weather_code":[71,3,61,null,0,95,2],"temperature_2m_max":[\(f(1.2)),\(f(3.4)),\(f(5.0)),\(f(2.2)),\(f(-0.4)),\(f(7.9)),\(f(4.4))],"temperature_2m_min":[\(f(-3.1)),\(f(-1.0)),\(f(0.6)),null,\(f(-6.5)),\(f(1.1)),\(f(0.0))],"precipitation_sum":[1.2,0.0,4.6,null,0.0,12.3,0.1],"precipitation_probability_max":[80,10,95,null,0,100,20],"wind_speed_10m_max":[22.3,15.0,30.1,null,8.2,41.7,12.0],
         "sunrise":["2026-11-21T07:12","2026-11-22T07:14","2026-11-23T07:15","2026-11-24T07:17","2026-11-25T07:18","2026-11-26T07:20","2026-11-27T07:21"],
         "sunset":["2026-11-21T16:04","2026-11-22T16:03","2026-11-23T16:02","2026-11-24T16:01","2026-11-25T16:00","2026-11-26T15:59","2026-11-27T15:58"],
         "uv_index_max":[0.85,0.9,0.7,null,1.1,0.4,0.8]}}
        """
    }
}

extension FullResponse {
    /// What Open-Meteo sends for several places: a JSON array of the same
    /// objects in request order, `location_id` on all but the first. Each
    /// place's current temperature is its index, so order is visible.
    public static func array(latitudes: [String], longitudes: [String]) -> String {
        let single = json()
        let elements = zip(latitudes, longitudes).enumerated().map { index, pair in
            var element = single
                .replacingOccurrences(of: "\"latitude\":50.45,\"longitude\":30.5,", with: "\"latitude\":\(pair.0),\"longitude\":\(pair.1),"
                    + (index > 0 ? "\"location_id\":\(index)," : ""))
            element = element.replacingOccurrences(of: "\"interval\":900,\"temperature_2m\":-1.4", with: "\"interval\":900,\"temperature_2m\":\(index).0")
            return element
        }
        return "[" + elements.joined(separator: ",") + "]"
    }

    /// Answers /v1/forecast for one place (an object) or several (an array),
    /// and /v1/search with `geocoding` (the body of a real geocoding answer).
    /// The air-quality answer every place gets (a derived fixture: EAQI 38, grass pollen 12.4).
    public static let airQuality = (try? String(contentsOf: Fixtures.url("air-quality/current_all_variables_enschede_derived.json"), encoding: .utf8)) ?? "{}"

    /// A `minutely_15` answer in the recorded one's layout (UTC, so the wall
    /// clock is the instant), from the current quarter hour: one amount per
    /// step, in mm per 15 minutes. No recording has rain; this is derived
    /// (Tests/Fixtures/nowcast/SOURCES.md).
    public static func nowcastJSON(rain: [Double], snow: [Double]? = nil, now: Date = Date()) -> String {
        let start = Int(now.timeIntervalSince1970) / 900 * 900
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
        let times = rain.indices.map { "\"" + formatter.string(from: Date(timeIntervalSince1970: TimeInterval(start + $0 * 900))) + "\"" }
        let snowfall = (snow ?? rain.map { _ in 0 }).map { "\($0)" }.joined(separator: ",")
        return #"{"latitude":50.45,"longitude":30.52,"generationtime_ms":0.07,"utc_offset_seconds":0,"timezone":"GMT","timezone_abbreviation":"GMT","elevation":169.0,"#
            + #""minutely_15_units":{"time":"iso8601","precipitation":"mm","snowfall":"cm"},"#
            + #""minutely_15":{"time":["# + times.joined(separator: ",") + #"],"precipitation":["# + rain.map { "\($0)" }.joined(separator: ",")
            + #"],"snowfall":["# + snowfall + "]}}"
    }

    /// Answers of the three warning services with nothing in force (the
    /// NWS's recorded empty answer; MET Norway's and MeteoAlarm's empty
    /// forms), so a run asks them as it would and shows no warning.
    public static let noNWSAlerts = (try? String(contentsOf: Fixtures.url("alerts/nws/active_point_nyc_empty_2026-02-28.json"), encoding: .utf8)) ?? "{}"
    public static let noMetAlerts = (try? String(contentsOf: Fixtures.url("alerts/met-norway/current_empty_derived.json"), encoding: .utf8)) ?? "{}"
    public static let noMeteoAlarmWarnings = #"{"warnings":[]}"#

    public static func handler(geocoding: String = #"{"generationtime_ms":0.1}"#) -> @Sendable (StubHTTPServer.RecordedRequest) -> StubHTTPServer.Reply {
        { request in
            if request.path == "/v1/search" { return .json(geocoding) }
            if request.path == "/v1/air-quality" { return .json(airQuality) }
            if request.path == "/alerts/active" { return .json(noNWSAlerts) }
            if request.path == "/weatherapi/metalerts/2.0/current.json" { return .json(noMetAlerts) }
            if request.path.hasPrefix("/api/v1/warnings/feeds-") { return .json(noMeteoAlarmWarnings) }
            if request.query["minutely_15"] != nil { return .json(nowcastJSON(rain: [0, 0, 0.4, 0.6, 0.3, 0, 0, 0, 0])) }
            let latitudes = (request.query["latitude"] ?? "").split(separator: ",").map(String.init)
            let longitudes = (request.query["longitude"] ?? "").split(separator: ",").map(String.init)
            if latitudes.count > 1 { return .json(array(latitudes: latitudes, longitudes: longitudes)) }
            return .json(json())
        }
    }
}
