import Benchmark
import ForecastCore
import ForecastPresentation
import ForecastProviders
import ForecastlyBase
import Foundation
import NetworkTransport

/// Decoding a 16-day response with every hourly and daily variable
/// forecastly asks for (384 hours), the largest forecast it ever reads.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident], maxDuration: .seconds(5))

    let request = try! ForecastRequest(coordinate: try! Coordinate(latitude: 50.45, longitude: 30.52), days: 16)
    let response = HTTPResponse(status: 200, body: Array(SixteenDayResponse.json.utf8))

    Benchmark("Decode 16-day hourly+daily response (\(response.body.count / 1024) KiB)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try OpenMeteoService.forecast(from: response, for: request))
        }
    }

    // Each other provider's largest recorded answer, read and turned into
    // days in the place's calendar (the fixtures of the test suite).
    let london = try! ForecastRequest(coordinate: try! Coordinate(latitude: 51.5, longitude: -0.1), days: 9)
    let met = HTTPResponse(status: 200, body: RecordedAnswer.body("met-norway/complete_london_2020-07-20_wrapped-with-headers.json"))
    let zone = TimeZone(identifier: "Europe/London")!
    Benchmark("Decode MET Norway complete, London (\(met.body.count / 1024) KiB)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try MetNorwayService.interpret(met, for: london, conditional: false, timeZone: zone))
        }
    }

    let current = HTTPResponse(status: 200, body: RecordedAnswer.celsius(fromKelvin: "openweather/weather_2.5_london_standard_2020-04-28.json"))
    let fiveDays = HTTPResponse(status: 200, body: RecordedAnswer.celsius(fromKelvin: "openweather/forecast_2.5_london_standard_2025-03-20.json"))
    Benchmark("Decode OpenWeather current + 5 day / 3 hour (\((current.body.count + fiveDays.body.count) / 1024) KiB)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try OpenWeatherService.forecast(current: current, fiveDays: fiveDays, for: london, timeZone: zone))
        }
    }

    let oneCall = HTTPResponse(status: 200, body: RecordedAnswer.celsius(fromKelvin: "openweather/onecall_3.0_greenwich_standard_2024-10-25.json"))
    Benchmark("Decode OpenWeather One Call 3.0 (\(oneCall.body.count / 1024) KiB)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try OpenWeatherService.forecast(oneCall: oneCall, for: london, timeZone: zone))
        }
    }

    let forecast = try! OpenMeteoService.forecast(from: response, for: request)
    Benchmark("Render the human report") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(ForecastReport(forecast: forecast, placeName: nil, hours: 48, style: .plain, source: .openMeteo).render())
        }
    }
}

/// Open-Meteo's layout, filled with plausible values.
enum SixteenDayResponse {
    static let json: String = {
        let hours = 16 * 24
        func series(_ value: (Int) -> String) -> String { "[" + (0..<hours).map(value).joined(separator: ",") + "]" }
        func daily(_ value: (Int) -> String) -> String { "[" + (0..<16).map(value).joined(separator: ",") + "]" }
        func stamp(_ hour: Int) -> String {
            let day = 1 + hour / 24, clock = hour % 24
            return "\"2026-12-\(day < 10 ? "0" : "")\(day)T\(clock < 10 ? "0" : "")\(clock):00\""
        }
        func date(_ day: Int) -> String { "\"2026-12-\(day < 9 ? "0" : "")\(day + 1)\"" }
        return """
        {"latitude":50.45,"longitude":30.5,"generationtime_ms":1.2,"utc_offset_seconds":7200,"timezone":"Europe/Kyiv","timezone_abbreviation":"GMT+2","elevation":169.0,\
        "current_units":{"time":"iso8601","interval":"seconds","temperature_2m":"°C"},\
        "current":{"time":"2026-12-01T09:15","interval":900,"temperature_2m":-2.5,"apparent_temperature":-6.1,"relative_humidity_2m":90,"precipitation":0.1,"weather_code":71,"is_day":1,"wind_speed_10m":12.2,"wind_direction_10m":290,"wind_gusts_10m":25.9},\
        "hourly_units":{"time":"iso8601","temperature_2m":"°C","precipitation":"mm","wind_speed_10m":"km/h"},\
        "hourly":{"time":\(series(stamp)),"temperature_2m":\(series { String(Double($0 % 17) - 8.5) }),\
        "precipitation_probability":\(series { String($0 % 101) }),"precipitation":\(series { String(Double($0 % 7) / 10) }),\
        "weather_code":\(series { String([0, 3, 61, 71][$0 % 4]) }),"is_day":\(series { String(($0 % 24) / 8 == 1 ? 1 : 0) }),\
        "wind_speed_10m":\(series { String(Double($0 % 30) + 0.4) }),"wind_direction_10m":\(series { String(($0 * 17) % 360) })},\
        "daily_units":{"time":"iso8601","temperature_2m_max":"°C"},\
        "daily":{"time":\(daily(date)),"weather_code":\(daily { String([3, 71][$0 % 2]) }),\
        "temperature_2m_max":\(daily { String(Double($0) / 3) }),"temperature_2m_min":\(daily { String(Double(-$0) / 2) }),\
        "precipitation_sum":\(daily { String(Double($0) / 4) }),"precipitation_probability_max":\(daily { String($0 * 6) }),\
        "wind_speed_10m_max":\(daily { String(Double(20 + $0)) }),\
        "sunrise":\(daily { "\"2026-12-\($0 < 9 ? "0" : "")\($0 + 1)T07:5\($0 % 10)\"" }),\
        "sunset":\(daily { "\"2026-12-\($0 < 9 ? "0" : "")\($0 + 1)T15:5\($0 % 10)\"" }),\
        "uv_index_max":\(daily { String(Double($0 % 3) / 2) })}}
        """
    }()
}

/// A recorded answer from the test suite's fixtures; MET's files recorded
/// with their headers keep the body in `data`.
enum RecordedAnswer {
    static func body(_ name: String) -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/Fixtures/\(name)")
        let data = try! Data(contentsOf: url)
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let wrapped = object["data"] else {
            return Array(data)
        }
        return Array(try! JSONSerialization.data(withJSONObject: wrapped))
    }

    /// An OpenWeather recording made in standard units (kelvin), as it
    /// answers a metric request: forecastly refuses a kelvin temperature as °C.
    static func celsius(fromKelvin name: String) -> [UInt8] {
        let keys: Set<String> = ["temp", "feels_like", "temp_min", "temp_max", "dew_point", "day", "min", "max", "night", "eve", "morn"]
        func convert(_ value: Any, key: String?) -> Any {
            if let object = value as? [String: Any] { return object.reduce(into: [String: Any]()) { $0[$1.key] = convert($1.value, key: $1.key) } }
            if let array = value as? [Any] { return array.map { convert($0, key: key) } }
            if let number = value as? Double, let key, keys.contains(key) { return number - 273.15 }
            return value
        }
        let object = try! JSONSerialization.jsonObject(with: Data(body(name)))
        return Array(try! JSONSerialization.data(withJSONObject: convert(object, key: nil)))
    }
}
