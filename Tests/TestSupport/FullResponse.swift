public import Foundation

/// A complete forecast (every variable forecastly asks for), in the exact
/// shape Open-Meteo sends, for presentation tests. Kyiv, 21 Nov 2026 07:15
/// as recorded; `at:` moves the same answer by whole hours so that its
/// "now" is the given time (a run against a stub must not look outdated),
/// keeping every local clock time and value.
public enum FullResponse {
    /// The recorded answer's "now": 2026-11-21T07:15 in Kyiv (UTC+2).
    public static let recordedNow = Date(timeIntervalSince1970: 1_795_238_100)

    /// The answer as recorded, or moved to `now`.
    public static func json(units: String = "metric", at now: Date? = nil) -> String {
        let imperial = units == "imperial"
        let t = imperial ? "°F" : "°C"
        let w = imperial ? "mp/h" : "km/h"
        let p = imperial ? "inch" : "mm"
        // Whole hours, so the local minutes (07:15, sunrise 07:12) stay; the
        // offset Kyiv has then (UTC+3 in summer), so the local clock does too.
        let shift = now.map { (($0.timeIntervalSince(recordedNow)) / 3600).rounded() * 3600 } ?? 0
        let current = recordedNow.addingTimeInterval(shift)
        let offset = now.map { TimeZone(identifier: "Europe/Kyiv")?.secondsFromGMT(for: $0) ?? 7200 } ?? 7200
        let local = DateFormatter()
        local.locale = Locale(identifier: "en_US_POSIX")
        local.timeZone = TimeZone(secondsFromGMT: offset)
        local.dateFormat = "yyyy-MM-dd'T'HH:mm"
        func localTime(_ date: Date) -> String { "\"" + local.string(from: date) + "\"" }
        let firstHour = current.addingTimeInterval(-15 * 60)
        let dates = DateFormatter()
        dates.locale = local.locale
        dates.timeZone = local.timeZone
        dates.dateFormat = "yyyy-MM-dd"
        func day(_ index: Int) -> String { dates.string(from: current.addingTimeInterval(TimeInterval(index * 86_400))) }
        var hours: [String] = []
        var temps: [String] = []
        var probabilities: [String] = []
        var amounts: [String] = []
        var codes: [String] = []
        var isDay: [String] = []
        var speeds: [String] = []
        var directions: [String] = []
        for hour in 0..<48 {
            let clock = (hour + 7) % 24
            hours.append(localTime(firstHour.addingTimeInterval(TimeInterval(hour * 3600))))
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
        let days = (0..<7).map { "\"\(day($0))\"" }
        let sunrises = ["07:12", "07:14", "07:15", "07:17", "07:18", "07:20", "07:21"].enumerated().map { "\"\(day($0))T\($1)\"" }
        let sunsets = ["16:04", "16:03", "16:02", "16:01", "16:00", "15:59", "15:58"].enumerated().map { "\"\(day($0))T\($1)\"" }
        func f(_ c: Double) -> String { String(imperial ? (c * 9 / 5 + 32) : c) }
        return """
        {"latitude":50.45,"longitude":30.5,"generationtime_ms":0.4,"utc_offset_seconds":\(offset),"timezone":"Europe/Kyiv","timezone_abbreviation":"GMT+2","elevation":169.0,
        "current_units":{"time":"iso8601","interval":"seconds","temperature_2m":"\(t)","apparent_temperature":"\(t)","relative_humidity_2m":"%","precipitation":"\(p)","weather_code":"wmo code","is_day":"","wind_speed_10m":"\(w)","wind_direction_10m":"°","wind_gusts_10m":"\(w)"},
        "current":{"time":\(localTime(current)),"interval":900,"temperature_2m":\(f(-1.4)),"apparent_temperature":\(f(-5.8)),"relative_humidity_2m":87,"precipitation":0.00,"weather_code":71,"is_day":1,"wind_speed_10m":14.6,"wind_direction_10m":315,"wind_gusts_10m":31.0},
        "hourly_units":{"time":"iso8601","temperature_2m":"\(t)","precipitation_probability":"%","precipitation":"\(p)","weather_code":"wmo code","is_day":"","wind_speed_10m":"\(w)","wind_direction_10m":"°"},
        "hourly":{"time":\(list(hours)),"temperature_2m":\(list(temps)),"precipitation_probability":\(list(probabilities)),"precipitation":\(list(amounts)),"weather_code":\(list(codes)),"is_day":\(list(isDay)),"wind_speed_10m":\(list(speeds)),"wind_direction_10m":\(list(directions))},
        "daily_units":{"time":"iso8601","weather_code":"wmo code","temperature_2m_max":"\(t)","temperature_2m_min":"\(t)","precipitation_sum":"\(p)","precipitation_probability_max":"%","wind_speed_10m_max":"\(w)","sunrise":"iso8601","sunset":"iso8601","uv_index_max":""},
        "daily":{"time":\(list(days)),"weather_code":[71,3,61,null,0,95,2],"temperature_2m_max":[\(f(1.2)),\(f(3.4)),\(f(5.0)),\(f(2.2)),\(f(-0.4)),\(f(7.9)),\(f(4.4))],"temperature_2m_min":[\(f(-3.1)),\(f(-1.0)),\(f(0.6)),null,\(f(-6.5)),\(f(1.1)),\(f(0.0))],"precipitation_sum":[1.2,0.0,4.6,null,0.0,12.3,0.1],"precipitation_probability_max":[80,10,95,null,0,100,20],"wind_speed_10m_max":[22.3,15.0,30.1,null,8.2,41.7,12.0],
         "sunrise":\(list(sunrises)),
         "sunset":\(list(sunsets)),
         "uv_index_max":[0.85,0.9,0.7,null,1.1,0.4,0.8]}}
        """
    }
}

extension FullResponse {
    /// What Open-Meteo sends for several places: a JSON array of the same
    /// objects in request order, `location_id` on all but the first. Each
    /// place's current temperature is its index, so order is visible.
    public static func array(latitudes: [String], longitudes: [String], at now: Date? = nil) -> String {
        let single = json(at: now)
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

    /// The same air, read at the start of `now`'s hour (the recording's
    /// offset, UTC+2), so a run against a stub does not find it outdated.
    public static func airQuality(at now: Date) -> String {
        let local = DateFormatter()
        local.locale = Locale(identifier: "en_US_POSIX")
        local.timeZone = TimeZone(secondsFromGMT: 7200)
        local.dateFormat = "yyyy-MM-dd'T'HH:00"
        return airQuality.replacingOccurrences(of: "\"time\": \"2026-10-04T21:00\"", with: "\"time\": \"\(local.string(from: now))\"")
    }

    /// Which "now" the stub's answers describe.
    public enum Timeline: Sendable {
        /// The time of each request: what a run against a live service sees.
        case present
        /// The recordings' own times (Kyiv, 21 Nov 2026 07:15): an answer
        /// far from the clock.
        case recorded
    }

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

    public static func handler(
        geocoding: String = #"{"generationtime_ms":0.1}"#, timeline: Timeline = .present
    ) -> @Sendable (StubHTTPServer.RecordedRequest) -> StubHTTPServer.Reply {
        { request in
            let now: Date? = timeline == .present ? Date() : nil
            if request.path == "/v1/search" { return .json(geocoding) }
            if request.path == "/v1/air-quality" { return .json(now.map(airQuality(at:)) ?? airQuality) }
            if request.path == "/alerts/active" { return .json(noNWSAlerts) }
            if request.path == "/weatherapi/metalerts/2.0/current.json" { return .json(noMetAlerts) }
            if request.path.hasPrefix("/api/v1/warnings/feeds-") { return .json(noMeteoAlarmWarnings) }
            if request.query["minutely_15"] != nil { return .json(nowcastJSON(rain: [0, 0, 0.4, 0.6, 0.3, 0, 0, 0, 0])) }
            let latitudes = (request.query["latitude"] ?? "").split(separator: ",").map(String.init)
            let longitudes = (request.query["longitude"] ?? "").split(separator: ",").map(String.init)
            if latitudes.count > 1 { return .json(array(latitudes: latitudes, longitudes: longitudes, at: now)) }
            return .json(json(at: now))
        }
    }
}
