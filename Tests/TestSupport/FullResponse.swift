public import Foundation

/// A complete forecast (every variable forecastly asks for), in the exact
/// shape Open-Meteo sends, for presentation tests. Kyiv, 21 Nov 2026 07:15
/// as recorded; `at:` moves the same answer by whole hours so that its
/// "now" is the given time (a run against a stub must not look outdated),
/// keeping every local clock time and value.
///
/// Derived, not recorded (Tests/Fixtures/open-meteo/SOURCES.md): the layout
/// of a recorded answer with `past_hours=27` and `past_days=1`, so the hours
/// start 27 hours before the current one and the days with yesterday. The
/// pressure falls 0.6 hPa an hour (a falling trend); yesterday at this hour
/// was -4.0 °C and its high 0.4 °C (now -1.4 °C, today's high 1.2 °C).
public enum FullResponse {
    /// The recorded answer's "now": 2026-11-21T07:15 in Kyiv (UTC+2).
    public static let recordedNow = Date(timeIntervalSince1970: 1_795_238_100)

    /// The answer as recorded, or moved to `now`; `units: "imperial"` is
    /// the same weather as Open-Meteo sends it when asked in °F, mph and
    /// inches (forecastly asks in metric; this checks it reads either).
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
        func f(_ c: Double) -> String { String(imperial ? (c * 9 / 5 + 32) : c) }
        func speed(_ kmh: Double) -> String { String(imperial ? kmh / 1.609344 : kmh) }
        func amount(_ mm: Double) -> String { String(imperial ? mm / 25.4 : mm) }
        var series: [String: [String]] = [:]
        for hour in -27..<48 {
            let clock = ((hour + 7) % 24 + 24) % 24
            let celsius = hour < 0 ? -4.0 - Double(-hour % 4) : 2.0 + Double((hour * 7) % 9) - 3.5
            let values: [(String, String)] = [
                ("time", localTime(firstHour.addingTimeInterval(TimeInterval(hour * 3600)))),
                ("temperature_2m", f(celsius)),
                ("precipitation_probability", String(((hour * 13) % 100 + 100) % 100)),
                ("precipitation", hour % 5 == 0 ? amount(0.3) : "0.00"),
                ("weather_code", String([3, 61, 2, 45, 71, 0, 80, 95][(hour % 8 + 8) % 8])),
                ("is_day", (7...15).contains(clock) ? "1" : "0"),
                ("wind_speed_10m", speed(Double(5 + (hour % 20 + 20) % 20))),
                ("wind_direction_10m", String(((hour * 37) % 360 + 360) % 360)),
                ("pressure_msl", String(((1012.3 - 0.6 * Double(hour)) * 10).rounded() / 10)),
                ("dew_point_2m", f(celsius - 2.5)),
                ("cloud_cover", String(((hour * 29) % 101 + 101) % 101)),
                ("visibility", String(2400 + ((hour % 6 + 6) % 6) * 4000)),
            ]
            for (name, value) in values { series[name, default: []].append(value) }
        }
        func list(_ values: [String]) -> String { "[" + values.joined(separator: ",") + "]" }
        let hourlyNames = ["time", "temperature_2m", "precipitation_probability", "precipitation", "weather_code", "is_day",
                           "wind_speed_10m", "wind_direction_10m", "pressure_msl", "dew_point_2m", "cloud_cover", "visibility"]
        let hourly = hourlyNames.map { "\"\($0)\":\(list(series[$0] ?? []))" }.joined(separator: ",")
        // Yesterday first (`past_days=1`), then seven days from today.
        let days = (-1..<7).map { "\"\(day($0))\"" }
        let sunrises = ["07:10", "07:12", "07:14", "07:15", "07:17", "07:18", "07:20", "07:21"].enumerated().map { "\"\(day($0 - 1))T\($1)\"" }
        let sunsets = ["16:05", "16:04", "16:03", "16:02", "16:01", "16:00", "15:59", "15:58"].enumerated().map { "\"\(day($0 - 1))T\($1)\"" }
        let maxima = [0.4, 1.2, 3.4, 5.0, 2.2, -0.4, 7.9, 4.4].map(f)
        let minima = [-5.2, -3.1, -1.0, 0.6, 0, -6.5, 1.1, 0.0].enumerated().map { $0 == 4 ? "null" : f($1) }
        let sums = [0.0, 1.2, 0.0, 4.6, 0, 0.0, 12.3, 0.1].enumerated().map { $0 == 4 ? "null" : amount($1) }
        let winds = [18.0, 22.3, 15.0, 30.1, 0, 8.2, 41.7, 12.0].enumerated().map { $0 == 4 ? "null" : speed($1) }
        return """
        {"latitude":50.45,"longitude":30.5,"generationtime_ms":0.4,"utc_offset_seconds":\(offset),"timezone":"Europe/Kyiv","timezone_abbreviation":"GMT+2","elevation":169.0,
        "current_units":{"time":"iso8601","interval":"seconds","temperature_2m":"\(t)","apparent_temperature":"\(t)","relative_humidity_2m":"%","precipitation":"\(p)","weather_code":"wmo code","is_day":"","wind_speed_10m":"\(w)","wind_direction_10m":"°","wind_gusts_10m":"\(w)","pressure_msl":"hPa","dew_point_2m":"\(t)","cloud_cover":"%","visibility":"m"},
        "current":{"time":\(localTime(current)),"interval":900,"temperature_2m":\(f(-1.4)),"apparent_temperature":\(f(-5.8)),"relative_humidity_2m":87,"precipitation":0.00,"weather_code":71,"is_day":1,"wind_speed_10m":\(speed(14.6)),"wind_direction_10m":315,"wind_gusts_10m":\(speed(31.0)),"pressure_msl":1012.3,"dew_point_2m":\(f(-3.2)),"cloud_cover":100,"visibility":2400.0},
        "hourly_units":{"time":"iso8601","temperature_2m":"\(t)","precipitation_probability":"%","precipitation":"\(p)","weather_code":"wmo code","is_day":"","wind_speed_10m":"\(w)","wind_direction_10m":"°","pressure_msl":"hPa","dew_point_2m":"\(t)","cloud_cover":"%","visibility":"m"},
        "hourly":{\(hourly)},
        "daily_units":{"time":"iso8601","weather_code":"wmo code","temperature_2m_max":"\(t)","temperature_2m_min":"\(t)","precipitation_sum":"\(p)","precipitation_probability_max":"%","wind_speed_10m_max":"\(w)","sunrise":"iso8601","sunset":"iso8601","uv_index_max":""},
        "daily":{"time":\(list(days)),"weather_code":[3,71,3,61,null,0,95,2],"temperature_2m_max":\(list(maxima)),"temperature_2m_min":\(list(minima)),"precipitation_sum":\(list(sums)),"precipitation_probability_max":[40,80,10,95,null,0,100,20],"wind_speed_10m_max":\(list(winds)),
         "sunrise":\(list(sunrises)),
         "sunset":\(list(sunsets)),
         "uv_index_max":[0.8,0.85,0.9,0.7,null,1.1,0.4,0.8]}}
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
